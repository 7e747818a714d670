import { prepareCounterBump } from '../db/meta';
import { writtenLogRecord } from '../index/flagLog';
import { NativeAdds } from '../db/nativeAdds';
import type { StoredItem } from '../db/schema';
import { readItems } from '../db/itemsStore';
import { afterItemsWrite, type EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { toIndexRow } from '../index/fromStore';
import { dropTombstoned } from '../retention/tombstones';
import { addPending } from '../rules/pending';
import { offerText } from '../search/textFeed';
import type { EngineEvent, Feed, IncomingItem } from '../types';
import { hash32 } from '../../shared/hash';
import { FLAG_READ } from '../../shared/flags';
import { finish, offered, prepare, toStored, type Prepared, type TextOf } from './storedForm';

/** What one ingest call changed. */
export interface IngestResult {
  added: number[];
  updated: number[];
}

/** Options of {@link ingestItems}. */
export interface IngestOptions {
  /**
   * Fields merged into the feed's record inside the same transaction (a refresh's status), so a
   * refreshed feed costs one commit instead of two; then the feed cache is updated and
   * `feeds-changed` emitted after the item events.
   */
  feedPatch?: Partial<Omit<Feed, 'id'>>;
  /**
   * Filled with the id of every incoming article the store holds after the call, by dedupe key
   * (new, changed and unchanged alike; one a tombstone kept out is absent): what the sync
   * importer links to server ids, without a lookup of its own.
   */
  storedIds?: Map<string, number>;
}

// Per engine, the feeds whose last ingest had tombstones keep articles out (see writeItems).
const buryingByEngine = new WeakMap<EngineContext, Set<number>>();
function buryingFeeds(ctx: EngineContext): Set<number> {
  let feeds = buryingByEngine.get(ctx);
  if (!feeds) buryingByEngine.set(ctx, (feeds = new Set()));
  return feeds;
}

// Error code of a write that met a dedupe key the index did not know (caught in ingestItems).
const STALE_INDEX = 'stale_index';

interface Written {
  fresh: StoredItem[];
  changed: StoredItem[];
  /** Id of each incoming article that was already stored, by dedupe key. */
  known: Map<string, number>;
  /** Searchable text of the written records, handed to the text index after the commit. */
  texts: TextOf;
  counter: number;
  feed: Feed | null;
}

/**
 * The ingest's one read-write transaction. `lookup` says how stored articles are found:
 * - 'index': the in-memory index names the feed's stored articles whose key hash matches
 *   (`idsWithKeys`) and only those are read, by id; a refresh of new articles reads none. If
 *   the index was behind the store, the unique `[feedId+dedupeKey]` index refuses the add and
 *   this throws STALE_INDEX with nothing written.
 * - 'store': the `[feedId+dedupeKey]` index is asked for every incoming key (one cursor step
 *   each: at 200k articles ~40% of the browser's IndexedDB work while a refresh ingested, and
 *   more as the database grows).
 */
async function writeItems(
  ctx: EngineContext,
  feedId: number,
  prepared: Prepared[],
  now: number,
  feedPatch: IngestOptions['feedPatch'],
  lookup: 'index' | 'store',
  listed: boolean,
): Promise<Written> {
  const { db } = ctx;
  const texts: TextOf = new Map();
  const hashes = new Set(prepared.map((p) => hash32(p.dedupeKey)));
  // The feed's stored articles whose key hash is among the incoming ones: the others are new.
  const candidates = lookup === 'index' ? ctx.index.idsWithKeys(feedId, hashes) : [];
  // Then every incoming article is new unless a tombstone keeps it out (or the index was behind
  // the store: the unique index then refuses an add, see STALE_INDEX). A feed whose last ingest
  // had tombstones keep articles out is not taken that way: it would add and delete them again
  // on every refresh that still lists them.
  const burying = buryingFeeds(ctx);
  const allNew = lookup === 'index' && candidates.length === 0 && !burying.has(feedId);
  return db.tx('add', 'rw', ['feeds', 'items', 'meta'], async (trans) => {
    const items = db.table('items');
    // The reads go out together (one round trip instead of one each). The lookup covers every
    // incoming key; dropTombstoned only removes entries from `prepared`, so a superset is fine.
    const reads = Promise.all([
      prepareCounterBump(db),
      db.table('feeds').get(feedId),
      lookup === 'index'
        ? candidates.length
          ? readItems(items, candidates)
          : []
        : items
            .where('[feedId+dedupeKey]')
            .anyOf(prepared.map((p) => [feedId, p.dedupeKey]))
            .toArray(),
      dropTombstoned(db, feedId, prepared, now, allNew),
    ]);
    // IMPORTANT: each new article is added as soon as it is made, so IndexedDB stores it while
    // the next one is parsed (nativeAdds.ts has the figures); a bulkAdd at the end would leave
    // IndexedDB idle through all of the parsing.
    const itemStore = trans.idbtrans.objectStore('items');
    const adds = new NativeAdds(itemStore);
    // When every incoming article is new, each is added now, while the reads above are out,
    // instead of a round trip later; what the reads then say is applied inside this transaction
    // (an unknown feed aborts it, a tombstoned article is taken back below). See ingestItems for
    // the figures.
    const early = allNew
      ? prepared.map((p) => {
          const item = toStored(p, feedId, undefined, now, texts);
          adds.add(item);
          return { p, item };
        })
      : null;
    const earlySettled = early ? adds.settled() : null;
    const [bump, stored, found, buried] = await reads;
    if (buried > 0) burying.add(feedId);
    else burying.delete(feedId);
    if (stored === undefined) throw new EngineError('feed_not_found', `Feed ${feedId} does not exist`);
    // A hash match is only a candidate: the stored key decides.
    const prior = new Map(
      found.filter((item) => item.feedId === feedId).map((item) => [item.dedupeKey, item]),
    );
    const fresh: StoredItem[] = [];
    const changed: StoredItem[] = [];
    const known = new Map<string, number>();
    let readNew = 0;
    if (early) {
      // dropTombstoned has left in `prepared` only what may be stored.
      const allowed = new Set(prepared);
      for (const { p, item } of early)
        if (allowed.has(p)) {
          if (item.flags & FLAG_READ) readNew++;
          fresh.push(item);
        }
    } else
      for (const p of prepared) {
        const old = prior.get(p.dedupeKey);
        if (old) known.set(p.dedupeKey, old.id);
        if (!old) {
          const item = toStored(p, feedId, undefined, now, texts);
          if (item.flags & FLAG_READ) readNew++;
          adds.add(item);
          fresh.push(item);
        } else if (old.contentHash !== finish(p).contentHash)
          changed.push(toStored(p, feedId, old, now, texts));
      }
    // New articles that arrive read count as reads of the feed, as marking them read after does.
    const feed: Feed | null =
      feedPatch || readNew
        ? {
            ...stored,
            ...feedPatch,
            id: feedId,
            ...(readNew ? { readCount: Math.max(0, stored.readCount || 0) + readNew } : {}),
          }
        : null;
    const feedWrite = feed ? db.table('feeds').put(feed) : undefined;
    if (adds.size === 0 && changed.length === 0) {
      await feedWrite;
      return { fresh, changed, known, texts, counter: 0, feed };
    }
    // Nothing to count as a change when a tombstone kept out every article added early.
    const writes = fresh.length > 0 || changed.length > 0;
    const [{ keys, failures }] = await Promise.all([
      earlySettled ?? adds.settled(),
      changed.length ? items.bulkPut(changed) : undefined,
      writes ? bump.write() : undefined,
      feedWrite,
    ]);
    // Throwing here aborts the transaction: nothing of this call is written.
    const failure = failures[0];
    if (failure) {
      if (lookup === 'index' && failures.some((f) => f.name === 'ConstraintError'))
        throw new EngineError(STALE_INDEX, 'The index did not know a stored article');
      throw failure;
    }
    let freshKeys = keys;
    if (early && fresh.length < early.length) {
      const kept = new Set(fresh);
      freshKeys = [];
      early.forEach(({ item }, i) => {
        if (kept.has(item)) freshKeys.push(keys[i]!);
        else itemStore.delete(keys[i]!);
      });
    }
    freshKeys.forEach((key, i) => ((fresh[i] as StoredItem).id = Number(key)));
    // What this ingest wrote, for an index snapshot or text index stored before it to catch up
    // on at the next start (index/flagLog.ts); sent beside the rules' list, one wait for both
    // (the commit waits for them anyway).
    await Promise.all([
      writes
        ? db.table('meta').put(
            writtenLogRecord(
              bump.next,
              [...fresh, ...changed].map((i) => i.id),
            ),
          )
        : undefined,
      listed && fresh.length
        ? addPending(
            db,
            fresh.map((i) => i.id),
          )
        : undefined,
    ]);
    return { fresh, changed, known, texts, counter: writes ? bump.next : 0, feed };
  });
}

/**
 * Stores a feed's parsed items: new ones are added (unread, or as their `flags` say; arriving
 * read adds to the feed's `readCount`), stored ones (same dedupe key in this feed) keep id, flags
 * and firstSeen and are rewritten only when their content hash changed. One read-write
 * transaction per call; then the index is updated,
 * `items-added` / `items-changed` are emitted and the written items (with their searchable
 * text) are handed to the text index, which indexes them in the background.
 * Cost: one pass over the index's feed and key-hash columns, a read of the stored articles whose
 * key hash matches (none when every article is new), one add per new article, one bulkPut, one
 * HTML parse per written item (snippet, thumbnail and searchable text together). When the index was behind
 * the store the transaction is run again, asking the store for every key (`writeItems`).
 * Where the time goes (CDP profile of the ingest bench, 10k items of ~1 KB HTML in 53 feeds,
 * worker CPU per run): structured clone inside `add` ~0.5 s (a raw put loop of the same records
 * pays the same), `readFeed` ~0.28 s (feedsmith's own parse is most of it), the HTML pass ~0.3 s,
 * hashes ~0.08 s, Dexie's own layers ~0.07 s. Two costs were cut: whitespace collapsing inside
 * the HTML pass (~0.19 s, see collapseWhitespace) and text indexing between feeds (~0.6 s),
 * which now waits until the burst is over (worker/search/textSync.ts DRAIN_PAUSE_MS). A third:
 * strings sliced from a document with any character beyond Latin-1 were two bytes a character
 * (every description of the bench corpus, 10% CJK titles), twice the clone and disk bytes;
 * `prepare` (storedForm.ts) now hands on one-byte copies (ingestStrings.ts; 20k bench at load ~12: 0.80× → 1.12×
 * of the anchor, and 0.41× → 0.79× of the pre-built put loop). A fourth: the HTML pass and the
 * content hash ran for every incoming article, so a refresh that re-sees a feed of 50 with one
 * new parsed all 50; now the copies and the hash are made for articles written or compared
 * (`finish`), and the HTML pass for articles written only. A fifth: all of that per-article
 * work ran before the first record reached IndexedDB, which sat idle meanwhile; each new article
 * is now added the moment it is made (db/nativeAdds.ts: ~10% more articles a second at 100k).
 * Batches of 16–64 through Dexie's bulkAdd had shown no such gain: Dexie issues a bulk call's
 * requests later, from its own promise machinery. A sixth: the adds waited for the
 * transaction's first reads (counter, feed, tombstones: one round trip, ~60 ms a run of 53
 * feeds); when the index names no stored candidate they are now issued with them (three
 * `--only ingest` runs at 100k, each timing both ways interleaved: 0.98×, 0.93× and 0.96× the
 * time).
 * Fails: EngineError('feed_not_found'), or `Error adding data: …`.
 */
export async function ingestItems(
  ctx: EngineContext,
  feedId: number,
  incoming: IncomingItem[],
  now: number = ctx.now(),
  opts: IngestOptions = {},
): Promise<IngestResult> {
  // While the reader scrolls, articles wait (bounded, uiActivity.ts): their write and the
  // browser's storage work after it take the cores the page's frames need.
  if (incoming.length > 0) await ctx.ui.paused();
  const prepared = prepare(incoming);
  const { feedPatch } = opts;
  if (prepared.length === 0 && !feedPatch) return { added: [], updated: [] };
  let result: Written;
  // Listed for the rules with the articles, so a run the tab's end cuts short runs at the next start.
  const listed = (await ctx.rules?.wanted()) ?? false;
  try {
    result = await writeItems(ctx, feedId, prepared.slice(), now, feedPatch, 'index', listed);
  } catch (err) {
    // The index did not know an article the store holds (another tab stored it, or a
    // concurrent ingest of this feed committed first): nothing was written; ask the store.
    if (!(err instanceof EngineError && err.code === STALE_INDEX)) throw err;
    result = await writeItems(ctx, feedId, prepared.slice(), now, feedPatch, 'store', listed);
  }
  if (opts.storedIds) {
    for (const [key, id] of result.known) opts.storedIds.set(key, id);
    for (const item of result.fresh) opts.storedIds.set(item.dedupeKey, item.id);
  }
  const afterFeed = () => {
    if (!result.feed) return;
    ctx.feedCache.set(feedId, result.feed);
    ctx.events.emit({ type: 'feeds-changed', feedIds: [feedId] }, ctx.applied.counter);
  };
  if (result.fresh.length === 0 && result.changed.length === 0) {
    afterFeed();
    return { added: [], updated: [] };
  }
  ctx.index.upsert([...result.fresh, ...result.changed].map(toIndexRow));
  const added = result.fresh.map((i) => i.id);
  const updated = result.changed.map((i) => i.id);
  const events: EngineEvent[] = [];
  if (added.length) events.push({ type: 'items-added', feedIds: [feedId], count: added.length });
  if (updated.length) events.push({ type: 'items-changed', ids: updated });
  afterItemsWrite(ctx, result.counter, events);
  afterFeed();
  // After the events: the text index then knows these versions supersede the changed ids.
  offerText(ctx, offered([...result.fresh, ...result.changed], result.texts));
  // Rules act on new items only (updates keep the state rules gave them).
  if (added.length && ctx.rules)
    await ctx.rules
      .afterIngest(added, listed)
      .catch((err: unknown) => console.error('Rivulet: rules failed at ingest', err));
  return { added, updated };
}
