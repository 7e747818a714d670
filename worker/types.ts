/**
 * Domain types shared by the engine and the UI. The UI imports this file as types only.
 * Times are Unix seconds throughout.
 */
import type { TagColor } from '../shared/tagColors';
import type { JobProgress } from './jobs/types';
import type { SyncedFeedFields } from './sync/types';
import type { RuleTagUse } from './rules/types';

/** A folder of feeds. Feeds with `groupId` -1 are ungrouped. */
export interface Group {
  id: number;
  title: string;
}

/** Outcome of the last fetch of a feed. */
export interface FeedStatus {
  /** When the feed was last fetched (success or failure), Unix seconds; 0 if never. */
  lastFetched: number;
  /** When the last successful fetch happened; 0 if never. */
  lastSuccess: number;
  /** Human-readable reason of the last failure, or '' when the last fetch succeeded. */
  error: string;
  /** Machine code of the last failure ('' when none), e.g. `http_status`, `parse_error`. */
  errorCode: string;
  /** HTTP status of the last response, 0 when there was none. */
  httpStatus: number;
  etag: string;
  lastModified: string;
  /** Consecutive failures, for backoff. */
  failures: number;
  /** Do not fetch again before this time (backoff / Retry-After), Unix seconds. */
  nextFetchAfter: number;
  /** Set when the server answered 410 Gone. */
  dead: boolean;
  /** Hash of the last body parsed, to skip unchanged bodies. */
  bodyHash: string;
}

/** A subscription (a feed of a sync account carries its account and remote id). */
export interface Feed extends FeedStatus, SyncedFeedFields {
  id: number;
  title: string;
  /** -1 when the feed is in no group. */
  groupId: number;
  siteUrl: string;
  /** The feed's own URL (after permanent redirects). */
  url: string;
  /** Number of this feed's items the user has read (for the priority score). */
  readCount: number;
  /** "Always load the full article": new articles are extracted in the background (worker/fulltext). */
  fullText?: boolean;
  /** "Translate titles in lists": the list shows this feed's titles in the target language (worker/ai/titleTranslation). */
  translateTitles?: boolean;
  /**
   * The language the feed declares (RSS `<language>`, `dc:language`, `xml:lang`, JSON Feed
   * `language`) as a BCP 47 tag (shared/language.ts); its articles' unless they say otherwise.
   * Absent when it declares none (or no usable tag). A refresh updates it.
   */
  language?: string;
}

/** A media attachment (podcast episode, video). */
export interface Enclosure {
  url: string;
  type: string;
  length: number;
  /** Duration in seconds when the feed gives one (itunes:duration), else 0. */
  duration: number;
  image: string;
  /** Chapters given inline by the feed (Podlove Simple Chapters), by start time; absent when none. */
  chapters?: MediaChapter[];
  /** Podcasting 2.0 `podcast:chapters` JSON document URL, fetched when the episode plays. */
  chaptersUrl?: string;
}

/** One chapter of an episode. */
export interface MediaChapter {
  /** Start, in seconds from the beginning. */
  start: number;
  title: string;
  /** Link about the chapter, '' when none. */
  href: string;
  /** Chapter artwork, '' when none. */
  image: string;
}

// Item flag bits (`Item.flags`) and the refresh interval rule are plain values both sides use at
// run time: they live in shared/flags.ts and shared/refreshInterval.ts. This module is types only.

/** A stored article, with its body. */
export interface Item {
  id: number;
  feedId: number;
  guid: string;
  title: string;
  author: string;
  /** Article HTML as the feed gave it (sanitised only at display time, on the main thread). */
  description: string;
  /** Unix seconds. Items without a date get the time they were first seen. */
  pubDate: number;
  link: string;
  enclosure: Enclosure | null;
  /** FLAG_READ | FLAG_SAVED bits. */
  flags: number;
  /** Dedupe key within a feed: guid, else link, else content hash (`feedId` + key is unique). */
  dedupeKey: string;
  /** Hash of the content, to update a re-seen item only when it changed. */
  contentHash: string;
  /** When the item was first stored, Unix seconds. */
  firstSeen: number;
  /**
   * Set (only on items handed to the UI) when the feed gave no title and `title` was made from
   * the article's text (worker/items/derivedTitle.ts); the stored record keeps ''.
   */
  titleDerived?: boolean;
  /** Ids of the user's tags on this item (worker/tags/tags.ts); absent when none. */
  tags?: number[];
  /**
   * The article's own language (BCP 47) where it differed from its feed's when stored; absent
   * when it is the feed's (`Feed.language`), as for most articles.
   */
  language?: string;
}

/** What a list row needs: never the article body. */
export interface ItemRow {
  id: number;
  feedId: number;
  title: string;
  author: string;
  pubDate: number;
  link: string;
  flags: number;
  /** Plain-text snippet (≤ 200 chars) of the description. */
  snippet: string;
  /** First image URL of the description or enclosure image, '' when none. */
  thumbnail: string;
  enclosureType: string;
  /** Set when the feed gave no title and `title` was made from the text (shown not bold). */
  titleDerived?: boolean;
  /** Ids of the item's tags; absent when none. */
  tags?: number[];
  /** The article's own language (`Item.language`); absent when it is its feed's. */
  language?: string;
}

