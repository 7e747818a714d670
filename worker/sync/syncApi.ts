/**
 * The sync domain's shape: what the UI sends and gets (connect, status, problems), the `SyncApi`
 * and hook types, and the small helpers both the domain and its tests use (retries, server
 * addresses). The domain itself is built in sync.ts.
 */
import { EngineError } from '../errors';
import type { BulkEntry } from '../subscriptions/bulk';
import type { SubscribeRequest, SubscribeResult } from '../subscriptions/subscribe';
import type { SyncProtocol } from './protocol';
import { retryAfterOf } from './transport';

/** What the login form sends. The password is used once and never stored. */
export interface ConnectRequest {
  protocol: SyncProtocol;
  url: string;
  username: string;
  password: string;
}

/** What "Connect" shows before the import. */
export interface ConnectPreview {
  /** Feeds kept from an earlier login to this same account, attached to it again. */
  reattached: number;
  protocol: SyncProtocol;
  url: string;
  username: string;
  groups: number;
  feeds: number;
  unread: number;
  saved: number;
  canEditSubscriptions: boolean;
}

/** The account as the UI shows it. */
export interface SyncStatus {
  connected: boolean;
  protocol: SyncProtocol | null;
  url: string;
  username: string;
  /** Unix seconds of the last complete sync, 0 before the first. */
  lastSync: number;
  lastError: string;
  lastErrorCode: string;
  /** Local changes waiting for the server. */
  pending: number;
  /** Local feeds brought by this account. */
  feeds: number;
  canEditSubscriptions: boolean;
  /** Tags travel as the account's labels (Google Reader API that did not refuse them). */
  labels: boolean;
  /** The last failure and the action that fixes it, null when the last sync went well. */
  problem: SyncProblem | null;
  /** Days of read articles imported besides unread and saved ones (Google Reader API). */
  readDays: number;
  /**
   * Unix seconds until which the server asked Rivulet to wait (Retry-After of the last failure);
   * 0 when there is no wait. Automatic syncs wait; `run` refuses unless `force`.
   */
  retryAt: number;
  /**
   * Feeds set aside because the server stopped listing them while they held articles the reader
   * saved, tagged or highlighted (unsubscribed elsewhere, or hidden in FreshRSS): local feeds now,
   * with every article, until the reader keeps (`keepLeft`) or unsubscribes them. `at`: Unix
   * seconds; `saved`, `tagged`, `highlighted`: how many of its articles are (hidden ones too).
   */
  leftServer: {
    feedId: number;
    title: string;
    at: number;
    saved: number;
    tagged: number;
    highlighted: number;
  }[];
  /** Without an account: the one logged out of with its feeds kept (log in again to re-attach). */
  former: { protocol: SyncProtocol; url: string; username: string; feeds: number } | null;
}

/**
 * A sync failure as the UI shows it: `relogin` (the saved login is refused: ask for the
 * password), `settings` (the address or certificate is wrong: open /login), `retry` (the server
 * was unreachable or failed: try again).
 */
export interface SyncProblem {
  code: string;
  message: string;
  action: 'relogin' | 'settings' | 'retry';
}

/** The action that fixes a sync error code. */
export function problemOf(code: string, message: string): SyncProblem {
  const action =
    code === 'sync_auth'
      ? 'relogin'
      : code === 'sync_not_api' || code === 'sync_tls' || code === 'sync_unsupported'
        ? 'settings'
        : 'retry';
  return { code, message, action };
}

/** The `sync` domain of the engine API. */
export interface SyncApi {
  /**
   * Logs in (Fever: verifies md5(user:password); Google Reader: ClientLogin), stores only the key
   * or token, and counts what an import would bring. Replaces a previous account of the same
   * server; refuses another server while one is connected (`sync_connected`). Fails:
   * EngineError `bad_input`, `sync_auth`, `sync_not_api`, `sync_network`, `sync_tls`, `sync_timeout`, `sync_http`.
   */
  connect(req: ConnectRequest): Promise<ConnectPreview>;
  /** The account and queue length. Two small reads. */
  status(): Promise<SyncStatus>;
  /**
   * Starts a sync job (kind 'sync'; a running one is joined) and returns its id: push queued
   * changes, then pull feeds, state and new items. `readDays` (0–365) sets, for this and later
   * syncs, how many days of read articles to import besides unread and saved ones (Google
   * Reader API; ignored for Fever). While the server's requested wait (`status().retryAt`) is
   * not over it fails with `sync_rate` (`details.retryAfter`: seconds left) unless `force`.
   * Fails: EngineError('sync_no_account'), `sync_rate`.
   */
  run(opts?: { readDays?: number; force?: boolean }): Promise<string>;
  /**
   * Logs out. `removeFeeds`: forgets the account, its item map and queue, and deletes the feeds
   * it brought with their items. Otherwise the feeds become local feeds that keep their server
   * id, and the map and queue stay: logging in again to the same server and user re-attaches
   * those feeds and articles (no duplicates) and sends the queue; logging in to another
   * account forgets them.
   */
  logout(opts?: { removeFeeds?: boolean }): Promise<void>;
  /**
   * Fetches one page of older items of a synced feed from the server (up to 3 tries on network
   * errors; a 429 or 5xx only once more, after a short `Retry-After`). `more`: another page
   * exists. Fails: `not_found`, `sync_*` errors (`sync_rate` says how long the server asks to wait).
   */
  loadOlder(feedId: number): Promise<{ added: number; more: boolean }>;
  /**
   * Logs in again to the connected account with a new password (after the server stopped
   * accepting the saved login): the same feeds, articles and queue stay; starts a sync (which
   * sends the queue) and returns its job id. Fails: `sync_no_account`, `sync_auth`, transport errors.
   */
  relogin(password: string): Promise<string>;
  /**
   * Subscribes on the server (Google Reader API only; Fever: `sync_unsupported`) and brings the
   * feed and its items in (one sync pass, awaited). Returns the local id. Fails: `sync_refused`
   * when the server cannot subscribe (its reason in the message), transport errors.
   */
  subscribe(url: string, opts?: { groupId?: number }): Promise<number>;
  /**
   * Keeps feeds the server stopped listing (`SyncStatus.leftServer`) as local feeds: the account
   * stops naming them. Ids of other feeds are ignored.
   */
  keepLeft(feedIds: number[]): Promise<void>;
  /** Whether a feed's edits go to a server: 'server', 'unsupported' (Fever) or 'local'. */
  editMode(feedId: number): Promise<'server' | 'unsupported' | 'local'>;
}

