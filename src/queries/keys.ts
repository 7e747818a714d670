import type { ItemsScope } from '../engine/contract';

/**
 * Every query key of the app, in one place, each named for what it holds. Which engine events
 * make which of them stale is decided in one place too: `invalidationsFor` in
 * src/engine/events.ts, which invalidates by the `…All` prefixes below. A lint rule
 * (eslint.config.js) refuses array literals as `queryKey` anywhere else.
 *
 * Lists of items (engine pages, filter and search results) share the `['items']` prefix; single
 * items live under `['item', id]`; the list screens' own views (with their local read state)
 * under `['items-view', …]`.
 */
export const queryKeys = {
  /** Global counts and unread-by-feed. */
  counts: ['counts'] as const,
  groups: ['groups'] as const,
  feeds: ['feeds'] as const,

  itemsAll: ['items'] as const,
  items: (scope: ItemsScope, id: number | null, unreadOnly: boolean) =>
    ['items', scope, id, unreadOnly] as const,
  /** Number of items in a list, read or not. */
  scopeTotal: (scope: ItemsScope, id: number | null) => ['items', scope, id, 'total'] as const,
  /** Number of unread items in a list. */
  unreadTotal: (scope: ItemsScope, id: number | null) => ['items', scope, id, 'unread-total'] as const,
  /** Live validity and total of the text in the filter editor. */
  filterCheck: (text: string) => ['items', 'filter-check', text] as const,
  /** Related articles and likely duplicates of one article. */
  related: (itemId: number) => ['items', 'related', itemId] as const,
  /** Whether any article is hidden by a rule (the sidebar's Hidden entry). */
  hiddenAny: ['items', 'hidden', 'any'] as const,
  /** Instant suggestions in the search palette. */
  searchSuggest: (text: string) => ['items', 'search-suggest', text] as const,

  itemAll: ['item'] as const,
  item: (id: number) => ['item', id] as const,

  /**
   * The rows a list screen shows (src/items/useItemsData.ts). New or removed items refetch a
   * view of at most `AUTO_REFETCH_PAGES` pages and only mark a longer one stale (its screen
   * offers Reload); read and saved changes patch its loaded rows in place.
   */
  itemViewsAll: ['items-view'] as const,
  itemViews: {
    scope: (scope: ItemsScope, id: number | null, unreadOnly: boolean) =>
      ['items-view', 'scope', scope, id, unreadOnly] as const,
    savedFilter: (filterId: string, query: string, keywords: string) =>
      ['items-view', 'filter', filterId, query, keywords] as const,
    filterQuery: (text: string, unreadOnly: boolean) =>
      ['items-view', 'filter-screen', 'query', text, unreadOnly] as const,
    filterKeywords: (keywords: readonly unknown[], unreadOnly: boolean) =>
      ['items-view', 'filter-screen', 'keywords', keywords, unreadOnly] as const,
    filterNone: ['items-view', 'filter-screen', 'none'] as const,
    related: (itemId: number) => ['items-view', 'related', itemId] as const,
    search: (text: string) => ['items-view', 'search', text] as const,
    assistant: (question: string, ids: string) => ['items-view', 'assistant', question, ids] as const,
  },

  /** Total/unread of every saved query filter, for the sidebar. */
  filterCountsAll: ['filter-counts'] as const,
  filterCounts: (filters: readonly { id: string; query: string }[]) => ['filter-counts', filters] as const,
  /** Priority score by feed id. */
  feedScores: ['feed-scores'] as const,
  /** Stored item totals by feed id (the feed table). */
  feedItemTotalsAll: ['feed-item-totals'] as const,
  feedItemTotals: (feedIds: string) => ['feed-item-totals', feedIds] as const,
  /** Feed icons (data URLs). */
  iconsAll: ['icons'] as const,
  icons: (feedIds: string) => ['icons', feedIds] as const,
  /** Welcome: articles per local day. */
  dailyAll: ['daily'] as const,
  daily: (days: number) => ['daily', days] as const,
  /** Welcome: the last opened article and where to continue reading. */
  continueReadingAll: ['continue-reading'] as const,
  continueReading: (lastOpened: number | null) => ['continue-reading', lastOpened] as const,
  /** How many articles the retention policy would remove now. */
  retentionPreviewAll: ['retention-preview'] as const,
  retentionPreview: (days: number) => ['retention-preview', days] as const,
  /** The retention policy the engine applies after refreshes. */
  retentionPolicy: ['retention-policy'] as const,

  /** Rules (actions of saved filters): the list, a rule's run log, a draft's 30-day preview. */
  rulesAll: ['rules'] as const,
  rulesList: ['rules', 'list'] as const,
  ruleLog: (ruleId: string) => ['rules', 'log', ruleId] as const,
  rulePreview: (input: unknown) => ['rules', 'preview', input] as const,

  /** The sync account's status (login screen, account panel, sidebar). */
  syncStatus: ['sync', 'status'] as const,
  /** The send-to targets (Settings → Integrations, the reader's Send to entries). */
  sendTargets: ['sendTo', 'targets'] as const,

  /** Highlights and notes (the reader's, the Highlights screen's). */
  highlightsAll: ['highlights'] as const,
  highlightsOf: (itemId: number) => ['highlights', 'item', itemId] as const,
  highlightsList: (search: string) => ['highlights', 'list', search] as const,

  /** Not engine data: the browser's storage estimate. */
  storageEstimate: ['storage-estimate'] as const,
  /** Not engine data: the companion server's shared AI status. */
  aiStatus: ['ai-status'] as const,
  /** Not engine data: a feed fetched and parsed for the subscribe screen (not stored). */
  subscribePreview: (url: string) => ['subscribe-preview', url] as const,
  /** Not engine data: the share link of a bundle. */
  bundleLink: (bundle: string) => ['bundle-link', bundle] as const,

  /** The tags with their counts (sidebar, tag picker, palette). */
  tags: ['tags'] as const,

  /** An article's cached whole text (worker/fulltext), see src/reader/fullText/. */
  fullTextAll: ['fulltext'] as const,
  fullText: (id: number) => ['fulltext', id] as const,
  /** Count and size of the cached whole articles (Settings → Download → Storage). */
  fullTextStats: ['fulltext', 'stats'] as const,
  /** The one fetch of an article's whole text that has never been tried (useFullText). */
  fullTextLoad: (id: number) => ['fulltext', id, 'load'] as const,
  /**
   * Not engine data: the reader's last whole-article choice (article id, full or feed version),
   * kept here so it outlives the reader's remount when the window crosses the phone width.
   */
  fullTextChoice: ['reader-fulltext-choice'] as const,
};

/** A key of a list screen's view (see `queryKeys.itemViews`). */
export type ItemViewKey = readonly ['items-view', ...unknown[]];

/** Lists with more pages than this are not refetched on new items: their screen offers Reload. */
export const AUTO_REFETCH_PAGES = 10;
