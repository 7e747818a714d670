import { HiddenActions } from './HiddenActions';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { ItemRow, ItemsQuery, Page } from '../../engine/contract';
import { useT } from '../../i18n';
import { isKeywordFilter, runFilterPage } from '../../items/engineExtras';
import { ItemsView } from '../../items/ItemsView';
import { withEngine } from '../../queries/engine';
import { feedsQuery } from '../../queries/feeds';
import { groupsQuery } from '../../queries/groups';
import { PAGE_SIZE } from '../../queries/items';
import { useSettings } from '../../settings/useSettings';
import { FeedProblemBanner } from '../../subscriptions/FeedProblemBanner';
import { LoadOlder } from '../../sync/LoadOlder';
import { NotFound } from '../NotFound';
import { type ItemsTarget, parseItemsRoute } from './route';
import { queryKeys } from '../../queries/keys';
import { tagsQuery } from '../../tags/api';
import { FilterWarnings } from '../../filters/FilterWarnings';

/**
 * Route `/:type/:id?[/i/:item]`: All, Today (home/explore), Saved (next), a feed, a group, a saved
 * filter, and the article open in it (items/articleAddress.ts; old `?open=<id>` links redirect).
 * Each list gets its own ItemsView (keyed), so nothing of one list leaks into the next.
 */
export function ItemsScreen() {
  const { type, id } = useParams();
  const target = parseItemsRoute(type, id);
  if (!target) return <NotFound what="list" />;
  return (
    <section data-testid="screen-items" style={{ height: '100%' }}>
      {target.scope === 'filter' ? (
        <FilterList key={`filter:${target.filterId}`} filterId={target.filterId} />
      ) : (
        <ScopeList key={`${target.scope}:${'id' in target ? target.id : ''}`} target={target} />
      )}
    </section>
  );
}

function pageFetcher(q: Omit<ItemsQuery, 'cursor' | 'limit'>) {
  const fetchRange = (cursor: string | null, limit: number): Promise<Page<ItemRow>> =>
    withEngine((e) => e.items.page({ ...q, cursor, limit }));
  // The article itself, read or not, if the scope holds it: the one row right after its position.
  const rowInList = (at: { id: number; pubDate: number }): Promise<ItemRow | null> =>
    withEngine((e) => e.items.page({ ...q, unreadOnly: false, cursor: cursorBefore(at), limit: 1 })).then(
      (page) => page.rows.find((r) => r.id === at.id) ?? null,
    );
  return { fetchPage: (cursor: string | null) => fetchRange(cursor, PAGE_SIZE), fetchRange, rowInList };
}

/**
 * A keyset cursor just before (pubDate, id) in newest-first order: lists continue strictly after
 * a cursor, and (pubDate, id + 1) comes right before the article (see worker/db/itemRow.ts).
 */
export function cursorBefore(at: { id: number; pubDate: number }): string {
  return `${at.pubDate}:${at.id + 1}`;
}

function ScopeList({ target }: { target: Exclude<ItemsTarget, { scope: 'filter' }> }) {
  const t = useT();
  const { hideReadArticles } = useSettings().general;
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  const tags = useQuery({ ...tagsQuery(), enabled: target.scope === 'tag' });
  const id = 'id' in target ? target.id : undefined;

  let title: string | undefined;
  if (
    target.scope === 'all' ||
    target.scope === 'today' ||
    target.scope === 'saved' ||
    target.scope === 'hidden'
  )
    title = t(`items.scopes.${target.scope}`);
  else if (target.scope === 'feed') {
    const feed = feeds.data?.find((f) => f.id === target.id);
    if (feeds.isSuccess && !feed) return <NotFound what="feed" />;
    title = feed ? feed.title || feed.url : undefined;
  } else if (target.scope === 'group' && target.id === -1) {
    title = t('items.scopes.ungrouped');
  } else if (target.scope === 'group') {
    const group = groups.data?.find((g) => g.id === target.id);
    if (groups.isSuccess && !group) return <NotFound what="group" />;
    title = group?.title;
  } else if (target.scope === 'tag') {
    const tag = tags.data?.find((x) => x.id === target.id);
    if (tags.isSuccess && !tag) return <NotFound what="tag" />;
    title = tag ? t('tags.listTitle', { name: tag.name }) : undefined;
  }

  // Saved lists every saved article, read or not (saved articles are almost always read); a tag's
  // list likewise (a collection the user made, counted whole in the sidebar); so does Hidden (a
  // rule may have marked them read as it hid them).
  const showsRead = target.scope === 'saved' || target.scope === 'tag' || target.scope === 'hidden';
  const unreadOnly = hideReadArticles && !showsRead;
  const { fetchPage, fetchRange, rowInList } = pageFetcher({ scope: target.scope, id, unreadOnly });
  return (
    <ItemsView
      listKey={queryKeys.itemViews.scope(target.scope, id ?? null, unreadOnly)}
      showsRead={showsRead}
      fetchPage={fetchPage}
      fetchRange={fetchRange}
      title={<DocTitle text={title} />}
      // Hidden has no mark-all or refresh of its own (it is not a source of articles).
      scope={target.scope === 'hidden' ? undefined : { scope: target.scope, id }}
      rowInList={rowInList}
      headerExtra={
        target.scope === 'feed' ? (
          <>
            <FeedProblemBanner feedId={target.id} />
            <LoadOlder feedId={target.id} />
          </>
        ) : target.scope === 'hidden' ? (
          <HiddenActions />
        ) : undefined
      }
    />
  );
}

/**
 * A saved filter lists exactly what its query selects: "Hide read articles" does not add a
 * silent `AND isRead = false` (the query can say so itself), so its header count, the editor's
 * match line and the rows agree.
 */
function FilterList({ filterId }: { filterId: string }) {
  const t = useT();
  const settings = useSettings();
  const filter = settings.automation.filters.find((f) => f.id === filterId);
  if (!filter) return <NotFound what="filter" />;
  const name = filter.name || filter.query || t('items.scopes.filter');
  return (
    <ItemsView
      listKey={queryKeys.itemViews.savedFilter(
        filterId,
        filter.query ?? '',
        JSON.stringify(filter.keywords ?? null),
      )}
      fetchPage={(cursor) => runFilterPage(filter, cursor, false)}
      showsRead
      // Shift+A and the header's mark all read: the filter's unread matches.
      markAllFilter={
        isKeywordFilter(filter) && filter.keywords
          ? { keywords: filter.keywords }
          : { query: filter.query ?? '' }
      }
      title={<DocTitle text={name} />}
      headerExtra={
        !isKeywordFilter(filter) && filter.query ? <FilterWarnings query={filter.query} /> : undefined
      }
      ranked={isKeywordFilter(filter)}
      emptyState={<FilterEmpty />}
    />
  );
}

function FilterEmpty() {
  const t = useT();
  return (
    <Alert m="lg" variant="light" color="gray" data-testid="filter-empty">
      {t('items.filterEmpty')}
    </Alert>
  );
}

/** The title text, also set as the document title. */
function DocTitle({ text }: { text: string | undefined }) {
  useEffect(() => {
    document.title = text ? `${text} · Rivulet` : 'Rivulet';
  }, [text]);
  return <>{text ?? '…'}</>;
}
