/**
 * Fever API client (the subset in docs/sync.md): `POST <endpoint>?api&<call>` with
 * `api_key = md5("user:password")` in the form body. A wrong key is HTTP 200 with `auth: 0`.
 * Ids may be numbers or strings; id lists are comma-separated strings.
 */
import { md5 } from 'js-md5';
import { feverId, feverIdList } from './ids';
import type { OlderPage, RemoteFeed, RemoteItem, StateOp, SyncClient, WalkPage } from './protocol';
import {
  form,
  jsonOf,
  leaveOutInto,
  splittingFetcher,
  str,
  syncError,
  type SyncTransport,
} from './transport';

/** Items per `with_ids` request (Fever answers at most 50 items per call). */
export const FEVER_BATCH = 50;

/** The Fever API key for a user name and password: md5 of `user:password`, lower-case hex. */
export function feverApiKey(username: string, password: string): string {
  return md5(`${username}:${password}`);
}

type Json = Record<string, unknown>;

function endpoint(base: string, call: string): string {
  const url = new URL(base);
  const q = call ? `api&${call}` : 'api';
  url.search = url.search ? `${url.search}&${q}` : `?${q}`;
  // `api&items` with URLSearchParams would become `api=&items=`; Fever servers accept both,
  // but the bare form is what the protocol documents.
  return url.href;
}

/**
 * Calls one Fever endpoint. Fails: transport errors, `sync_auth` when the server answers
 * `auth: 0`, `sync_not_api` when the JSON lacks `api_version` (not a Fever endpoint).
 */
async function call(
  t: SyncTransport,
  base: string,
  apiKey: string,
  what: string,
  extra: [string, string][] = [],
): Promise<Json> {
  const answer = await t({
    url: endpoint(base, what),
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form([['api_key', apiKey], ...extra]),
  });
  const data = jsonOf(answer, 'Fever API');
  if (typeof data !== 'object' || data === null || !('api_version' in data))
    throw syncError(
      'sync_not_api',
      'This address answers JSON, but not the Fever API. Check the URL (it usually ends in /fever/ or /api/fever.php).',
    );
  const json = data as Json;
  if (Number(json.auth) !== 1)
    throw syncError(
      'sync_auth',
      'The Fever API answered auth 0 for this user name and password. (FreshRSS, Miniflux: the Fever password is the one set for the API, not the login password.)',
    );
  return json;
}

function toItem(raw: Json): RemoteItem {
  return {
    id: feverId(raw.id),
    feedId: feverId(raw.feed_id),
    title: typeof raw.title === 'string' ? raw.title : '',
    author: typeof raw.author === 'string' ? raw.author : '',
    html: typeof raw.html === 'string' ? raw.html : '',
    url: typeof raw.url === 'string' ? raw.url : '',
    published: Number(raw.created_on_time) || 0,
    read: Number(raw.is_read) === 1,
    saved: Number(raw.is_saved) === 1,
  };
}

function itemsOf(json: Json): RemoteItem[] {
  return Array.isArray(json.items) ? (json.items as Json[]).map(toItem) : [];
}

/** Verifies the key with a bare `?api` call. Fails as `call` does. */
export async function feverLogin(
  t: SyncTransport,
  base: string,
  username: string,
  password: string,
): Promise<string> {
  const apiKey = feverApiKey(username, password);
  await call(t, base, apiKey, '');
  return apiKey;
}

