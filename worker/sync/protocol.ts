/** What both protocol clients offer the sync service: one shape over Fever and Google Reader. */

export type SyncProtocol = 'fever' | 'greader';

/** A folder on the server (Fever group, Google Reader label). `id` is the server's id. */
export interface RemoteGroup {
  id: string;
  title: string;
}

/** A subscription on the server. `groupIds`: first one wins locally (Rivulet has one group per feed). */
export interface RemoteFeed {
  id: string;
  title: string;
  url: string;
  siteUrl: string;
  groupIds: string[];
}

/** An article on the server, with its state. `id` is canonical (see ids.ts). */
export interface RemoteItem {
  id: string;
  feedId: string;
  title: string;
  author: string;
  html: string;
  url: string;
  /** Unix seconds. */
  published: number;
  read: boolean;
  saved: boolean;
  /**
   * Label names the item carries on the server, folder label included, as the server lists them
   * (Google Reader API: every `user/…/label/<name>` category; Fever: none). `itemTags` tells the
   * article's tags apart from its feed's folder.
   */
  labels?: string[];
}

/** A local change to send, in the order the user made it. */
export type StateOp = 'read' | 'unread' | 'saved' | 'unsaved';

/**
 * A local tag change to send as a Google Reader label: put on / take off items (`label`), rename
 * a label everywhere (`label` → `dest`), delete a label everywhere (`label`).
 */
export type LabelOp = 'label' | 'unlabel' | 'rename-label' | 'delete-label';

/** One page of older items, the cursor to continue from, and whether the feed has no more. */
export interface OlderPage {
  items: RemoteItem[];
  next: string;
  done: boolean;
}

/** Items of one walk over the server's item ids, the id to go on from, and whether it reached the end. */
export interface WalkPage {
  items: RemoteItem[];
  next: string;
  end: boolean;
}

/** Folders and subscriptions, and (Google Reader API) the labels that are article tags. */
export interface RemoteStructure {
  groups: RemoteGroup[];
  feeds: RemoteFeed[];
  /** Names of the labels that are tags, not folders (absent: the protocol has no labels). */
  tags?: string[];
}

/**
 * Article labels (Google Reader API): how FreshRSS keeps its "labels" (tags). The same
 * `user/-/label/<name>` namespace also names folders; `tag/list` says which is which.
 */
export interface LabelClient {
  /** Server ids of the items carrying this label (every page). */
  ids(label: string): Promise<string[]>;
  /** Puts the label on these items (`on`) or takes it off; the server makes a new label itself. */
  edit(label: string, on: boolean, ids: string[]): Promise<void>;
  /** Renames a label. */
  rename(from: string, to: string): Promise<void>;
  /** Deletes a label (from every item). */
  remove(label: string): Promise<void>;
}

/** A logged-in protocol client. Every method may throw the transport's EngineErrors. */
export interface SyncClient {
  readonly protocol: SyncProtocol;
  /**
   * Ids of articles whose answer alone was larger than the companion server relays, left out of
   * `items` and `older` so the rest could come (Google Reader API); the server keeps them.
   */
  readonly tooLarge?: readonly string[];
  /** Groups and feeds. */
  structure(): Promise<RemoteStructure>;
  /** Every unread item id, and every saved one (canonical ids). */
  unreadIds(): Promise<string[]>;
  savedIds(): Promise<string[]>;
  /**
   * Ids of every item the server received since `since` (Unix seconds), read or not: the
   * optional "also read articles of the last N days" import. Google Reader API only (`ot`;
   * FreshRSS compares its receive time, Miniflux publication dates); Fever has no such listing.
   */
  recentIds?(since: number): Promise<string[]>;
  /**
   * Every item, read or not, with an id above `from` (`up`, ascending) or below it (`down`,
   * newest first; '' = from the newest), only of `feedIds` when given, at most `pages` pages of
   * the server's size. Fever only (`since_id` / `max_id`; the feed filter is FreshRSS's).
   */
  walk?(dir: 'up' | 'down', from: string, feedIds: string[] | null, pages: number): Promise<WalkPage>;
  /** Contents of these items (batched inside; unknown ids are skipped). */
  items(ids: string[]): Promise<RemoteItem[]>;
  /**
   * Items of one feed Rivulet does not have yet (`isKnown` says which it has), newest first,
   * continuing from `cursor` ('' = from the newest). Paging uses only what the server handed out.
   */
  older(feedId: string, cursor: string, isKnown: (id: string) => boolean): Promise<OlderPage>;
  /** Applies one state change to these items on the server. */
  push(op: StateOp, ids: string[]): Promise<void>;
  /** Marks a feed (or everything, feedId null) read up to `before` (Unix seconds). */
  markAllRead(feedId: string | null, before: number): Promise<void>;
  /**
   * Whether the server says it is FreshRSS (Google Reader API: it answers FreshRSS's own API
   * check, `check/compatibility`; Fever: it refuses `refresh` as FreshRSS's fever.php does);
   * null when it could not be asked.
   */
  isFreshRss?(): Promise<boolean | null>;
  /** Article labels; absent when the protocol has none (Fever). */
  labels?: LabelClient;
  /** Subscription edits; absent when the protocol has none (Fever). */
  edits?: SubscriptionEdits;
}

/** Subscription edits a Google Reader API server accepts. */
export interface SubscriptionEdits {
  subscribe(url: string, title: string, group: string | null): Promise<string>;
  unsubscribe(feedId: string): Promise<void>;
  rename(feedId: string, title: string): Promise<void>;
  move(feedId: string, from: string | null, to: string | null): Promise<void>;
}
