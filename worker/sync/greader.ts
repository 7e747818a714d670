/**
 * Google Reader API client (FreshRSS, Miniflux, Inoreader style; subset in docs/sync.md).
 * `accounts/ClientLogin` trades the password for an Auth token (kept), `reader/api/0/token`
 * gives the short-lived T token every write needs (fetched on demand, refreshed once when the
 * server says it went stale). A 401 on a read means the Auth token was revoked: `sync_auth`,
 * and the person logs in again (the password is never kept, so there is no silent re-login).
 */
import { EngineError } from '../errors';
import { canonicalItemId, longItemId } from './ids';
import type { RemoteFeed, RemoteGroup, RemoteItem, StateOp, SyncClient } from './protocol';
import {
  checkStatus,
  form,
  jsonOf,
  leaveOutInto,
  splittingFetcher,
  str,
  syncError,
  type SyncAnswer,
  type SyncTransport,
} from './transport';

export const READ_TAG = 'user/-/state/com.google/read';
export const STARRED_TAG = 'user/-/state/com.google/starred';
export const READING_LIST = 'user/-/state/com.google/reading-list';
const LABEL = 'user/-/label/';
/** Ids per `stream/items/ids` page, and per contents / edit-tag request. */
export const IDS_PAGE = 1000;
export const CONTENTS_BATCH = 250;
/** Pages followed at most per id listing (1,000 ids each): bounds a runaway continuation. */
const MAX_PAGES = 200;
/** "Load older": ids per page, items per call, id pages walked per call at most. */
const OLDER_IDS = 200;
const OLDER_ITEMS = 50;
const OLDER_PAGES = 20;

/**
 * A continuation token as the servers send it: FreshRSS a string (the last id sent), Miniflux a
 * number (the next offset, 0 when there is no more). '' = no more.
 */
export function continuationOf(raw: unknown): string {
  if (typeof raw === 'number') return raw > 0 ? String(raw) : '';
  return typeof raw === 'string' && raw !== '0' ? raw.trim() : '';
}

type Json = Record<string, unknown>;

/** The API root under the base the person typed (`…/api/greader.php` or the server root). */
function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * Trades user name and password for the Auth token. Fails: `sync_auth` for a refusal (401/403
 * or no `Auth=` line), `sync_not_api` for a web page or 404, transport errors.
 */
export async function greaderLogin(
  t: SyncTransport,
  base: string,
  username: string,
  password: string,
): Promise<string> {
  const answer = await t({
    url: apiUrl(base, '/accounts/ClientLogin'),
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form([
      ['Email', username],
      ['Passwd', password],
    ]),
  });
  if (answer.status === 401 || answer.status === 403)
    throw syncError(
      'sync_auth',
      'The server refused the user name or password. (FreshRSS: use the API password from your profile.)',
    );
  checkStatus(answer, 'Google Reader API login');
  const auth = /^Auth=(.+)$/m.exec(answer.text)?.[1]?.trim();
  if (!auth) {
    if (/^\s*</.test(answer.text))
      throw syncError(
        'sync_not_api',
        'This address answers with a web page, not the Google Reader API. Check the URL and that the API is enabled.',
      );
    throw syncError('sync_auth', 'The server did not hand out a login token.');
  }
  return auth;
}

function labelOf(id: string): string | null {
  return id.startsWith(LABEL) ? id.slice(LABEL.length) : null;
}

/** A label name of an item category; servers write the user as '-' or as the numeric id. */
function itemLabelOf(category: string): string | null {
  const m = /^user\/[^/]+\/label\/(.+)$/.exec(category);
  return m ? m[1]! : null;
}

