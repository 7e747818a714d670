/**
 * The part of a merge restore after groups, feeds and items: everything else a replace restore
 * brings back, with the backup's item, feed and tag ids turned into this browser's. Runs inside
 * the merge's one transaction (restore.ts), so it lands or fails with the rest.
 *
 * - highlights (and their notes): added unless the article already has one on the same passage
 *   (same quote, prefix and suffix); a highlight whose article is not in the backup (it was
 *   deleted: an orphan, kept on purpose) keeps its old article id when no article here has it.
 * - fullTexts: a whole article the browser lacks (or only has as a failure) is added.
 * - summaries: AI summaries and translations the browser lacks, keyed by the new item id.
 * - meta: rules the browser lacks (by id) are appended; the rules' log gets the backup's runs
 *   (item ids renumbered, tag undo tokens pointed at this browser's tags, run ids above ours),
 *   skipping runs it already has; any other entry the browser lacks is added.
 */
import type { FullTextRecord, SummaryRecord } from '../db/schema';
import { META_KEYS } from '../db/meta';
import type { EngineContext } from '../engineContext';
import type { Highlight } from '../highlights/types';
import type { Rule, RuleRun, UndoToken } from '../types';
import { TAGS_META_KEY } from '../tags/tags';
import type { StagedBackup } from './parse';

/** Stores a merge writes besides groups, feeds, items and meta (when the database has them). */
export const EXTRA_STORES = ['highlights', 'fullTexts', 'summaries'];

/** Backup id → this browser's id, per kind. */
export interface IdMaps {
  items: Map<number, number>;
  feeds: Map<number, number>;
  tags: Map<number, number>;
}

/** A run as the rules keep it in the log (worker/rules/rules.ts), with its undo record. */
interface StoredRun extends RuleRun {
  changes?: { read: number[]; saved: number[]; hidden: number[]; tags: UndoToken[] };
}

const valuesOf = <T>(staged: StagedBackup, store: string): T[] =>
  (staged.records.get(store) ?? []).map((r) => r.value as T);

/** Merges the extra stores and meta; returns records written per store. */
export async function mergeExtras(
  ctx: EngineContext,
  staged: StagedBackup,
  ids: IdMaps,
): Promise<Record<string, number>> {
  const present = new Set(ctx.db.dexie.tables.map((t) => t.name));
  const written: Record<string, number> = {};
  if (present.has('highlights')) written.highlights = await mergeHighlights(ctx, staged, ids);
  if (present.has('fullTexts')) written.fullTexts = await mergeFullTexts(ctx, staged, ids);
  if (present.has('summaries')) written.summaries = await mergeSummaries(ctx, staged, ids);
  written.meta = await mergeMeta(ctx, staged, ids);
  return written;
}

const passage = (h: Highlight) =>
  `${h.itemId}\u0000${h.quote.exact}\u0000${h.quote.prefix ?? ''}\u0000${h.quote.suffix ?? ''}`;

async function mergeHighlights(ctx: EngineContext, staged: StagedBackup, ids: IdMaps): Promise<number> {
  const theirs = valuesOf<Highlight>(staged, 'highlights');
  if (theirs.length === 0) return 0;
  const table = ctx.db.dexie.table<Highlight, number>('highlights');
  const items = ctx.db.dexie.table<{ id: number }, number>('items');
  const known = new Set((await table.toArray()).map(passage));
  const adds: Omit<Highlight, 'id'>[] = [];
  for (const h of theirs) {
    let itemId = ids.items.get(h.itemId);
    // An orphan of a deleted article: its old id, unless an article here has that id.
    if (itemId === undefined) itemId = (await items.get(h.itemId)) ? undefined : h.itemId;
    if (itemId === undefined) continue;
    const { id: _old, ...rest } = h;
    const next = { ...rest, itemId, feedId: ids.feeds.get(h.feedId) ?? h.feedId };
    const key = passage({ ...next, id: 0 });
    if (known.has(key)) continue;
    known.add(key);
    adds.push(next);
  }
  if (adds.length) await table.bulkAdd(adds as Highlight[]);
  return adds.length;
}

async function mergeFullTexts(ctx: EngineContext, staged: StagedBackup, ids: IdMaps): Promise<number> {
  const table = ctx.db.dexie.table<FullTextRecord, number>('fullTexts');
  const puts: FullTextRecord[] = [];
  for (const f of valuesOf<FullTextRecord>(staged, 'fullTexts')) {
    const itemId = ids.items.get(f.itemId);
    if (itemId === undefined) continue;
    const have = await table.get(itemId);
    if (have && (have.status === 'ok' || f.status !== 'ok')) continue;
    puts.push({ ...f, itemId, feedId: ids.feeds.get(f.feedId) ?? f.feedId });
  }
  if (puts.length) await table.bulkPut(puts);
  return puts.length;
}