/** A Fever client over a verified key. Fever has no subscription edits, so `edits` is absent. */
export function createFeverClient(t: SyncTransport, base: string, apiKey: string): SyncClient {
  const get = (what: string, extra: [string, string][] = []) => call(t, base, apiKey, what, extra);
  const tooLarge: string[] = [];
  return {
    protocol: 'fever',
    tooLarge,
    async structure() {
      const groupsJson = await get('groups');
      const feedsJson = await get('feeds');
      const membership = new Map<string, string[]>();
      for (const fg of (feedsJson.feeds_groups ?? groupsJson.feeds_groups ?? []) as Json[]) {
        const group = feverId(fg.group_id);
        for (const feed of feverIdList(fg.feed_ids))
          membership.set(feed, [...(membership.get(feed) ?? []), group]);
      }
      const groups = ((groupsJson.groups ?? []) as Json[]).map((g) => ({
        id: feverId(g.id),
        title: str(g.title),
      }));
      const feeds: RemoteFeed[] = ((feedsJson.feeds ?? []) as Json[]).map((f) => {
        const id = feverId(f.id);
        return {
          id,
          title: str(f.title),
          url: str(f.url),
          siteUrl: str(f.site_url),
          groupIds: membership.get(id) ?? [],
        };
      });
      return { groups, feeds };
    },
    unreadIds: async () => feverIdList((await get('unread_item_ids')).unread_item_ids),
    savedIds: async () => feverIdList((await get('saved_item_ids')).saved_item_ids),
    // Fifty long articles can be more than the companion server relays: split as greader.ts does.
    items: splittingFetcher(
      FEVER_BATCH,
      async (ids) => itemsOf(await get(`items&with_ids=${ids.join(',')}`)),
      leaveOutInto(tooLarge),
    ),
    async isFreshRss() {
      // FreshRSS's fever.php answers `refresh` (a Fever call it does not do) before any login,
      // with HTTP 501 and the text `Not Implemented!`; Miniflux answers it as a bare `api` call
      // (JSON). Sent without the key, so a server that does refresh its feeds on it does not.
      try {
        const answer = await t({
          url: endpoint(base, 'refresh'),
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: '',
        });
        if (answer.status === 501) return answer.text.trim() === 'Not Implemented!';
        return answer.status === 200 && /"api_version"/.test(answer.text) ? false : null;
      } catch {
        return null;
      }
    },
    async walk(dir, from, feedIds, pages): Promise<WalkPage> {
      // Fever pages hold at most 50 items: a shorter page is the end. `since_id` pages come
      // oldest first, `max_id` pages newest first.
      const only = feedIds ? `&feed_ids=${feedIds.join(',')}` : '';
      const items: RemoteItem[] = [];
      let at = from;
      for (let n = 0; n < pages; n++) {
        const page = itemsOf(
          await get(
            dir === 'up'
              ? `items&since_id=${at || '0'}${only}`
              : `items&max_id=${at || String(Number.MAX_SAFE_INTEGER)}${only}`,
          ),
        );
        items.push(...page);
        for (const i of page)
          if (!at || (dir === 'up' ? BigInt(i.id) > BigInt(at) : BigInt(i.id) < BigInt(at))) at = i.id;
        if (page.length < FEVER_BATCH) return { items, next: at, end: true };
      }
      return { items, next: at, end: false };
    },
    async older(feedId, cursor, isKnown): Promise<OlderPage> {
      // Fever pages by item id across all feeds: walk down with max_id (FreshRSS also honours
      // feed_ids and answers only this feed's items; Miniflux ignores it). Items Rivulet has
      // are skipped. Bounded: at most 10 pages per call, then the cursor is handed back.
      let max = cursor;
      const found: RemoteItem[] = [];
      for (let pages = 0; pages < 10 && found.length === 0; pages++) {
        const page = itemsOf(
          await get(`items&max_id=${max || String(Number.MAX_SAFE_INTEGER)}&feed_ids=${feedId}`),
        );
        if (page.length === 0) return { items: found, next: '', done: true };
        found.push(...page.filter((i) => i.feedId === feedId && !isKnown(i.id)));
        max = page.reduce((m, i) => (BigInt(i.id) < BigInt(m) ? i.id : m), page[0]!.id);
      }
      return { items: found, next: max, done: false };
    },
    async push(op: StateOp, ids) {
      let todo = ids;
      if (op === 'saved' || op === 'unsaved') {
        // Miniflux toggles the star on any saved/unsaved mark, so only items whose star really
        // differs are sent (one extra call; FreshRSS sets it, where this changes nothing).
        const starred = new Set(feverIdList((await get('saved_item_ids')).saved_item_ids));
        todo = ids.filter((id) => starred.has(id) !== (op === 'saved'));
      }
      for (const id of todo)
        await get('', [
          ['mark', 'item'],
          ['as', op],
          ['id', id],
        ]);
    },
    async markAllRead(feedId, before) {
      // group 0 is Fever's "all items"
      await get(
        '',
        feedId === null
          ? [
              ['mark', 'group'],
              ['as', 'read'],
              ['id', '0'],
              ['before', String(before)],
            ]
          : [
              ['mark', 'feed'],
              ['as', 'read'],
              ['id', feedId],
              ['before', String(before)],
            ],
      );
    },
  };
}

/** Items newer than `sinceId`, in pages of 50 (ascending); used by tests and the first sync. */
export async function feverItemsSince(
  t: SyncTransport,
  base: string,
  apiKey: string,
  sinceId: string,
): Promise<RemoteItem[]> {
  return itemsOf(await call(t, base, apiKey, `items&since_id=${sinceId}`));
}