function toItem(raw: Json): RemoteItem {
  const categories = Array.isArray(raw.categories) ? (raw.categories as unknown[]).map(String) : [];
  const origin = (raw.origin ?? {}) as Json;
  const links = [...((raw.canonical ?? []) as Json[]), ...((raw.alternate ?? []) as Json[])];
  const content = ((raw.content ?? raw.summary ?? {}) as Json).content;
  const usec = Number(raw.timestampUsec);
  return {
    id: canonicalItemId(String(raw.id)),
    feedId: str(origin.streamId),
    title: typeof raw.title === 'string' ? raw.title : '',
    author: typeof raw.author === 'string' ? raw.author : '',
    html: typeof content === 'string' ? content : '',
    url: typeof links[0]?.href === 'string' ? links[0].href : '',
    published: Number(raw.published) || (usec ? Math.floor(usec / 1e6) : 0),
    // Some servers write the state tags with the user's numeric id instead of '-'.
    read: categories.some((c) => /^user\/[^/]+\/state\/com\.google\/read$/.test(c)),
    saved: categories.some((c) => /^user\/[^/]+\/state\/com\.google\/starred$/.test(c)),
    labels: categories.map(itemLabelOf).filter((l): l is string => l !== null),
  };
}

/** A Google Reader API client: it always lists the articles it had to leave out (`tooLarge`). */
export type GReaderClient = SyncClient & Required<Pick<SyncClient, 'tooLarge'>>;