async function mergeSummaries(ctx: EngineContext, staged: StagedBackup, ids: IdMaps): Promise<number> {
  const table = ctx.db.dexie.table<SummaryRecord, string>('summaries');
  const puts: SummaryRecord[] = [];
  for (const s of valuesOf<SummaryRecord>(staged, 'summaries')) {
    const itemId = ids.items.get(s.itemId);
    // Keys: `itemId:…` (summaries) or `translation:itemId:…` (translations).
    const m = /^(translation:)?(\d+)(:.*)$/s.exec(s.key);
    if (itemId === undefined || !m || Number(m[2]) !== s.itemId) continue;
    const key = `${m[1] ?? ''}${itemId}${m[3]}`;
    if (await table.get(key)) continue;
    puts.push({ ...s, key, itemId });
  }
  if (puts.length) await table.bulkPut(puts);
  return puts.length;
}

/** A tag undo token with this browser's item and tag ids (null when its tag is unknown). */
function mapToken(token: UndoToken, ids: IdMaps): UndoToken | null {
  const itemIds = token.ids.map((id) => ids.items.get(id)).filter((id): id is number => id !== undefined);
  if (token.flag === 'tag') {
    const tagId = ids.tags.get(token.tagId);
    return tagId === undefined ? null : { ...token, tagId, ids: itemIds };
  }
  if (token.flag === 'tag-deleted') {
    const tagId = ids.tags.get(token.tag.id) ?? token.tag.id;
    return { ...token, tag: { ...token.tag, id: tagId }, ids: itemIds };
  }
  return { ...token, ids: itemIds };
}

const runKey = (r: StoredRun) => `${r.ruleId}\u0000${r.at}\u0000${r.trigger}\u0000${r.count}`;

async function mergeMeta(ctx: EngineContext, staged: StagedBackup, ids: IdMaps): Promise<number> {
  const meta = ctx.db.dexie.table<{ key: string; value: unknown }, string>('meta');
  let n = 0;
  const mapIds = (list: number[] | undefined) =>
    (list ?? []).map((id) => ids.items.get(id)).filter((id): id is number => id !== undefined);
  for (const { key, value } of valuesOf<{ key: string; value: unknown }>(staged, 'meta')) {
    // Tags were merged with the items (restore.ts); counts describe this browser's index.
    if (key === TAGS_META_KEY || key === META_KEYS.indexSummary) continue;
    const ours = (await meta.get(key))?.value;
    if (key === META_KEYS.rules) {
      const have = Array.isArray(ours) ? (ours as Rule[]) : [];
      const added = (Array.isArray(value) ? (value as Rule[]) : []).filter(
        (r) => !have.some((h) => h.id === r.id),
      );
      if (added.length === 0) continue;
      const rules = [...have, ...added].map((r, i) => ({ ...r, order: i }));
      await meta.put({ key, value: rules });
      n++;
    } else if (key === META_KEYS.ruleLog) {
      const have = Array.isArray(ours) ? (ours as StoredRun[]) : [];
      const seen = new Set(have.map(runKey));
      let nextId = have.reduce((m, r) => Math.max(m, r.id), 0) + 1;
      const added: StoredRun[] = [];
      for (const run of Array.isArray(value) ? (value as StoredRun[]) : []) {
        if (seen.has(runKey(run))) continue;
        seen.add(runKey(run));
        const id = nextId++;
        const { changes, undoToken, ...rest } = run;
        const mapped: StoredRun = { ...rest, id, itemIds: mapIds(run.itemIds) };
        if (changes && undoToken) {
          mapped.changes = {
            read: mapIds(changes.read),
            saved: mapIds(changes.saved),
            hidden: mapIds(changes.hidden),
            tags: changes.tags.map((t) => mapToken(t, ids)).filter((t): t is UndoToken => t !== null),
          };
          mapped.undoToken = `run:${id}`;
        }
        added.push(mapped);
      }
      if (added.length === 0) continue;
      await meta.put({ key, value: [...have, ...added].sort((a, b) => a.at - b.at || a.id - b.id) });
      n++;
    } else if (ours === undefined) {
      await meta.put({ key, value });
      n++;
    }
  }
  return n;
}
