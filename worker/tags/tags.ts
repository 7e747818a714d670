/**
 * Tags: user-named, coloured labels any article can carry (the `tags` domain of the engine API).
 *
 * Storage: the definitions (id, name, colour) are one small record in `meta` (`tags`), read
 * whole; an item's tag ids live on its own record (`Item.tags`), so the in-memory index knows
 * each item's tags (counts, the `tag` list scope and the `tags` query field answer from memory)
 * and backup/restore carry them with the items. Tag ids are never reused, so an undone delete
 * brings the tag back under its old id.
 */
import { META_KEYS, prepareCounterBump } from '../db/meta';
import { SummaryTally, tagLogRecord } from '../index/flagLog';
import type { StoredItem } from '../db/schema';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { Tag, TagWithCounts, UndoToken } from '../types';
import { TAG_COLORS, isTagColor, type TagColor } from '../../shared/tagColors';

/** Meta key of the tag definitions. */
export const TAGS_META_KEY = 'tags';
/** Meta key of the rename log (TagRenameLog). */
export const TAG_RENAMES_META_KEY = 'tagRenames';
/** Renames the log keeps (a page that missed more than this many catches up on these only). */
export const TAG_RENAMES_KEPT = 200;
/** Longest tag name, in characters. */
export const MAX_TAG_NAME = 40;

// Ids per transaction, as for read/saved changes.
const CHUNK = 5000;

/** What is stored under `meta.tags`. */
export interface TagsRecord {
  /** The next id to give; ids are never reused. */
  next: number;
  tags: Tag[];
}

/**
 * The tag renames, in order: saved filters live in the page's settings, out of the engine's
 * reach, so the page brings their queries up to date from this log (src/tags/renameLog.ts). A
 * rename writes its entry in the transaction that renames the tag (and the rules), so no rename
 * is lost to a page closed half-way. `epoch` names this log (made with its first rename; '' before
 * that): a new one (a cleared database) starts its numbering again.
 */
export interface TagRenameLog {
  epoch: string;
  /** The number of the last rename; 0 when none. */
  seq: number;
  renames: Array<{ seq: number; from: string; to: string }>;
}

/**
 * What a rename does in its own transaction besides renaming the tag (the rules rewrite their
 * actions and queries: rules/tagNames.ts): runs inside the transaction over `meta`, so it may
 * await only database calls; a failure undoes the whole rename.
 */
export type TagRenameStep = (from: string, to: string) => Promise<void>;

/** The tags domain. Every name comparison ignores case (`AI` and `ai` are one tag). */
export interface TagsApi {
  /** Every tag, by name, with its live item counts (from the index). One meta read. */
  list(): Promise<TagWithCounts[]>;
  /**
   * Makes a tag (`color` defaults to the next palette colour in turn). Fails:
   * EngineError('bad_input') for an empty, too long or taken name or an unknown colour.
   */
  create(name: string, color?: TagColor): Promise<Tag>;
  /**
   * Renames a tag and logs the rename (`renames`), with `also` (engine-internal; the page cannot
   * pass it) in the same transaction. Fails like `create`, or EngineError('not_found'). With
   * `ifTaken` 'suffix' (an undone rename), a name another tag took meanwhile is not refused: the
   * tag gets it with the first free ` (2)`, ` (3)`… after it, as an undone delete does.
   */
  rename(id: number, name: string, also?: TagRenameStep, ifTaken?: 'refuse' | 'suffix'): Promise<Tag>;
  /** The rename log (the last TAG_RENAMES_KEPT renames). One meta read. */
  renames(): Promise<TagRenameLog>;
  /** Gives a tag another palette colour; fails: EngineError('bad_input' | 'not_found'). */
  recolor(id: number, color: TagColor): Promise<Tag>;
  /**
   * Deletes a tag and takes it off every item; returns the undo token (`state.undo` brings the
   * tag back, same id, name and colour, on the same items). Fails: EngineError('not_found').
   */
  remove(id: number): Promise<UndoToken>;
  /**
   * Puts tag `tagId` on these items (`on`) or takes it off; returns the undo token (`ids`: the
   * items that changed). Unknown item ids are skipped. Cost: per 5,000 ids one read-write
   * transaction. Fails: EngineError('not_found') for an unknown tag, `Error updating data: …`.
   */
  setOnItems(itemIds: number[], tagId: number, on: boolean): Promise<UndoToken>;
  /**
   * Puts the tag named `tagName` (case-insensitive; created with the next colour when there is
   * none) on these items; returns the undo token. The rules engine's "add tag" action.
   * Fails: EngineError('bad_input') for a bad name, `Error updating data: …`.
   */
  addToItems(itemIds: number[], tagName: string): Promise<UndoToken>;
}