/** Internal hooks engine.ts wires into the feeds and refresh domains. */
export interface SyncHooks {
  /** Runs after a local rename/move/unsubscribe decision: sends it to the server first. */
  beforeRename(feedId: number, title: string): Promise<void>;
  beforeMove(feedIds: number[], groupId: number): Promise<void>;
  beforeDelete(feedIds: number[]): Promise<void>;
  /** A group renamed or deleted here that is a folder of the account: sent to the server first. */
  beforeGroupRename(groupId: number, title: string): Promise<void>;
  beforeGroupDelete(groupId: number): Promise<void>;
  /**
   * Starts a sync if an account is connected (refresh 'all', automatic refresh), unless the
   * last one was less than `minGapSeconds` ago and went well, or the server's wait is not over.
   */
  kick(minGapSeconds: number): Promise<string | null>;
  /** The protocol new subscriptions go to: 'greader' when such an account is connected, else null. */
  subscribeTarget(): Promise<'greader' | null>;
  /** Subscribes on the server and brings the feed in (see `SyncApi.subscribe`). */
  subscribeOne(req: SubscribeRequest): Promise<SubscribeResult>;
  /** A job subscribing to many feeds on the server (OPML import, bundles); returns its id. */
  subscribeMany(
    kind: 'opml-import' | 'subscribe-many',
    entries: readonly BulkEntry[],
    preSkipped?: number,
    groupTitles?: readonly string[],
  ): Promise<string>;
}

/** Failures on the way to the server, worth another try after a short pause. */
const TRANSIENT = new Set(['sync_network', 'sync_timeout']);
/** The longest `Retry-After` a retry waits for; a longer one is the person's to wait (its message says how long). */
export const MAX_RETRY_AFTER_S = 10;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long to pause before trying `err`'s call again, or null to give up. Network failures and
 * timeouts: `delayMs × attempt`. A server that answered 429 or 5xx with a `Retry-After` of at
 * most MAX_RETRY_AFTER_S: that long, once (`waited`). Any other answer, and a failing server
 * that named no wait, is not asked again at once: asking a struggling server again within a
 * second only adds to its load.
 */
export function retryPause(err: unknown, attempt: number, delayMs: number, waited: boolean): number | null {
  if (!(err instanceof EngineError)) return null;
  if (TRANSIENT.has(err.code)) return delayMs * attempt;
  if (err.code !== 'sync_rate' && err.code !== 'sync_http') return null;
  const seconds = retryAfterOf(err);
  if (waited || seconds === null || seconds > MAX_RETRY_AFTER_S) return null;
  return Math.max(seconds * 1000, delayMs);
}

/** Retries `fn` while `retryPause` allows: at most `tries` attempts, 250 ms, 500 ms, … apart. */
export async function withRetries<T>(fn: () => Promise<T>, tries = 3, delayMs = 250): Promise<T> {
  let waited = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const pause = attempt >= tries ? null : retryPause(err, attempt, delayMs, waited);
      if (pause === null) throw err;
      waited ||= !TRANSIENT.has((err as EngineError).code);
      await wait(pause);
    }
  }
}

/** Normalises what people type: adds https://, drops spaces; refuses non-http(s). */
export function normaliseServerUrl(raw: string): string {
  const text = String(raw ?? '').trim();
  if (!text) throw new EngineError('bad_input', 'Enter the address of your server.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new EngineError('bad_input', `"${text}" is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EngineError('bad_input', 'The server address must start with http:// or https://.');
  return url.href;
}