/** One page of a keyset-paged list. */
export interface Page<T> {
  rows: T[];
  /** Opaque cursor for the next page, null at the end. */
  next: string | null;
  /** Total number of matching rows. */
  total: number;
}

/** Counts reported by `init()` and `counts()`. */
export interface Counts {
  groups: number;
  feeds: number;
  items: number;
  unread: number;
  saved: number;
  /** Unread count per feed id. */
  unreadByFeed: Record<number, number>;
}

/** Result of the `init()` handshake. */
export interface InitInfo {
  schemaVersion: number;
  counts: Counts;
  /** Non-fatal problems met during start-up (logged, and the UI may offer a retry). */
  warnings: string[];
}

/** Change events pushed from the engine to every tab. */
export type EngineEvent =
  | { type: 'items-added'; feedIds: number[]; count: number }
  | { type: 'items-changed'; ids: number[] }
  | { type: 'items-removed'; feedIds: number[] }
  | { type: 'read-changed'; ids: number[]; feedIds: number[] }
  | { type: 'saved-changed'; ids: number[] }
  /** Items were hidden or shown again (FLAG_HIDDEN): they left or rejoined every list and count. */
  | { type: 'hidden-changed'; ids: number[]; feedIds: number[] }
  /** Rules were saved, removed or reordered, or a rule ran (its log grew). */
  | { type: 'rules-changed' }
  | { type: 'feeds-changed'; feedIds: number[] }
  | { type: 'groups-changed' }
  /**
   * Tags changed: definitions (created, renamed, recoloured, deleted) and/or which items carry
   * them (`ids`: the items whose tags changed; empty when only definitions did).
   */
  | { type: 'tags-changed'; ids: number[] }
  /** Highlights of these articles were added, changed or removed. */
  | { type: 'highlights-changed'; itemIds: number[] }
  /** Whole articles (worker/fulltext) were stored for these items; their text is indexed again. */
  | { type: 'fulltext-changed'; ids: number[] }
  /** Progress of a long job (refresh, OPML import); at most ~10 per second per job. */
  | { type: 'job'; job: JobProgress }
  /**
   * A Cancel (or a mark's Stop) pressed in a tab whose engine does not run the job: the tab
   * whose engine runs it cancels it (worker/jobs/jobs.ts). The UI does nothing with it.
   */
  | { type: 'job-cancel'; jobId: string }
  /**
   * This tab's database connection was lost under the app (deleted, closed by force, or wanted
   * by a newer version); every call now fails with `db_lost`. Only this tab's listeners get it.
   */
  | { type: 'storage-lost'; reason: 'deleted' | 'closed' | 'upgraded' }
  /** A rule's notify action matched newly ingested articles (see src/pwa/notifications.ts). */
  | { type: 'notify'; items: NotifyItem[] };

/** One article a rule's notify action asks to show as a system notification. */
export interface NotifyItem {
  id: number;
  title: string;
  feedId: number;
  feedTitle: string;
}

/** The one error shape that crosses the worker boundary. */
export interface EngineErrorShape {
  code: string;
  message: string;
  details?: unknown;
}

/** An item as the feed parser normalised it, before dedupe and storage. */
export interface IncomingItem {
  guid: string;
  title: string;
  author: string;
  /** Full content when the feed has it (content:encoded, atom content), else the summary. */
  description: string;
  /** Unix seconds, or null when the feed gave no usable date (the engine uses first-seen). */
  pubDate: number | null;
  link: string;
  enclosure: Enclosure | null;
  /**
   * The read and saved bits (shared/flags.ts) a new article starts with: a sync import stores
   * the server's state with the article instead of marking it after (one write, not two). Other
   * bits are ignored, and so is this for an article already stored (its state stays).
   */
  flags?: number;
  /** The article's language (BCP 47), only where it differs from its feed's (`NormalizedFeed.language`). */
  language?: string;
}

/** A parsed, normalised feed. */
export interface NormalizedFeed {
  format: 'rss' | 'rdf' | 'atom' | 'json';
  /** Format version as found ('2.0', '0.91', '1.0', '0.3', '1.1', …), '' when unknown. */
  version: string;
  title: string;
  /** Site (home page) URL. */
  link: string;
  description: string;
  /** Feed image / icon URL, '' when none. */
  image: string;
  /** The address the feed gives for itself (atom:link rel=self, JSON Feed feed_url), if any. */
  selfUrl?: string;
  /** The feed's declared language as a BCP 47 tag (shared/language.ts); absent when none. */
  language?: string;
  items: IncomingItem[];
}