/** A Google Reader API client over an Auth token. */
export function createGReaderClient(t: SyncTransport, base: string, auth: string): GReaderClient {
  const headers = { Authorization: `GoogleLogin auth=${auth}` };
  let writeToken: string | null = null;

  const get = async (path: string, what: string): Promise<Json> => {
    const data = jsonOf(await t({ url: apiUrl(base, `/reader/api/0${path}`), method: 'GET', headers }), what);
    if (typeof data !== 'object' || data === null)
      throw syncError('sync_bad_answer', `${what}: unexpected answer.`);
    return data as Json;
  };
  const token = async (): Promise<string> => {
    if (writeToken) return writeToken;
    const answer = await t({ url: apiUrl(base, '/reader/api/0/token'), method: 'GET', headers });
    checkStatus(answer, 'Write token');
    writeToken = answer.text.trim();
    return writeToken;
  };
  /** POSTs with the T token; a stale T token (401 + X-Reader-Google-Bad-Token or plain 401) is renewed once. */
  const post = async (
    path: string,
    pairs: [string, string][],
    what: string,
    withToken = true,
  ): Promise<SyncAnswer> => {
    const send = async () =>
      t({
        url: apiUrl(base, `/reader/api/0${path}`),
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form(withToken ? [...pairs, ['T', await token()]] : pairs),
      });
    let answer = await send();
    if (answer.status === 401 && withToken) {
      writeToken = null;
      answer = await send();
    }
    checkStatus(answer, what);
    return answer;
  };
  /** One page of ids and the token for the next ('' at the end; see `continuationOf`). */
  const idPage = async (query: string, c: string, n: number) => {
    const json = await get(
      `/stream/items/ids?output=json&n=${n}&${query}${c ? `&c=${encodeURIComponent(c)}` : ''}`,
      'Item ids',
    );
    const refs = Array.isArray(json.itemRefs) ? (json.itemRefs as Json[]) : [];
    const ids = refs.map((ref) => canonicalItemId(String(ref.id)));
    return { ids, next: ids.length ? continuationOf(json.continuation) : '' };
  };
  const ids = async (query: string): Promise<string[]> => {
    const out: string[] = [];
    let c = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const next = await idPage(query, c, IDS_PAGE);
      out.push(...next.ids);
      if (!next.next || next.next === c) return out;
      c = next.next;
    }
    return out;
  };
  const stream = (id: string) => encodeURIComponent(id);
  const tooLarge: string[] = [];
  // Long articles can make a batch's answer larger than the companion server relays: the batch
  // is split and asked again (sync import, labelled items and "Load older" all come here).
  const contents = splittingFetcher(
    CONTENTS_BATCH,
    async (list) => {
      const pairs = list.map((id): [string, string] => ['i', longItemId(id)]);
      const answer = await post('/stream/items/contents?output=json', pairs, 'Item contents', false);
      const json = jsonOf(answer, 'Item contents') as Json;
      return ((json.items ?? []) as Json[]).map(toItem);
    },
    leaveOutInto(tooLarge),
  );

  return {
    protocol: 'greader',
    tooLarge,
    async structure() {
      // An answer without its list (not JSON, `{}`, an error object) is a broken answer, not an
      // account without feeds or labels: read as empty, a subscription list would drop every
      // synced feed, and a label list would take every tag off the articles (and put a folder's
      // feeds in no group). An empty list is a real answer.
      const list = async (path: string, field: string, what: string): Promise<Json[]> => {
        const unreadable = () =>
          syncError(
            'sync_bad_answer',
            `The server's ${what} could not be read (its answer holds no ${what}), so nothing was changed. Try again later.`,
          );
        const json = await get(path, what).catch((err: unknown) => {
          throw err instanceof EngineError && err.code === 'sync_bad_answer' ? unreadable() : err;
        });
        const value = json[field];
        if (!Array.isArray(value)) throw unreadable();
        return value as Json[];
      };
      const subscriptions = await list(
        '/subscription/list?output=json',
        'subscriptions',
        'subscription list',
      );
      const tags = await list('/tag/list?output=json', 'tags', 'label list');
      const groups = new Map<string, RemoteGroup>();
      // FreshRSS types each label: 'folder' (a category) or 'tag' (an article label). A server
      // that types none lists folders only, unless a label is no subscription's category.
      const listed = tags
        .map((tag) => ({ label: labelOf(str(tag.id)), type: str(tag.type) }))
        .filter((t): t is { label: string; type: string } => t.label !== null);
      const typed = listed.some((t) => t.type !== '');
      for (const { label, type } of listed)
        if (type !== 'tag') groups.set(label, { id: label, title: label });
      const folders = new Set<string>();
      const feeds: RemoteFeed[] = subscriptions.map((s) => {
        const labels = ((s.categories ?? []) as Json[]).map((c) => labelOf(str(c.id)) ?? '').filter(Boolean);
        for (const l of labels) {
          folders.add(l);
          if (!groups.has(l)) groups.set(l, { id: l, title: l });
        }
        return {
          id: String(s.id),
          title: str(s.title),
          url: str(s.url),
          siteUrl: str(s.htmlUrl),
          groupIds: labels,
        };
      });
      const tagNames = listed
        .filter((t) => (typed ? t.type === 'tag' : !folders.has(t.label)))
        .map((t) => t.label);
      if (!typed) for (const name of tagNames) groups.delete(name);
      return { groups: [...groups.values()], feeds, tags: tagNames };
    },
    unreadIds: () => ids(`s=${stream(READING_LIST)}&xt=${stream(READ_TAG)}`),
    savedIds: () => ids(`s=${stream(STARRED_TAG)}`),
    recentIds: (since) => ids(`s=${stream(READING_LIST)}&ot=${Math.max(0, Math.floor(since))}`),
    items: contents,
    async isFreshRss() {
      // FreshRSS's API page checks its API with `<greader>/check/compatibility`, answered before
      // any login (`checkCompatibility` in p/api/greader.php): `PASS`, or `FAIL …` naming what
      // is wrong with PHP or the web server. No other server has it. Wherever FreshRSS is served
      // (a proxy may map another path to greader.php), this is FreshRSS saying so itself.
      try {
        const answer = await t({ url: apiUrl(base, '/check/compatibility'), method: 'GET', headers });
        return answer.status === 200 && /^(PASS$|FAIL )/.test(answer.text.trim());
      } catch {
        return null;
      }
    },
    async older(feedId, cursor, isKnown) {
      // Pages back through the feed's ids with the continuation each answer hands out (FreshRSS:
      // the last id sent; Miniflux: an offset), newest first, and fetches the contents of ids
      // Rivulet does not have. `ot`/`nt` are not used: FreshRSS compares them with its receive
      // clock, Miniflux with publication dates, so no local date means the same thing to both.
      // Miniflux has no `stream/contents/<feed>`, hence ids + contents. Bounded per call.
      let c = cursor;
      for (let pages = 0; pages < OLDER_PAGES; pages++) {
        const page = await idPage(`s=${stream(feedId)}`, c, OLDER_IDS);
        const unknown = page.ids.filter((id) => !isKnown(id));
        const wanted = unknown.slice(0, OLDER_ITEMS);
        // Part of this page is still unknown: come back to the same page next time.
        const rest = wanted.length < unknown.length;
        const last = !page.next || page.next === c;
        if (wanted.length) {
          const items = (await contents(wanted)).filter((i) => i.feedId === feedId);
          return { items, next: rest ? c : page.next, done: !rest && last };
        }
        if (last) return { items: [], next: '', done: true };
        c = page.next;
      }
      return { items: [], next: c, done: false };
    },
    async push(op: StateOp, list) {
      const tag = op === 'read' || op === 'unread' ? READ_TAG : STARRED_TAG;
      const verb = op === 'read' || op === 'saved' ? 'a' : 'r';
      for (let i = 0; i < list.length; i += CONTENTS_BATCH) {
        const pairs = list.slice(i, i + CONTENTS_BATCH).map((id): [string, string] => ['i', longItemId(id)]);
        await post('/edit-tag', [...pairs, [verb, tag]], 'Edit tag');
      }
    },
    async markAllRead(feedId, before) {
      await post(
        '/mark-all-as-read',
        [
          ['s', feedId ?? READING_LIST],
          ['ts', String(before * 1_000_000)],
        ],
        'Mark all read',
      );
    },
    labels: {
      ids: (label) => ids(`s=${stream(LABEL + label)}`),
      async edit(label, on, list) {
        for (let i = 0; i < list.length; i += CONTENTS_BATCH) {
          const pairs = list
            .slice(i, i + CONTENTS_BATCH)
            .map((id): [string, string] => ['i', longItemId(id)]);
          await post('/edit-tag', [...pairs, [on ? 'a' : 'r', LABEL + label]], 'Label');
        }
      },
      rename: async (from, to) =>
        void (await post(
          '/rename-tag',
          [
            ['s', LABEL + from],
            ['dest', LABEL + to],
          ],
          'Rename label',
        )),
      remove: async (label) => void (await post('/disable-tag', [['s', LABEL + label]], 'Delete label')),
    },
    edits: {
      async subscribe(url, title, group) {
        const answer = await post('/subscription/quickadd', [['quickadd', url]], 'Subscribe');
        const json = jsonOf(answer, 'Subscribe') as Json;
        // Older FreshRSS versions answer the bare number.
        const raw = str(json.streamId);
        const id = /^\d+$/.test(raw) ? `feed/${raw}` : raw;
        if (!id) {
          const why = typeof json.error === 'string' && json.error ? ` (${json.error})` : '';
          throw syncError('sync_refused', `The server could not subscribe to ${url}${why}.`);
        }
        const pairs: [string, string][] = [
          ['ac', 'edit'],
          ['s', id],
        ];
        if (title) pairs.push(['t', title]);
        if (group) pairs.push(['a', LABEL + group]);
        if (pairs.length > 2) await post('/subscription/edit', pairs, 'Subscribe');
        return id;
      },
      unsubscribe: async (feedId) =>
        void (await post(
          '/subscription/edit',
          [
            ['ac', 'unsubscribe'],
            ['s', feedId],
          ],
          'Unsubscribe',
        )),
      rename: async (feedId, title) =>
        void (await post(
          '/subscription/edit',
          [
            ['ac', 'edit'],
            ['s', feedId],
            ['t', title],
          ],
          'Rename',
        )),
      async move(feedId, from, to) {
        const pairs: [string, string][] = [
          ['ac', 'edit'],
          ['s', feedId],
        ];
        if (from) pairs.push(['r', LABEL + from]);
        if (to) pairs.push(['a', LABEL + to]);
        await post('/subscription/edit', pairs, 'Move');
      },
    },
  };
}
