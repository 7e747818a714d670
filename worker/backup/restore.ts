/**
 * Writing a staged backup. Everything happens in ONE read-write transaction over the stores it
 * touches, so a failure half-way (the storage quota, a crash of the tab) leaves the database as
 * it was: IndexedDB rolls the whole transaction back. The price is that the parsed backup sits
 * in memory while it is written (see parse.ts), which is fine for a rare, explicit action.
 *
 * - replace: every backed-up store is emptied and refilled with the backup's records, ids kept,
 *   so restoring into an empty browser gives back exactly what was saved.
 * - merge: groups are matched by title, feeds by address, items by (feed, dedupe key); what is
 *   missing is added with new ids and read/saved marks are combined (a mark in either side
 *   stays). An article joining a feed here that declares another language than its feed in the
 *   file keeps the one it was in as its own; a feed here with no language takes the file's.
 *   Tags are matched by name (ignoring case): a tag the browser lacks is added with a
 *   new id, and each item gets the union of its tags on both sides. Highlights and notes, whole
 *   articles, AI summaries, rules and the rules' log follow with their item ids renumbered
 *   (mergeExtras.ts); only the sync stores (this browser's account) are left as they are.
 */
import type { IndexableTypeArrayReadonly, Table } from 'dexie';
import { isQuotaError, QUOTA_EXCEEDED } from '../db/dbErrors';
import { bumpItemsCounter, META_KEYS } from '../db/meta';
import type { StoredItem } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { urlKey } from '../../shared/urlKey';
import type { Feed, Group } from '../types';
import { isSecretMetaKey, type RecordLine } from './format';
import type { StagedBackup } from './parse';
import { readTagsRecord, TAGS_META_KEY } from '../tags/tags';
import { EXTRA_STORES, mergeExtras } from './mergeExtras';

/** Records written per awaited step (progress is reported between steps). */
const STEP = 2000;

/**
 * Inside the merge transaction: adds the backup's tags the browser lacks (matched by name,
 * ignoring case) and returns the backup's tag ids mapped to this browser's.
 */
async function mergeTagDefinitions(ctx: EngineContext, staged: StagedBackup): Promise<Map<number, number>> {
  const line = (staged.records.get('meta') ?? []).find(
    (r) => (r.value as { key?: unknown }).key === TAGS_META_KEY,
  );
  const theirs = readTagsRecord((line?.value as { value?: unknown } | undefined)?.value);
  const out = new Map<number, number>();
  if (theirs.tags.length === 0) return out;
  const meta = ctx.db.table('meta');
  const ours = readTagsRecord((await meta.get(TAGS_META_KEY))?.value);
  for (const tag of theirs.tags) {
    let mine = ours.tags.find((t) => t.name.toLowerCase() === tag.name.toLowerCase());
    if (!mine) {
      mine = { id: ours.next++, name: tag.name, color: tag.color };
      ours.tags.push(mine);
    }
    out.set(tag.id, mine.id);
  }
  await meta.put({ key: TAGS_META_KEY, value: ours });
  return out;
}

/**
 * Progress of a restore: records written of the total while writing, then `commit` once every
 * record is handed to IndexedDB and the transaction is committing (nothing is kept yet), then
 * `done` once it has committed (everything is kept). Only `done` means the restore happened.
 */
export type RestorePhase = 'write' | 'commit' | 'done';
export type Progress = (done: number, total: number, phase: RestorePhase) => void;

/** What the restore's transaction records beside the data, for the page (backup.ts). */
export interface RestoredSettings {
  restoreId: string;
  mode: 'merge' | 'replace';
  settings: unknown;
  /** ms since the epoch. */
  at: number;
  /** The backup file's name as the page gave it ('' when unknown), to name it in a notice. */
  file: string;
}

/** The note of a restore under way (meta `restoreStarted`), written before its transaction. */
export interface StartedRestore {
  restoreId: string;
  mode: 'merge' | 'replace';
  file: string;
  /** ms since the epoch. */
  startedAt: number;
}

// Writes the settings record and reports the commit; call last inside the restore transaction.
async function finish(ctx: EngineContext, record: RestoredSettings, total: number, onProgress: Progress) {
  const meta = ctx.db.dexie.table('meta');
  await meta.put({ key: META_KEYS.restoredSettings, value: record });
  // The note "a restore is under way" goes in the same commit: a note left means no commit.
  await meta.delete(META_KEYS.restoreStarted);
  onProgress(total, total, 'commit');
}

/** What a restore changed. */
export interface RestoreOutcome {
  mode: 'merge' | 'replace';
  /** Records written per store (merge: new or changed ones). */
  written: Record<string, number>;
  /** Feed ids before and after, for the change events. */
  feedIdsBefore: number[];
  feedIdsAfter: number[];
}