/** Builds the tags domain over an engine context. */
export function createTagsApi(ctx: EngineContext): TagsApi {
  return {
    list: async () => {
      const { tags } = await readTags(ctx);
      const counts = ctx.index.tagCounts();
      return tags
        .map((t) => ({ ...t, total: counts.get(t.id)?.total ?? 0, unread: counts.get(t.id)?.unread ?? 0 }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
    },
    create: async (name, color) => {
      const tag = await changeTags(ctx, (record) => addTag(record, name, color));
      ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
      return tag;
    },
    rename: async (id, name, also, ifTaken) => {
      const wanted = checkName(name);
      const tag = await ctx.db.tx('update', 'rw', ['meta'], async () => {
        const meta = ctx.db.table('meta');
        const [stored, log] = await Promise.all([meta.get(TAGS_META_KEY), meta.get(TAG_RENAMES_META_KEY)]);
        const record = readTagsRecord(stored?.value);
        const found = findTag(record, id);
        const clean = ifTaken === 'suffix' ? freeName(record, wanted, id) : wanted;
        ensureFree(record, clean, id);
        const from = found.name;
        found.name = clean;
        await meta.put({ key: TAGS_META_KEY, value: record });
        if (from !== clean) {
          await meta.put({
            key: TAG_RENAMES_META_KEY,
            value: logRename(readRenameLog(log?.value), from, clean),
          });
          if (also && typeof also === 'function') await also(from, clean);
        }
        return { ...found };
      });
      ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
      return tag;
    },
    renames: async () => readRenameLog(await ctx.stores.meta.get(TAG_RENAMES_META_KEY)),
    recolor: async (id, color) => {
      if (!isTagColor(color)) throw badColor(color);
      const tag = await changeTags(ctx, (record) => {
        const found = findTag(record, id);
        found.color = color;
        return { ...found };
      });
      ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
      return tag;
    },
    remove: async (id) => {
      const tag = findTag(await readTags(ctx), id);
      const ids = await setTagOnItems(ctx, ctx.index.idsWithTag(id), id, false);
      await changeTags(ctx, (record) => {
        record.tags = record.tags.filter((t) => t.id !== id);
      });
      ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
      return { flag: 'tag-deleted', tag: { ...tag }, ids };
    },
    setOnItems: async (itemIds, tagId, on) => {
      findTag(await readTags(ctx), tagId);
      return { flag: 'tag', tagId, set: on, ids: await setTagOnItems(ctx, itemIds, tagId, on) };
    },
    addToItems: async (itemIds, tagName) => {
      const clean = checkName(tagName);
      let created = false;
      const tag = await changeTags(ctx, (record) => {
        const found = record.tags.find((t) => sameName(t.name, clean));
        if (found) return { ...found };
        created = true;
        return addTag(record, clean);
      });
      if (created) ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
      return { flag: 'tag', tagId: tag.id, set: true, ids: await setTagOnItems(ctx, itemIds, tag.id, true) };
    },
  };
}

/**
 * Takes back a tag token (called by `state.undo`): a tag change flips back on its items; a
 * deleted tag is defined again (same id) and put back on its items. Returns how many items
 * changed back.
 */
export async function undoTagToken(
  ctx: EngineContext,
  token: Extract<UndoToken, { flag: 'tag' | 'tag-deleted' }>,
): Promise<number> {
  if (token.flag === 'tag') {
    const known = (await readTags(ctx)).tags.some((t) => t.id === token.tagId);
    // Adding back a tag deleted since would leave items with a tag nobody can see.
    if (!known && !token.set) return 0;
    return (await setTagOnItems(ctx, token.ids, token.tagId, !token.set)).length;
  }
  const { tag } = token;
  await changeTags(ctx, (record) => {
    if (record.tags.some((t) => t.id === tag.id)) return;
    // A tag of that name made since the delete keeps the name; the returning one gets a suffix.
    record.tags.push({ id: tag.id, name: freeName(record, tag.name, -1), color: tag.color });
    record.next = Math.max(record.next, tag.id + 1);
  });
  ctx.events.emit({ type: 'tags-changed', ids: [] }, ctx.applied.counter);
  return (await setTagOnItems(ctx, token.ids, tag.id, true)).length;
}

/** True when `token` is a valid tag token (it crosses the worker boundary: shape not trusted). */
export function isTagToken(token: unknown): token is Extract<UndoToken, { flag: 'tag' | 'tag-deleted' }> {
  if (typeof token !== 'object' || token === null) return false;
  const t = token as Record<string, unknown>;
  const idsOk = Array.isArray(t.ids) && t.ids.every((id) => Number.isInteger(id));
  if (t.flag === 'tag') return idsOk && Number.isInteger(t.tagId) && typeof t.set === 'boolean';
  if (t.flag !== 'tag-deleted' || !idsOk || typeof t.tag !== 'object' || t.tag === null) return false;
  const tag = t.tag as Record<string, unknown>;
  return Number.isInteger(tag.id) && typeof tag.name === 'string' && isTagColor(tag.color);
}

/** The stored definitions (an empty record when none or malformed). One meta read. */
export async function readTags(ctx: EngineContext): Promise<TagsRecord> {
  return readTagsRecord(await ctx.stores.meta.get(TAGS_META_KEY));
}

/** A stored `meta.tags` value checked (an empty record when absent or malformed). */
export function readTagsRecord(value: unknown): TagsRecord {
  const v = value as Partial<TagsRecord> | undefined;
  if (!v || typeof v !== 'object' || !Array.isArray(v.tags)) return { next: 1, tags: [] };
  const tags = v.tags.filter(
    (t): t is Tag =>
      typeof t === 'object' &&
      t !== null &&
      Number.isInteger(t.id) &&
      typeof t.name === 'string' &&
      isTagColor(t.color),
  );
  const next = Math.max(typeof v.next === 'number' ? v.next : 1, ...tags.map((t) => t.id + 1));
  return { next, tags };
}

/** A stored rename log checked (an empty one of epoch '' when absent or malformed). */
export function readRenameLog(value: unknown): TagRenameLog {
  const v = value as Partial<TagRenameLog> | undefined;
  if (!v || typeof v !== 'object' || typeof v.epoch !== 'string' || !Array.isArray(v.renames))
    return { epoch: '', seq: 0, renames: [] };
  const renames = v.renames.filter(
    (r): r is TagRenameLog['renames'][number] =>
      typeof r === 'object' &&
      r !== null &&
      Number.isInteger(r.seq) &&
      typeof r.from === 'string' &&
      typeof r.to === 'string',
  );
  const seq = Math.max(Number.isInteger(v.seq) ? v.seq! : 0, ...renames.map((r) => r.seq));
  return { epoch: v.epoch, seq, renames };
}

// The log with one more rename, keeping the last TAG_RENAMES_KEPT.
function logRename(log: TagRenameLog, from: string, to: string): TagRenameLog {
  const seq = log.seq + 1;
  const epoch = log.epoch || Math.random().toString(36).slice(2, 12);
  return { epoch, seq, renames: [...log.renames, { seq, from, to }].slice(-TAG_RENAMES_KEPT) };
}

// Reads, changes and writes the definitions in one transaction; returns what `change` returns.
async function changeTags<T>(ctx: EngineContext, change: (record: TagsRecord) => T): Promise<T> {
  return ctx.db.tx('update', 'rw', ['meta'], async () => {
    const meta = ctx.db.table('meta');
    const record = readTagsRecord((await meta.get(TAGS_META_KEY))?.value);
    const result = change(record);
    await meta.put({ key: TAGS_META_KEY, value: record });
    return result;
  });
}

function addTag(record: TagsRecord, name: string, color?: TagColor): Tag {
  const clean = checkName(name);
  if (color !== undefined && !isTagColor(color)) throw badColor(color);
  ensureFree(record, clean, -1);
  const tag: Tag = {
    id: record.next++,
    name: clean,
    color: color ?? TAG_COLORS[(record.next - 1) % TAG_COLORS.length]!,
  };
  record.tags.push(tag);
  return { ...tag };
}

function findTag(record: TagsRecord, id: number): Tag {
  const found = record.tags.find((t) => t.id === id);
  if (!found) throw new EngineError('not_found', 'This tag no longer exists.');
  return found;
}

// `name` when no tag but `exceptId` has it, else the first of `name (2)`, `name (3)`… that is free.
function freeName(record: TagsRecord, name: string, exceptId: number): string {
  const taken = (n: string) => record.tags.some((t) => t.id !== exceptId && sameName(t.name, n));
  let free = name;
  for (let n = 2; taken(free); n++) free = `${name} (${n})`;
  return free;
}

function ensureFree(record: TagsRecord, name: string, exceptId: number): void {
  if (record.tags.some((t) => t.id !== exceptId && sameName(t.name, name)))
    throw new EngineError('bad_input', `A tag named “${name}” already exists.`, {
      field: 'name',
      reason: 'taken',
    });
}

/** A tag name trimmed and checked; EngineError('bad_input') when empty, too long or unprintable. */
export function checkName(name: unknown): string {
  const clean = typeof name === 'string' ? name.trim().replace(/\s+/g, ' ') : '';
  if (!clean) throw new EngineError('bad_input', 'A tag needs a name.', { field: 'name', reason: 'empty' });
  if ([...clean].length > MAX_TAG_NAME)
    throw new EngineError('bad_input', `A tag name has at most ${MAX_TAG_NAME} characters.`, {
      field: 'name',
      reason: 'long',
    });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(clean))
    throw new EngineError('bad_input', 'A tag name cannot hold control characters.', {
      field: 'name',
      reason: 'chars',
    });
  return clean;
}

/** Tag names compare case-insensitively, as text does in the filter language. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function badColor(color: unknown): EngineError {
  return new EngineError('bad_input', `Unknown tag colour '${String(color)}'.`, { field: 'color' });
}

/**
 * Puts `tagId` on (or takes it off) these items; returns the ids that changed. Per chunk of
 * 5,000: one read-write transaction (bulkGet + bulkPut of the changed items, counter bump),
 * then the index and a `tags-changed` event. Unknown ids are skipped.
 */
export async function setTagOnItems(
  ctx: EngineContext,
  ids: number[],
  tagId: number,
  on: boolean,
): Promise<number[]> {
  const changedAll: number[] = [];
  const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const result = await ctx.db.tx('update', 'rw', ['items', 'meta'], async () => {
      const items = ctx.db.table('items');
      const meta = ctx.db.table('meta');
      const [found, bump, summary] = await Promise.all([
        items.bulkGet(chunk),
        prepareCounterBump(ctx.db),
        meta.get(META_KEYS.indexSummary),
      ]);
      const changed: StoredItem[] = [];
      for (const item of found) {
        if (!item) continue;
        const had = item.tags ?? [];
        if (had.includes(tagId) === on) continue;
        const next = on ? [...had, tagId] : had.filter((t) => t !== tagId);
        if (next.length > 0) item.tags = next;
        else delete item.tags;
        changed.push(item);
      }
      if (changed.length === 0) return null;
      // Logged like a flag change (index/flagLog.ts), so a start need not rebuild the index; the
      // counts summary has no tag counts, so it only moves to the new counter.
      const moved = new SummaryTally().applyTo(summary?.value, bump.next);
      await Promise.all([
        items.bulkPut(changed),
        bump.write(),
        meta.put(tagLogRecord(bump.next, changed)),
        moved ? meta.put({ key: META_KEYS.indexSummary, value: moved }) : null,
      ]);
      return { changed, counter: bump.next };
    });
    if (!result) continue;
    ctx.index.setTags(result.changed);
    const changedIds = result.changed.map((item) => item.id);
    changedAll.push(...changedIds);
    afterItemsWrite(ctx, result.counter, [{ type: 'tags-changed', ids: changedIds }]);
  }
  return changedAll;
}
