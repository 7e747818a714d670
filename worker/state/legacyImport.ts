/**
 * One-time import of the read/saved state an older Rivulet kept in localStorage. The UI reads
 * the raw strings (the worker has no localStorage) and passes them to `init({ legacy })`.
 *
 * How the keys are read (leniently; anything else is skipped with a console.warn):
 * - `readfeeds`: JSON object feedId → number of items read in that feed. Sets the feed's
 *   readCount to max(current, legacy value): the legacy count also covers items long deleted.
 * - `urids`: ids of read items — a JSON array of numbers or numeric strings, or an object
 *   whose keys are the ids.
 * - `sids`: ids of saved items, same shapes as `urids`.
 * Ids of items that no longer exist are ignored. The import runs once: a flag in `meta` records
 * it, and later calls do nothing.
 */
import { META_KEYS } from '../db/meta';
import type { EngineContext } from '../engineContext';
import type { Feed } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { setFlag } from './flags';

/** Raw localStorage strings as the UI found them (null when the key is absent). */
export interface LegacyState {
  readfeeds?: string | null;
  urids?: string | null;
  sids?: string | null;
}

/** Outcome: `imported` = ran now; `done` = has run (now or before), so the UI may drop the keys. */
export interface LegacyResult {
  imported: boolean;
  done: boolean;
}

function parseJson(raw: string, key: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    console.warn(`Rivulet: legacy '${key}' is not JSON; ignored`);
    return undefined;
  }
}

function toId(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Parses a legacy id list (`urids`, `sids`); never throws. */
export function parseIdList(raw: string | null | undefined, key: string): number[] {
  if (raw == null || raw === '') return [];
  const data = parseJson(raw, key);
  if (data === undefined) return [];
  let candidates: unknown[];
  if (Array.isArray(data)) candidates = data;
  else if (typeof data === 'object' && data !== null) candidates = Object.keys(data);
  else {
    console.warn(`Rivulet: legacy '${key}' is neither a list nor an object; ignored`);
    return [];
  }
  const ids: number[] = [];
  let junk = 0;
  for (const c of candidates) {
    const id = toId(c);
    if (id === null) junk++;
    else ids.push(id);
  }
  if (junk > 0) console.warn(`Rivulet: legacy '${key}' had ${junk} unusable entries; skipped`);
  return ids;
}

/** Parses legacy `readfeeds` (feedId → read count); never throws. */
export function parseReadFeeds(raw: string | null | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (raw == null || raw === '') return out;
  const data = parseJson(raw, 'readfeeds');
  if (data === undefined) return out;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    console.warn("Rivulet: legacy 'readfeeds' is not an object; ignored");
    return out;
  }
  let junk = 0;
  for (const [key, value] of Object.entries(data)) {
    const id = toId(key);
    const count: unknown = typeof value === 'string' ? Number(value) : value;
    if (id === null || typeof count !== 'number' || !Number.isFinite(count) || count < 0) junk++;
    else out.set(id, Math.floor(count));
  }
  if (junk > 0) console.warn(`Rivulet: legacy 'readfeeds' had ${junk} unusable entries; skipped`);
  return out;
}

/**
 * Imports legacy state once (see file comment). Cost: like markRead/markSaved on the listed
 * ids plus one feeds transaction. Fails with the storage error texts; the flag is then not set,
 * so the next start retries.
 */
export async function importLegacy(
  ctx: EngineContext,
  legacy: LegacyState | undefined,
): Promise<LegacyResult> {
  const already = (await ctx.stores.meta.get(META_KEYS.legacyImported)) !== undefined;
  const given = legacy && [legacy.readfeeds, legacy.urids, legacy.sids].some((v) => v != null);
  if (already || !legacy || !given) return { imported: false, done: already };
  const read = await setFlag(ctx, parseIdList(legacy.urids, 'urids'), FLAG_READ, true);
  const saved = await setFlag(ctx, parseIdList(legacy.sids, 'sids'), FLAG_SAVED, true);
  const counts = parseReadFeeds(legacy.readfeeds);
  if (counts.size > 0) {
    const feeds = await ctx.db.tx('update', 'rw', ['feeds'], async () => {
      const table = ctx.db.table('feeds');
      const found = (await table.bulkGet([...counts.keys()])).filter((f): f is Feed => f !== undefined);
      for (const feed of found) feed.readCount = Math.max(feed.readCount || 0, counts.get(feed.id) ?? 0);
      await table.bulkPut(found);
      return found;
    });
    for (const feed of feeds) ctx.feedCache.set(feed.id, feed);
    if (feeds.length)
      ctx.events.emit({ type: 'feeds-changed', feedIds: feeds.map((f) => f.id) }, ctx.applied.counter);
  }
  await ctx.stores.meta.set(META_KEYS.legacyImported, {
    at: ctx.now(),
    read: read.length,
    saved: saved.length,
  });
  return { imported: true, done: true };
}