/** Which items a list shows; one page per call, newest first, keyset-paged. */
export interface ItemsQuery {
  /**
   * 'today' = the last 24 hours; 'group' with id -1 = feeds in no group; 'tag': items with tag
   * `id`; 'hidden': the items a rule hid (in no other list).
   */
  scope: 'all' | 'feed' | 'group' | 'saved' | 'today' | 'tag' | 'hidden';
  /** Feed id, group id or tag id for the 'feed', 'group' and 'tag' scopes. */
  id?: number;
  unreadOnly?: boolean;
  /** `next` of the previous page; null/absent for the first page. */
  cursor?: string | null;
  /** Page size, default 50, at most 500. */
  limit?: number;
  /** Only items with pubDate ≥ since (Unix seconds). */
  since?: number;
}

/** Which items "mark all read" covers. */
export interface MarkAllReadScope {
  /**
   * Everything, a feed, a group (`id`), the saved articles, today's (the last 24 hours), a tag
   * (`id`), or several feeds (`ids`: a selection in the feed list).
   */
  scope: 'all' | 'feed' | 'group' | 'saved' | 'today' | 'tag' | 'feeds';
  id?: number;
  /** Scope 'feeds': their ids. */
  ids?: number[];
  /** Only items with pubDate < olderThan (Unix seconds). */
  olderThan?: number;
}

/**
 * What a bulk change did, enough to take it back; plain data (it crosses the worker boundary and
 * `state.undo` takes it).
 * - read/saved: `ids` are exactly the items whose flag it flipped (items already in the asked
 *   state are not listed), so each one's previous value of that flag was `!set`.
 * - tag: `ids` are the items that gained (`set`) or lost (`!set`) tag `tagId`.
 * - tag-deleted: the deleted tag as it was and the items that carried it; undo re-creates it.
 *   `rules`: the rules whose "add tag" actions went with it, as they were (undo puts them back).
 * - unsubscribed: `ids` are the feeds deleted, `articles` how many articles went with them;
 *   `trash` names the copy the engine keeps in memory for a while (worker/items/trash.ts).
 * - deleted: `ids` are the articles deleted ("Delete old read articles now"); `trash` as above.
 */
export type UndoToken =
  | { flag: 'read' | 'saved' | 'hidden'; set: boolean; ids: number[] }
  | { flag: 'tag'; tagId: number; set: boolean; ids: number[] }
  | { flag: 'tag-deleted'; tag: Tag; ids: number[]; rules?: RuleTagUse[] }
  | { flag: 'unsubscribed'; trash: number; ids: number[]; articles: number }
  | { flag: 'deleted'; trash: number; ids: number[] };

/** A user's tag. `name` is unique case-insensitively; `color` is one of TAG_COLORS. */
export interface Tag {
  id: number;
  name: string;
  color: TagColor;
}

export type { TagColor };

/** A tag with how many live items carry it, and how many of those are unread. */
export interface TagWithCounts extends Tag {
  total: number;
  unread: number;
}

/** A feed found by discovery (the same shape worker/formats/sitePatterns.ts produces). */
export type { Candidate } from './formats/sitePatterns';

/** What `subscriptions.preview` shows before subscribing. */
export interface FeedPreview {
  /** The URL a subscribe would store (the final URL when every redirect was permanent). */
  url: string;
  title: string;
  siteUrl: string;
  /** 'rss' | 'rdf' | 'atom' | 'json'. */
  format: string;
  /** Format version as found ('2.0', '1.1', …), '' when unknown. */
  version: string;
  itemCount: number;
  /** The language the feed declares (BCP 47, as `Feed.language` would store it); '' when none. */
  language: string;
  /**
   * The newest five items (undated ones last); `titleDerived` as on ItemRow, `language` only
   * where an item declares one other than the feed's (as `Item.language`).
   */
  items: { title: string; link: string; pubDate: number | null; titleDerived?: boolean; language?: string }[];
  /**
   * Id of the feed already subscribed at this address (compared normalised, also after
   * redirects and by the address the feed gives for itself), else null.
   */
  subscribedFeedId: number | null;
  /** How `subscribedFeedId` matched: the address itself, or the feed's own self link. */
  subscribedBy?: 'address' | 'self';
  /** A subscribed feed of the same site (home page), when not the same feed; else absent. */
  sameSiteFeedId?: number | null;
}

/** One day of `stats.daily`: items published that local day, by read state. */
export interface DailyCount {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Local midnight, Unix seconds. */
  start: number;
  read: number;
  unread: number;
}

export type {
  Highlight,
  HighlightColor,
  HighlightPage,
  HighlightPatch,
  NewHighlight,
} from './highlights/types';

// Rules (worker/rules/): saved filters whose actions run on newly ingested articles.
export type {
  Rule,
  RuleAction,
  RuleAiConfig,
  RuleInput,
  RulePreview,
  RuleRun,
  RuleTagUse,
} from './rules/types';
// The filter language's errors and warnings (worker/query/language/), worded by the UI.
export type { QueryError, QueryErrorReason, QueryExpected } from './query/language/parse';
export type { QueryWarning } from './query/language/warnings';
// Jobs (worker/jobs/) and backups (worker/backup/).
export type { JobFailure, JobProgress, JobSummary, MarkJobInfo } from './jobs/types';
export type { BackupHeaderInfo, BackupPreview, RestoreResult } from './backup/types';
