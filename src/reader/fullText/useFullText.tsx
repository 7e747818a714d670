import { Anchor, Group, Loader, Text } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EngineApi, Item } from '../../engine/contract';
import { useT } from '../../i18n';
import { bindKeys } from '../../keys/keyMap';
import { withEngine } from '../../queries/engine';
import { feedsQuery } from '../../queries/feeds';
import { queryKeys } from '../../queries/keys';
import type { ReaderMenuAction } from '../readerActions';
import { useShortcuts } from '../shortcuts';
import './fullText.css';

/** A cached whole article or the reason there is none, as the engine answers it. */
export type FullTextView = Awaited<ReturnType<EngineApi['fullText']['load']>>;

/** The cached whole article of an item (no fetch); null when never tried. */
export const fullTextQuery = (itemId: number) =>
  queryOptions({
    queryKey: queryKeys.fullText(itemId),
    queryFn: () => withEngine((e) => e.fullText.get(itemId)),
  });

/** The reader's last switch between the whole article and the feed's version. */
type FullTextChoice = { id: number; full: boolean } | null;

/**
 * The last choice, in the query cache rather than in the reader's state: the reader remounts
 * when the window crosses the phone width (another layout), and a failed load's reason must
 * still show there. Never fetched; `setQueryData` writes it.
 */
const choiceQuery = queryOptions<FullTextChoice>({
  queryKey: queryKeys.fullTextChoice,
  queryFn: () => null,
  initialData: null,
  staleTime: Infinity,
});

/** What the reader needs from whole articles. */
export interface FullTextParts {
  /** Entry of the reader's More menu (also the `d` key). */
  action: ReaderMenuAction;
  /** The body to show instead of the feed's, or null for the feed's. */
  body: { html: string; baseUrl: string } | null;
  /** One line above the article: loading, "full article", or why the feed's version is shown. */
  notice: ReactNode;
}

/**
 * Whole articles in the reader. `d` or the menu entry switches between the article fetched from
 * the site and the feed's version; the first switch fetches it (through the engine, which caches
 * it). Articles of feeds with "always load the full article", and articles fetched before, open
 * on the full version. A page that gave no article shows the feed's version and one line saying
 * why, with "Try again".
 */
export function useFullText(item: Item, shortcutsEnabled: boolean): FullTextParts {
  const t = useT();
  const client = useQueryClient();
  const feeds = useQuery(feedsQuery());
  const always = feeds.data?.find((f) => f.id === item.feedId)?.fullText === true;
  const cached = useQuery(fullTextQuery(item.id));
  const record = cached.data ?? null;
  const choice = useQuery(choiceQuery).data;
  const setChoice = (next: FullTextChoice): void => {
    client.setQueryData(choiceQuery.queryKey, next);
  };
  const wantFull = choice?.id === item.id ? choice.full : always || record?.status === 'ok';
  const id = item.id;
  const keep = (got: FullTextView) => client.setQueryData(queryKeys.fullText(got.itemId), got);

  // The full version is wanted and never tried: fetch it once (a failure is then cached, so
  // this query is disabled again and reopening the article does not fetch it again).
  const first = useQuery({
    queryKey: queryKeys.fullTextLoad(id),
    queryFn: async () => {
      const got = await withEngine((e) => e.fullText.load(id));
      keep(got);
      return got;
    },
    enabled: wantFull && cached.isSuccess && record === null,
    retry: false,
    staleTime: Infinity,
  });
  const again = useMutation({
    mutationFn: (itemId: number) => withEngine((e) => e.fullText.load(itemId, { retry: true })),
    onSuccess: keep,
  });
  const mine = again.variables === id;
  const loading = first.isFetching || (mine && again.isPending);
  const engineFailed = first.isError || (mine && again.isError);
  const retry = () => again.mutate(id);

  const toggle = () => setChoice({ id, full: !wantFull });
  useShortcuts(bindKeys('reader', { fullText: toggle }), { enabled: shortcutsEnabled });

  const showingFull = wantFull && record?.status === 'ok';
  const action: ReaderMenuAction = {
    id: 'fulltext',
    label: showingFull ? t('fullText.showFeedVersion') : t('fullText.action'),
    icon: <IconArticle size={15} />,
    hint: 'D',
    active: showingFull,
    disabled: loading,
    onSelect: toggle,
    testId: 'reader-fulltext',
  };

  let notice: ReactNode = null;
  if (wantFull && loading) {
    notice = (
      <Group gap={6} className="rv-fulltext-note" data-testid="fulltext-loading" role="status">
        <Loader size={12} />
        <Text size="xs" c="dimmed">
          {t('fullText.loading')}
        </Text>
      </Group>
    );
  } else if (showingFull) {
    notice = (
      <Text size="xs" c="dimmed" className="rv-fulltext-note" data-testid="fulltext-shown">
        <IconArticle size={12} aria-hidden="true" /> {t('fullText.shownFull')}{' '}
        <Anchor component="button" type="button" size="xs" onClick={toggle} data-testid="fulltext-show-feed">
          {t('fullText.showFeed')}
        </Anchor>
      </Text>
    );
  } else if (wantFull && (record?.status === 'failed' || engineFailed)) {
    const reason = record?.status === 'failed' && record.reason ? record.reason : 'network';
    notice = (
      <Text
        size="xs"
        c="dimmed"
        className="rv-fulltext-note"
        data-testid="fulltext-fallback"
        data-reason={reason}
        role="status"
      >
        {t('fullText.fallback', {
          reason: t(`fullText.reason.${reason}`, { status: String(record?.httpStatus ?? 0) }),
        })}{' '}
        <Anchor component="button" type="button" size="xs" onClick={retry} data-testid="fulltext-retry">
          {t('fullText.retry')}
        </Anchor>
      </Text>
    );
  }

  return {
    action,
    body: showingFull ? { html: record.html, baseUrl: record.url } : null,
    notice,
  };
}
