/**
 * Engine calls that other issues add (feed walk by priority, refresh, the filter language).
 * They are reached through a loosely typed view of the remote so this file compiles whether
 * or not they exist yet; a missing method rejects (Comlink reports the bad path), and each
 * helper turns that into its documented fallback.
 */
import type { Counts, Feed, ItemRow, Page } from '../engine/contract';
import { getEngine, engineReady } from '../engine/client';
import { t } from '../i18n';

type Fn = (...args: unknown[]) => Promise<unknown>;
type Loose = Record<string, Record<string, Fn | undefined> | undefined>;

async function call(domain: string, method: string, ...args: unknown[]): Promise<unknown> {
  await engineReady();
  const remote = getEngine() as unknown as Loose;
  const fn = remote[domain]?.[method];
  if (!fn) throw new Error(`engine has no ${domain}.${method}`);
  return fn(...args);
}

/** Scopes a refresh can cover. */
export interface RefreshTarget {
  scope: 'all' | 'feed' | 'group';
  id?: number;
}

// The subscribe engineer's shared refresh action, when that module exists (glob: no build error).
const refreshModules = import.meta.glob<{ startRefresh?: (scope: RefreshTarget) => unknown }>(
  '../subscriptions/refreshActions.ts',
);

/**
 * Starts a refresh of `target`: through `startRefresh` of src/subscriptions/refreshActions.ts
 * when it exists (it shows progress), else `refresh.start` on the engine. Resolves false when
 * neither is available.
 */
export async function startRefresh(target: RefreshTarget): Promise<boolean> {
  const loader = Object.values(refreshModules)[0];
  if (loader) {
    const mod = await loader();
    if (mod.startRefresh) {
      await mod.startRefresh(target);
      return true;
    }
  }
  try {
    await call('refresh', 'start', target);
    return true;
  } catch (err) {
    console.warn('Rivulet: refresh is not available', err);
    return false;
  }
}

/**
 * Feed walk without the engine's priority score: feeds read most first (readCount), then by id;
 * the next (or previous) one after `current` with unread items, wrapping. Null when none.
 */
export function localNextUnread(
  feeds: readonly Feed[],
  counts: Counts,
  current: number | null,
  direction: 1 | -1,
): number | null {
  const order = [...feeds].sort((a, b) => b.readCount - a.readCount || a.id - b.id);
  const n = order.length;
  if (n === 0) return null;
  const at = current === null ? -1 : order.findIndex((f) => f.id === current);
  for (let step = 1; step <= n; step++) {
    const i = at === -1 && direction === -1 ? n - step : (((at + direction * step) % n) + n) % n;
    const f = order[i]!;
    if (f.id !== current && (counts.unreadByFeed[f.id] ?? 0) > 0) return f.id;
  }
  return null;
}

/**
 * The next (direction 1) or previous feed with unread items after `current`, walked in the
 * engine's priority order (`feeds.nextUnread`); falls back to {@link localNextUnread} when the
 * engine does not have it. Null when every feed is read.
 */
export async function nextUnreadFeed(
  current: number | null,
  direction: 1 | -1,
  fallback: () => Promise<{ feeds: Feed[]; counts: Counts }>,
): Promise<number | null> {
  try {
    const answer = await call('feeds', 'nextUnread', current, direction);
    if (typeof answer === 'number') return answer;
    if (answer && typeof answer === 'object' && 'id' in answer && typeof answer.id === 'number')
      return answer.id;
    if (answer === null || answer === undefined) return null;
  } catch {
    // Not there yet: walk locally.
  }
  const { feeds, counts } = await fallback();
  return localNextUnread(feeds, counts, current, direction);
}

/** Whether the filter language is available in this engine. */
export class FilterUnavailable extends Error {}

/**
 * One page of a saved query through `query.run` (or weighted keywords through
 * `query.keywords`). Rejects with FilterUnavailable when the engine has no filter language yet.
 */
export async function runFilterPage(
  filter: { query?: string; keywords?: { keyword: string; weight: number }[] },
  cursor: string | null,
  unreadOnly: boolean,
): Promise<Page<ItemRow>> {
  const opts = { cursor, limit: 50, unreadOnly };
  const useKeywords = !filter.query?.trim() && (filter.keywords?.length ?? 0) > 0;
  try {
    const page = useKeywords
      ? await call('query', 'keywords', filter.keywords, opts)
      : await call('query', 'run', filter.query ?? '', opts);
    return page as Page<ItemRow>;
  } catch (err) {
    if (err instanceof Error && /engine has no|is not a function|undefined/.test(err.message))
      throw new FilterUnavailable(t('items.filterUnavailable'));
    throw err;
  }
}
