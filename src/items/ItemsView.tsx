import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type JSX, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ListSummaryBar } from '../ai/ListSummary';
import { useListPlace } from './listPlace';
import { useArticleAddress } from './articleAddress';
import { EngineError } from '../components/EngineError';
import type { ItemRow, Page } from '../engine/contract';
import { t, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { useShortcuts } from '../reader/shortcuts';
import { FLAG_READ } from '../../shared/flags';
import { useNow } from '../components/useNow';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import { ColumnSplit } from './ColumnSplit';
import { PullToRefresh } from './PullToRefresh';
import { useNextFeed } from './useNextFeed';
import { useRowSelection } from './rowSelection';
import { useSelectionEntry } from './selectionEntry';
import { useFocusListOnClose } from './focusOnClose';
import { useOverlayFocus } from './overlayFocus';
import { AllRead, EndOfList, FetchFailed, isFailing, NothingHere } from './EmptyStates';
import { ItemMenu, menuBeside, type MenuAt, openOriginal } from './ItemMenu';
import { ItemsHeader } from './ItemsHeader';
import { listKeymap } from './keymap';
import { openTagPicker } from '../tags/pickerStore';
import { useSendFirst } from '../sendTo/useSendToActions';
import { useMarkAllRead } from './useMarkAllRead';
import type { FilterSource } from './markAllRead';
import { markMenuKeymap } from './markMenuKeys';
import { ReaderPane, usePrefetchNeighbours } from './ReaderPane';
import { useItemsData } from './useItemsData';
import { useLanguageOf } from './articleLanguage';
import { useListActions } from './useListActions';
import { ArticleMissing, useOpenArticle } from './openArticle';
import { useOpenRequest } from './useOpenRequest';
import { isKeptUnread, useKeptUnread } from './keptUnread';
import { usePreviewGuard } from './usePreviewGuard';
import { useListCounts } from './useListCounts';
import { useScopeRefresh } from './useScopeRefresh';
import { nextView, resolveView } from './views';
import { rowElementId, type ScrollRequest, VirtualList } from './VirtualList';
import classes from './ItemsView.module.css';
import { ListLoading } from './ListLoading';
import { onUndone } from '../undo/undoStore';
import type { ItemViewKey } from '../queries/keys';

export interface ItemsViewProps {
  /** The list's query key, one of `queryKeys.itemViews` (src/queries/keys.ts). */
  listKey: ItemViewKey;
  /** One page after `cursor` (null: the first page). Should honour `hideReadArticles`. */
  fetchPage: (cursor: string | null) => Promise<Page<ItemRow>>;
  title: React.ReactNode;
  /** E.g. a query editor or a banner above the list. */
  headerExtra?: React.ReactNode;
  /** Enables mark-all-read and refresh for real scopes. */
  scope?: { scope: 'all' | 'feed' | 'group' | 'saved' | 'today' | 'tag'; id?: number };
  /** Search/related: keep the given order, hide date grouping. */
  ranked?: boolean;
  emptyState?: React.ReactNode;
  /** Optional: `limit` rows at once (≤ 500), so jumps in long lists catch up in fewer calls. */
  fetchRange?: (cursor: string | null, limit: number) => Promise<Page<ItemRow>>;
  /**
   * The row of an article in this list regardless of only-unread, or null when the list does not
   * hold it: the read article an address opens then stays on screen (see openArticle.ts).
   */
  rowInList?: (at: { id: number; pubDate: number }) => Promise<ItemRow | null>;
  /**
   * The list shows read articles whatever "Hide read articles" says (Saved, filters: a list that
   * means what it says). Its fetchPage must then not filter unread either.
   */
  showsRead?: boolean;
  /** No count in the header: the list is a placeholder (the filter screen before a query runs). */
  noCount?: boolean;
  /** Mark all read for a list without a scope (a filter's results): that filter's unread results. */
  markAllFilter?: FilterSource;
}

/**
 * The standard items list: header (title, count, refresh, mark all read, view menu), the
 * virtualised list in the chosen view, the reader (right pane in column view, over the list
 * otherwise), the row menu, keyboard handling, and empty/end states. Reads and writes the
 * general settings (defaultView, hideReadArticles, autoRead, enableListAISummary).
 */
export function ItemsView(props: ItemsViewProps): JSX.Element {
  const { scope, ranked = false } = props;
  useT(); // re-render on a language change (texts below use `t`)
  const general = useSettingsGroup('general');
  const onlyUnread = general.hideReadArticles;
  // Whether this very list hides read articles (the header then says so with both counts).
  const alwaysShowsRead = ranked || !!props.showsRead;
  const hidesRead = onlyUnread && !alwaysShowsRead;
  const narrow = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const now = useNow();
  const feeds = useQuery(feedsQuery());
  const feedTitles = useMemo(() => new Map((feeds.data ?? []).map((f) => [f.id, f.title])), [feeds.data]);
  const feedTitle = useCallback((id: number) => feedTitles.get(id) || t('items.unknownFeed'), [feedTitles]);
  const languageOf = useLanguageOf(feeds.data);

  const keyText = JSON.stringify(props.listKey);
  const data = useItemsData({
    listKey: props.listKey,
    fetchPage: props.fetchPage,
    fetchRange: props.fetchRange,
    ranked,
    // Ranked lists (search, related) answer a question: a read article is still an answer.
    // Lists whose source can filter unread (feeds, filters) do so through fetchPage.
    onlyUnread: hidesRead,
  });
  const actions = useListActions(data, general.markReadOnScroll, keyText);
  const { label: countLabel, scopeTotal, unread: scopeUnread } = useListCounts(scope, data.total, hidesRead);
  const { refresh, refreshing } = useScopeRefresh(scope);

  // "auto" decides once per list, from its first page, so the view never flips mid-scroll.
  const [sample, setSample] = useState<{ key: string; rows: ItemRow[] } | null>(null);
  if (data.rows.length > 0 && sample?.key !== keyText)
    setSample({ key: keyText, rows: data.rows.slice(0, 50) });
  const view = resolveView(
    general.defaultView,
    sample?.key === keyText ? sample.rows : data.rows.slice(0, 50),
    narrow,
  );

  const [selected, setSelected] = useRowSelection(data.rows);
  // The page's title names the list for assistive technology (the rows' listbox).
  const titleId = useId();
  const rowsId = useId();
  // The open article lives in the address (articleAddress.ts): Back closes, Forward reopens.
  const address = useArticleAddress();
  const missing = useOpenArticle(address, data, hidesRead, props.rowInList);
  const openId = missing ? null : address.openId;
  const [menuAt, setMenuAt] = useState<MenuAt | null>(null);
  const [scrollReq, setScrollReq] = useState<ScrollRequest | null>(null);
  // `focus`: a move with the keyboard, which puts the focus on the list's rows (VirtualList.tsx).
  const scrollToItem = (index: number, focus = false) =>
    setScrollReq((r) => ({ index, seq: (r?.seq ?? 0) + 1, focus }));
  // The selection is kept with the history entry: a reload, Back or Forward comes back to it.
  useSelectionEntry(data.rows[selected], address.openId, data, hidesRead, props.rowInList, (index) => {
    setSelected(index);
    scrollToItem(index);
  });
  const previewOpen = usePreviewGuard();
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const overlayRef = useRef<HTMLDivElement | null>(null);

  // An undo puts rows back (flags, rows hidden once read, deleted articles): the list refetches
  // in place, so a scroll-marking undo far down a list keeps the reader where they were.
  const { refresh: refetchInPlace } = data;
  useEffect(() => onUndone(() => refetchInPlace()), [refetchInPlace]);

  const openIndex = useMemo(
    () => (openId === null ? -1 : data.rows.findIndex((r) => r.id === openId)),
    [data.rows, openId],
  );
  // A new layout mounts a new list: it starts where the last one was (listPlace.ts).
  const onRange = useListPlace(keyText, view, openIndex, actions.onRange, setScrollReq);

  // Selects, scrolls to and (with autoRead) marks a row read, as opening it does.
  const revealAt = (index: number) => {
    const row = data.rows[index];
    if (!row) return;
    setSelected(index);
    scrollToItem(index);
    // Not the open article the person marked unread by hand (a reload opens it again).
    if (general.autoRead && (row.flags & FLAG_READ) === 0 && !isKeptUnread(row.id)) actions.markRead(row);
  };
  const toggleRead = useKeptUnread(openId, actions.toggleRead);
  // From the list (reader closed) a new history entry; while reading, the same entry. The row is
  // selected at once, not when the new address renders (useOpenRequest): a Back straight after
  // j replaces that render, and the list would come back with the previous article selected.
  // The router's updates are transitions, so until the new address renders the old one stands:
  // a step pressed meanwhile steps on from the article last asked for (address.pending), or three
  // quick j on a slow page moved one article.
  const openAt = (index: number) => {
    const row = data.rows[index];
    if (!row) return;
    setMenuAt(null);
    if (row.id === openId && !address.pending()) {
      revealAt(index);
      return;
    }
    setSelected(index);
    address.open(row.id, openId === null ? 'push' : 'replace');
  };
  useOpenRequest(openId, data.rows, revealAt);
  const step = (delta: 1 | -1) => {
    const pendingId = address.pending()?.id ?? null;
    const pending = pendingId === null ? -1 : data.rows.findIndex((r) => r.id === pendingId);
    const at = pending >= 0 ? pending : openIndex === -1 ? selected : openIndex;
    data.want(at + delta + 5);
    openAt(at + delta);
  };
  const move = (delta: 1 | -1) => {
    const at = Math.min(Math.max(selected + delta, 0), data.rows.length - 1);
    if (at < 0) return;
    setSelected(at);
    data.want(at + 10);
    scrollToItem(at, true);
  };

  const {
    canMarkAll,
    menuOpen: markMenuOpen,
    setMenuOpen: setMarkMenuOpen,
    markAll,
  } = useMarkAllRead(
    {
      scope,
      focusList: () => scrollToItem(selected, true),
      filter: props.markAllFilter,
    },
    // The selection stays on its article (rowSelection.ts): the place is kept for reading on,
    // and for the undo.
    () => {
      address.close();
      actions.resetSeen();
      data.reload();
    },
  );

  const selectedRow = data.rows[selected];
  const sendFirst = useSendFirst();
  const readerOpen = openId !== null;
  // Opened from the list, its address not rendered yet (the router's transition on a slow page).
  const readerComing = !readerOpen && address.pending()?.id != null;
  // While the mark-all menu is open its keys replace the list's (see markMenuKeys.ts).
  const keymap = markMenuOpen
    ? markMenuKeymap(
        (age) => void markAll(age),
        () => setMarkMenuOpen(false),
      )
    : listKeymap(
        {
          move,
          open: () => selected >= 0 && openAt(selected),
          toggleRead: () => selectedRow && toggleRead(selectedRow),
          toggleSaved: () => selectedRow && actions.toggleSaved(selectedRow),
          openOriginal: () => selectedRow && openOriginal(selectedRow.link),
          tags: () => selectedRow && openTagPicker([selectedRow]),
          sendTo: () => selectedRow && sendFirst(selectedRow),
          menu: () => {
            // Below the selected row's title (on screen: j and k bring it there).
            const el = selectedRow && document.getElementById(rowElementId(rowsId, selectedRow.id));
            if (el) setMenuAt(menuBeside(el, selectedRow, selected));
          },
          cycleView: () => updateSettings('general', { defaultView: nextView(general.defaultView) }),
          markAllRead: () => setMarkMenuOpen(true),
          toggleOnlyUnread: () =>
            alwaysShowsRead
              ? notifications.show({ message: t('items.header.alwaysShowsRead') })
              : updateSettings('general', { hideReadArticles: !onlyUnread }),
          step,
          close: address.close,
          coming: () => openId === null && address.pending()?.id != null,
        },
        { readerOpen, canMarkAll, readerComing },
      );
  // The mark-all menu's own keys work while it is open (other maps stand back: shortcuts.ts).
  useShortcuts(keymap, { enabled: !previewOpen && menuAt === null, overlay: markMenuOpen });

  const nextFeed = useNextFeed(scope);
  const openRow = openIndex >= 0 ? data.rows[openIndex] : undefined;
  const nextRow = openIndex >= 0 ? data.rows[openIndex + 1] : undefined;
  usePrefetchNeighbours(openIndex > 0 ? data.rows[openIndex - 1]?.id : undefined, nextRow?.id);
  const reader = openId !== null && (
    <ReaderPane
      key={openId}
      id={openId}
      feedTitle={feedTitle}
      languageOf={languageOf}
      onToggleRead={() => openRow && toggleRead(openRow)}
      onToggleSaved={() => openRow && actions.toggleSaved(openRow)}
      onPrev={openIndex > 0 ? () => step(-1) : undefined}
      onNext={openIndex >= 0 && openIndex < data.count - 1 ? () => step(1) : undefined}
      nextTitle={nextRow?.title}
      nextLanguage={nextRow && languageOf(nextRow)}
      nextFeed={nextFeed}
      onClose={address.close}
      shortcutsEnabled={menuAt === null && !markMenuOpen && !previewOpen}
    />
  );

  const scopeFeed = scope?.scope === 'feed' ? feeds.data?.find((f) => f.id === scope.id) : undefined;
  const showRead = () => updateSettings('general', { hideReadArticles: false });
  let body: ReactNode;
  if (data.isPending) body = <ListLoading />;
  else if (data.error) body = <EngineError error={data.error} onRetry={data.reload} />;
  else if (data.rows.length === 0 && !data.hasMore)
    body =
      props.emptyState ??
      (scopeFeed && isFailing(scopeFeed) ? (
        <FetchFailed hiddenRead={hidesRead ? scopeTotal : null} onShowRead={showRead} />
      ) : hidesRead && scopeTotal === null ? (
        <ListLoading />
      ) : hidesRead && scopeTotal ? (
        <AllRead nextFeed={nextFeed} hiddenRead={scopeTotal} onShowRead={showRead} />
      ) : (
        <NothingHere
          saved={scope?.scope === 'saved'}
          today={scope?.scope === 'today'}
          hasFeeds={(feeds.data?.length ?? 0) > 0}
        />
      ));
  else
    body = (
      <VirtualList
        key={view}
        scrollTo={scrollReq}
        data={data}
        view={view}
        feedTitle={feedTitle}
        languageOf={languageOf}
        now={now}
        selected={selected}
        activeId={openId}
        onOpen={openAt}
        onMenu={(index, x, y) => {
          const row = data.rows[index];
          if (row) setMenuAt({ row, index, x, y });
        }}
        onToggleRead={toggleRead}
        onToggleSaved={actions.toggleSaved}
        onRange={onRange}
        labelledBy={titleId}
        idPrefix={rowsId}
        footer={<EndOfList nextFeed={nextFeed} unread={scopeUnread} />}
      />
    );

  const column = view === 'column';
  useOverlayFocus(!column && readerOpen, rootRef, overlayRef);
  useFocusListOnClose(openId, bodyRef, () => scrollToItem(selected, true));
  // A menu may be for another row than the selected one: the list keeps its place.
  useFocusListOnClose(menuAt, bodyRef, () => scrollToItem(-1, true), '[role="menu"]');
  return (
    <div
      ref={rootRef}
      className={classes.root}
      data-testid="items-view"
      data-view={view}
      data-narrow={narrow || undefined}
    >
      <ItemsHeader
        title={props.title}
        titleId={titleId}
        countLabel={props.noCount ? undefined : countLabel}
        scoped={!!scope}
        canMarkAll={canMarkAll}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
        markMenuOpen={markMenuOpen}
        setMarkMenuOpen={setMarkMenuOpen}
        onMarkAll={(age) => void markAll(age)}
        view={general.defaultView}
        onView={(v) => updateSettings('general', { defaultView: v })}
        onlyUnread={onlyUnread}
        alwaysShowsRead={alwaysShowsRead}
        onToggleOnlyUnread={() => updateSettings('general', { hideReadArticles: !onlyUnread })}
        aiSummary={general.enableListAISummary}
        onToggleAi={() => updateSettings('general', { enableListAISummary: !general.enableListAISummary })}
      />
      {props.headerExtra && <div className={classes.extra}>{props.headerExtra}</div>}
      {missing && <ArticleMissing what={missing} onDismiss={address.close} />}
      {general.enableListAISummary && <ListSummaryBar />}
      <div className={classes.body} data-view={view} ref={bodyRef}>
        <PullToRefresh area={bodyRef} onRefresh={refresh} enabled={!!scope && (column || !readerOpen)} />
        <ColumnSplit column={column} reader={reader} hasReader={readerOpen}>
          {data.stale && (
            <Button
              size="xs"
              radius="xl"
              className={classes.stalePill}
              onClick={data.reload}
              data-testid="items-new"
            >
              {t('items.newArticles')}
            </Button>
          )}
          {body}
        </ColumnSplit>
      </div>
      {!column && readerOpen && (
        <div ref={overlayRef} className={classes.overlay} data-testid="reader-overlay" tabIndex={-1}>
          {reader}
        </div>
      )}
      <ItemMenu
        at={menuAt}
        onClose={() => setMenuAt(null)}
        onOpen={openAt}
        onToggleRead={toggleRead}
        onToggleSaved={actions.toggleSaved}
        onMarkAbove={actions.markAbove}
      />
    </div>
  );
}