/** Maps a failed restore to the message people see; nothing was written either way. */
export function restoreError(err: unknown): EngineError {
  if (isQuotaError(err))
    return new EngineError(
      QUOTA_EXCEEDED,
      'The browser has no more storage space for Rivulet, so nothing was restored: your data is as it was. Free some space (or delete old articles), then try again.',
    );
  if (err instanceof EngineError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new EngineError('restore_failed', `The restore failed and nothing was changed: ${message}`);
}

async function putAll(
  table: Table,
  rows: RecordLine[],
  inbound: boolean,
  tick: (n: number) => void,
): Promise<void> {
  for (let i = 0; i < rows.length; i += STEP) {
    const part = rows.slice(i, i + STEP);
    if (inbound) await table.bulkPut(part.map((r) => r.value));
    else
      await table.bulkPut(
        part.map((r) => r.value),
        part.map((r) => r.key) as IndexableTypeArrayReadonly,
      );
    tick(part.length);
  }
}

/**
 * Replaces the database content with the staged backup in one transaction (see the module
 * note). The items change counter moves forward (never back), and derived caches in `meta`
 * (index snapshot, text index) are dropped so they are rebuilt. Fails: `restoreError`.
 */
export async function replaceAll(
  ctx: EngineContext,
  staged: StagedBackup,
  onProgress: Progress,
  record: RestoredSettings,
): Promise<RestoreOutcome> {
  const names = ctx.db.dexie.tables
    .map((t) => t.name)
    .filter((n) => n === 'meta' || staged.header.counts[n] !== undefined);
  if (!names.includes('meta')) names.push('meta');
  const total = [...staged.records.values()].reduce((n, r) => n + r.length, 0);
  let done = 0;
  const tick = (n: number) => {
    done += n;
    onProgress(done, total, 'write');
  };
  const written: Record<string, number> = {};
  const feedIdsBefore = [...ctx.feedCache.keys()];
  try {
    await ctx.db.dexie.transaction('rw', names, async () => {
      const meta = ctx.db.dexie.table('meta');
      const before = (await meta.get(META_KEYS.itemsCounter)) as { value?: unknown } | undefined;
      // Credentials in meta (send-to integrations) are never in a file: they stay as they are.
      const secrets = await meta
        .filter((r: { key: unknown }) => typeof r.key === 'string' && isSecretMetaKey(r.key))
        .toArray();
      for (const name of names) await ctx.db.dexie.table(name).clear();
      for (const name of names) {
        const rows = staged.records.get(name) ?? [];
        const table = ctx.db.dexie.table(name);
        await putAll(table, rows, table.schema.primKey.keyPath != null, tick);
        written[name] = rows.length;
      }
      if (secrets.length) await meta.bulkPut(secrets);
      await bumpItemsCounter(ctx.db, typeof before?.value === 'number' ? before.value : ctx.applied.counter);
      await finish(ctx, record, total, onProgress);
    });
  } catch (err) {
    throw restoreError(err);
  }
  onProgress(total, total, 'done');
  const feedIdsAfter = (staged.records.get('feeds') ?? []).map((r) => (r.value as Feed).id);
  return { mode: 'replace', written, feedIdsBefore, feedIdsAfter };
}

const fold = (title: string) => title.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * The language a merged article keeps as its own: its own in the file, else (joining a feed here
 * that declares another one than its feed there) its feed's there; none where that is the
 * feed's here, which it then inherits (an article records a language only where it differs from
 * its feed's).
 */
function ownLanguage(own: string | undefined, feed: { there: string; here: string } | undefined): string {
  if (!feed) return own ?? '';
  const language = own || feed.there;
  return language === feed.here ? '' : language;
}

/**
 * Merges the staged groups, feeds and items into the database in one transaction (see the
 * module note). Cost: one lookup per item on the unique [feedId+dedupeKey] index, in bulk.
 * Fails: `restoreError`.
 */
export async function mergeInto(
  ctx: EngineContext,
  staged: StagedBackup,
  onProgress: Progress,
  record: RestoredSettings,
): Promise<RestoreOutcome> {
  const groups = (staged.records.get('groups') ?? []).map((r) => r.value as Group);
  const feeds = (staged.records.get('feeds') ?? []).map((r) => r.value as Feed);
  const items = (staged.records.get('items') ?? []).map((r) => r.value as StoredItem);
  const total = groups.length + feeds.length + items.length;
  let done = 0;
  const written = { groups: 0, feeds: 0, items: 0 } as Record<string, number> & {
    groups: number;
    feeds: number;
    items: number;
  };
  const feedIdsBefore = [...ctx.feedCache.keys()];
  const touched = new Set<number>();
  const itemIds = new Map<number, number>();
  const present = new Set(ctx.db.dexie.tables.map((t) => t.name));
  const stores = ['groups', 'feeds', 'items', 'meta', ...EXTRA_STORES.filter((n) => present.has(n))];
  try {
    await ctx.db.dexie.transaction('rw', stores, async () => {
      const groupTable = ctx.db.table('groups');
      const feedTable = ctx.db.table('feeds');
      const itemTable = ctx.db.table('items');
      const tagIds = await mergeTagDefinitions(ctx, staged);
      const mapTags = (tags: number[] | undefined) =>
        (tags ?? []).map((t) => tagIds.get(t)).filter((t): t is number => t !== undefined);
      const groupIds = new Map<number, number>();
      const byTitle = new Map((await groupTable.toArray()).map((g) => [fold(g.title), g.id]));
      for (const g of groups) {
        let id = byTitle.get(fold(g.title));
        if (id === undefined) {
          id = Number(await groupTable.add({ title: g.title } as Group));
          byTitle.set(fold(g.title), id);
          written.groups++;
        }
        groupIds.set(g.id, id);
      }
      done += groups.length;
      onProgress(done, total, 'write');
      const feedIds = new Map<number, number>();
      // Backed-up feeds whose articles join a feed here in another language: the language each
      // of them inherited there, and the one they would inherit here (see `ownLanguage`).
      const languages = new Map<number, { there: string; here: string }>();
      const byUrl = new Map((await feedTable.toArray()).map((f) => [urlKey(f.url), f]));
      for (const f of feeds) {
        let feed = byUrl.get(urlKey(f.url));
        if (feed === undefined) {
          const { id: _old, ...rest } = f;
          feed = { ...rest, groupId: groupIds.get(f.groupId) ?? -1 } as Feed;
          feed.id = Number(await feedTable.add(feed));
          byUrl.set(urlKey(f.url), feed);
          written.feeds++;
        } else if (f.language && !feed.language) {
          // Not fetched here since languages were kept: it takes the one the backup knows.
          feed = { ...feed, language: f.language };
          await feedTable.put(feed);
          byUrl.set(urlKey(f.url), feed);
        } else if ((f.language ?? '') !== (feed.language ?? ''))
          languages.set(f.id, { there: f.language ?? '', here: feed.language ?? '' });
        feedIds.set(f.id, feed.id);
      }
      done += feeds.length;
      onProgress(done, total, 'write');
      for (let i = 0; i < items.length; i += STEP) {
        const part = items.slice(i, i + STEP).map((it) => {
          const tags = mapTags(it.tags);
          const { tags: _theirs, language: _inFile, ...rest } = it;
          const language = ownLanguage(it.language, languages.get(it.feedId));
          return {
            ...rest,
            feedId: feedIds.get(it.feedId)!,
            ...(tags.length ? { tags } : {}),
            ...(language ? { language } : {}),
          };
        });
        const found = await itemTable
          .where('[feedId+dedupeKey]')
          .anyOf(part.map((it) => [it.feedId, it.dedupeKey]))
          .toArray();
        const existing = new Map(found.map((it) => [`${it.feedId}\u0000${it.dedupeKey}`, it]));
        const puts: StoredItem[] = [];
        const adds: Omit<StoredItem, 'id'>[] = [];
        const addedFrom: number[] = [];
        for (const it of part) {
          const have = existing.get(`${it.feedId}\u0000${it.dedupeKey}`);
          if (!have) {
            const { id: old, ...rest } = it;
            adds.push(rest);
            addedFrom.push(old);
          } else {
            itemIds.set(it.id, have.id);
            const tags = [...new Set([...(have.tags ?? []), ...(it.tags ?? [])])];
            const moreTags = tags.length !== (have.tags ?? []).length;
            if ((have.flags | it.flags) === have.flags && !moreTags) continue;
            puts.push({ ...have, flags: have.flags | it.flags, ...(tags.length ? { tags } : {}) });
          }
          touched.add(it.feedId);
        }
        if (adds.length) {
          const keys = await itemTable.bulkAdd(adds as StoredItem[], { allKeys: true });
          keys.forEach((key, k) => itemIds.set(addedFrom[k]!, Number(key)));
        }
        if (puts.length) await itemTable.bulkPut(puts);
        written.items += adds.length + puts.length;
        done += part.length;
        onProgress(done, total, 'write');
      }
      Object.assign(
        written,
        await mergeExtras(ctx, staged, { items: itemIds, feeds: feedIds, tags: tagIds }),
      );
      await bumpItemsCounter(ctx.db, ctx.applied.counter);
      await finish(ctx, record, total, onProgress);
    });
  } catch (err) {
    throw restoreError(err);
  }
  onProgress(total, total, 'done');
  return {
    mode: 'merge',
    written,
    feedIdsBefore,
    feedIdsAfter: [...new Set([...feedIdsBefore, ...touched])],
  };
}
