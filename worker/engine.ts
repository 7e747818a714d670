/**
 * The engine: a plain object over one IndexedDB database, created in the worker (main.ts) or in
 * Node over fake-indexeddb (testing/createTestEngine.ts). Domains live beside their code and are
 * declared once in domains.ts; this file builds the shared parts and every declared domain.
 */
import { Database } from './db/database';
import { lostError } from './db/dbErrors';
import { createItemsStore } from './db/itemsStore';
import { createMetaStore } from './db/meta';
import { SCHEMA_VERSION } from './db/schema';
import { createStore } from './db/store';
import { buildDomains } from './domains';
import { type EngineContext } from './engineContext';
import { EventHub } from './events';
import { MetaIndex } from './index/metaIndex';
import { applyRemoteEvent, reloadGroupsAndFeeds } from './index/remoteSync';
import { IndexGate } from './index/indexGate';
import { verifyCount } from './index/fromStore';
import { loadIndex, readSummary } from './index/snapshot';
import {
  onlyFlagsSinceWrite,
  removeOldNumberFiles,
  writeSnapshot,
  writeSummary,
} from './index/snapshotWrite';
import { trimFlagLog } from './index/flagLog';
import { RowCache } from './items/rowCache';
import { importLegacy } from './state/legacyImport';
import { resumeMarks } from './state/flags';
import type { Counts } from './types';
import { createFeedServices } from './subscriptions/services';
import { listenForCancels } from './jobs/jobs';
import { TextIndex } from './search/textIndex';
import { opfsChunkDir } from './search/chunkDir';
import type { NumberFiles } from './index/numbersFile';
import { createSync } from './sync/sync';
import { clearEveryStore } from './backup/clearAll';
import { backgroundTask } from './backgroundTask';
import { UiActivity } from './uiActivity';
import { dropTrash } from './items/trash';

import type { Engine, EngineInternals, EngineOptions, InitOptions, InitResult } from './engineTypes';

export type {
  Engine,
  EngineCore,
  EngineInternals,
  EngineOptions,
  InitOptions,
  InitResult,
} from './engineTypes';

// Rows per step of the background title join (~25 ms at 1M articles on this machine).
const TITLE_JOIN_STEP = 32_768;

/** Creates an engine; nothing touches IndexedDB until `init()`. */
export function createEngine(opts: EngineOptions): Engine {
  return buildEngine(opts).engine;
}

/** Creates an engine and hands back its internals beside it (worker entry and tests only). */
export function buildEngine(opts: EngineOptions): { engine: Engine; internals: EngineInternals } {
  const db = new Database(opts);
  const index = new MetaIndex();
  const delay = opts.snapshotDelayMs ?? 2000;
  const partRows = opts.textPartRows !== undefined ? { partRows: opts.textPartRows } : {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let countTimer: ReturnType<typeof setTimeout> | undefined;
  const gate = new IndexGate(opts.deferIndex === true);
  const items = createItemsStore(db);
  const ui = new UiActivity();
  // Which scheduled write is the latest: one held past its timer by input (ui.quiet) writes
  // only if no change has scheduled a later one meanwhile.
  let due = 0;
  const ctx: EngineContext = {
    db,
    stores: {
      groups: createStore(db, 'groups'),
      feeds: createStore(db, 'feeds'),
      items,
      meta: createMetaStore(db),
    },
    index,
    rows: new RowCache(index, (ids) => items.byIds(ids)),
    applied: { counter: 0 },
    feedCache: new Map(),
    groupCache: new Map(),
    // Another tab's change is applied after the index has loaded (before, it would be overwritten).
    events: new EventHub(opts.channel ?? null, (event, counter) =>
      gate.loaded
        ? applyRemoteEvent(ctx, event, counter)
        : gate.whenLoaded().then(() => applyRemoteEvent(ctx, event, counter)),
    ),
    now: opts.now ?? (() => Math.floor(Date.now() / 1000)),
    scheduleSnapshot: (delayMs = delay) => {
      if (timer !== null) clearTimeout(timer);
      const mine = ++due;
      timer = setTimeout(() => void ui.quiet().then(() => mine === due && flushSnapshot()), delayMs);
    },
    ui,
  };

  // The database went away under the running engine (deleted, closed by force, upgraded by a
  // newer tab): what memory holds no longer matches storage, so it is dropped, running jobs stop,
  // and the UI hears of it (it reloads into what storage holds now). See Database.watchConnection.
  db.onLost((reason) => {
    console.warn(`Rivulet: the database connection was lost (${reason})`);
    services.jobs.abortAll();
    index.load(new MetaIndex().columns());
    ctx.feedCache.clear();
    ctx.groupCache.clear();
    if (timer !== null) clearTimeout(timer);
    timer = null;
    due++;
    ctx.events.local({ type: 'storage-lost', reason });
  });

  const services = createFeedServices(ctx, opts.fetch);
  // A Cancel or Stop pressed in another tab, for a job this engine runs.
  listenForCancels(services.jobs, (listener) => ctx.events.on(listener));
  const sync = createSync(services);
  const textIndex = new TextIndex(ctx, () => gate.afterLoad());

  // Titles ingest wrote are joined for native title scans (StringColumns.joinTitles) once the
  // snapshot is written, and those a start loaded are lowered once the text index is up, a step
  // at a time so queries still get in between (at 1M rows: ~30 steps of ~25 ms). One pass at a
  // time; it stops when the engine closes or loses storage.
  let joining = false;
  let closed = false;
  const joinTitles = async (): Promise<void> => {
    if (joining) return;
    joining = true;
    try {
      while (!closed && !db.lost && index.joinTitles(TITLE_JOIN_STEP)) {
        await backgroundTask();
        await ui.quiet();
      }
    } finally {
      joining = false;
    }
  };

  // The number files' folder, opened once (at the start of init, beside the first reads).
  let numberFiles: Promise<NumberFiles | null> | null = null;
  const findNumberFiles = (): Promise<NumberFiles | null> =>
    (numberFiles ??= (
      opts.numberFiles !== undefined
        ? Promise.resolve(opts.numberFiles)
        : opfsChunkDir('rivulet-index').catch((err: unknown) => {
            console.warn('Rivulet: no OPFS for the index numbers; they stay in IndexedDB', err);
            return null;
          })
    ).then((dir) => (dir ? { dir, prefix: `${db.dexie.name}.` } : null)));

  const flushSnapshot = async ({ leaving = false }: { leaving?: boolean } = {}): Promise<boolean> => {
    // Before a deferred load finishes the index is empty and the counter unset: nothing to write.
    await gate.whenLoaded();
    if (db.lost) return false;
    // The tab is being hidden, and may be closing or reloading: after flag or tag changes only,
    // the counts summary is what the next start needs at once (the flag log brings the stored
    // numbers up to date). At 1M articles, after 5 marked read, the whole write took 153–217 ms of
    // this worker (a ~19 MB number file) against 2–4 ms (a probe over a kept 1M profile), in the
    // moments a reload's new page starts beside it. The timer stays: a tab only hidden
    // still writes the snapshot when it is due.
    if (leaving && onlyFlagsSinceWrite(index)) {
      try {
        return await writeSummary(db, index, ctx.applied.counter);
      } catch (err) {
        if (!closed) console.warn('Rivulet: index counts summary not written', err);
        return false;
      }
    }
    if (timer !== null) clearTimeout(timer);
    timer = null;
    try {
      const wrote = await writeSnapshot(db, index, ctx.applied.counter, await findNumberFiles(), partRows);
      await textIndex.persist();
      // Closed meanwhile (a write at the next pause, such as an idle merge's, and the tab gone):
      // what is left only tidies for the next start, which does it itself.
      if (closed) return wrote;
      await trimFlagLog(db); // the records both stored copies now hold (index/flagLog.ts)
      void joinTitles();
      return wrote;
    } catch (err) {
      // A write the engine's close cut short is no fault: the next start finds the last one.
      if (!closed) console.warn('Rivulet: index snapshot not written', err);
      return false;
    }
  };

  const counts = (): Counts => ({
    groups: ctx.groupCache.size,
    feeds: ctx.feedCache.size,
    items: index.liveCount() - index.hiddenCount(),
    unread: index.unreadCount(),
    saved: index.savedCount(),
    unreadByFeed: index.unreadByFeed(),
  });

  // Runs a start-up step; a failure becomes a warning instead of failing the handshake.
  const step = async <T>(warnings: string[], what: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      console.error(`Rivulet: ${what}`, err);
      warnings.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  };

  // Loads the index (snapshot or rebuild); failures become warnings.
  const loadIndexInto = async (
    warnings: string[],
    countLater = false,
    atNumbers?: () => Promise<void>,
  ): Promise<void> => {
    const loaded = await step(warnings, 'Could not load read/saved state', async () =>
      loadIndex(db, index, { countLater, atNumbers, files: await findNumberFiles(), ...partRows }),
    );
    if (loaded) {
      ctx.applied.counter = loaded.counter;
      if (loaded.staleReason) console.info(`Rivulet: ${loaded.staleReason}; index rebuilt from items`);
      // The snapshot was behind by changes the log brought it past: store it as it is now. After
      // ingests at once (at the next pause): this start was slower by their catching up, and a
      // reload before the write would pay it again (at 1M: 2-3 s instead of ~0.3).
      if (loaded.logged > 0) ctx.scheduleSnapshot(loaded.caughtUp > 0 ? 0 : undefined);
      if (loaded.staleReason === 'index snapshot unreadable')
        warnings.push('Index snapshot was unreadable; rebuilt');
    }
  };

  // The deferred load skipped the row-count check (it slows the snapshot read); run it now. On a
  // mismatch the index is reloaded behind the gate, which then rebuilds it from the items store.
  // A write already past the gate while that runs may miss the rebuilt index until the next start.
  const checkRowCount = async (): Promise<void> => {
    try {
      if (await verifyCount(db, index, ctx.applied.counter)) return;
      console.warn('Rivulet: index row count disagrees with the items store; rebuilding');
      await gate.begin(null, () => loadIndexInto([]));
    } catch (err) {
      console.warn('Rivulet: index row count not checked', err);
    }
  };

  // Every domain of domains.ts, each held until a deferred index load is done.
  const built = buildDomains({ ctx, services, sync, textIndex, gate });

  let initOnce: Promise<InitResult> | null = null;
  const init = async (options: InitOptions = {}): Promise<InitResult> => {
    void findNumberFiles();
    await db.open();
    const warnings: string[] = [];
    if (!gate.deferred) {
      await loadIndexInto(warnings);
      await step(warnings, 'Could not load feeds and groups', () => reloadGroupsAndFeeds(ctx));
    } else {
      // Deferred: the small reads first, then the snapshot in the background. No summary (first
      // start, a write since the last snapshot) means counts need the index: wait for it.
      const [summary] = await Promise.all([
        readSummary(db).catch(() => null),
        step(warnings, 'Could not load feeds and groups', () => reloadGroupsAndFeeds(ctx)),
      ]);
      const loadWarnings: string[] = [];
      void gate.begin(summary, (atNumbers) => loadIndexInto(loadWarnings, true, atNumbers));
      // The legacy import marks items in the index, so it waits too (once per browser).
      if (!summary || options.legacy) {
        await gate.whenLoaded();
        warnings.push(...loadWarnings);
      }
    }
    const legacy = await step(warnings, 'Could not import legacy read/saved state', () =>
      importLegacy(ctx, options.legacy),
    );
    // The text store and search index load (or rebuild) in the background once the index is
    // there (their sync diffs against it); queries that need them wait.
    const started = gate.afterLoad().then(() => textIndex.start());
    // Bulk marks an ended page left half written are finished once the text index has started
    // too (state/pendingMark.ts), with their events, so lists and counts follow. Not beside the
    // text index's load: with its read of the pending records running alongside, that load's
    // transaction ended early under fake-indexeddb (PrematureCommitError) and the stored text
    // index was rebuilt (search/persistChanges.test.ts).
    void started
      .then(() => resumeMarks(ctx, services.jobs))
      .catch((err: unknown) => closed || console.error('Rivulet: an unfinished mark could not resume', err));
    // Then the titles a start loaded are lowered for title filters, a step at a time.
    void started.then(() => joinTitles());
    // Then the rules finish what the last tab's end cut short (rules/pending.ts; start never rejects).
    void started
      .then(() => ctx.rules?.resume())
      .catch((err: unknown) => closed || console.error('Rivulet: the rules could not resume', err));
    if (gate.deferred)
      void started.then(() => {
        countTimer = setTimeout(() => void checkRowCount(), opts.countCheckDelayMs ?? 5000);
      });
    return {
      schemaVersion: SCHEMA_VERSION,
      counts: await gate.counts(counts, { groups: ctx.groupCache.size, feeds: ctx.feedCache.size }),
      warnings,
      legacyImported: legacy?.imported ?? false,
      legacyDone: legacy?.done ?? false,
    };
  };

  const engine: Engine = {
    ...built,
    /**
     * The handshake: opens the database, loads the index (snapshot or rebuild), the feed and
     * group caches, and runs the one-time legacy import. Start-up failures after the open
     * become `warnings` (and console errors) with empty counts; only an open failure rejects
     * (`Error opening database: …`). Calling it again returns the first successful result.
     * With `deferIndex` and a current counts summary it answers after the small reads (counts
     * from the summary) and the index loads right after; a failure of that load is only logged.
     */
    init: (options) => {
      // A failed open may be retried (the UI offers a retry); a successful one is kept.
      initOnce ??= init(options).catch((err: unknown) => {
        initOnce = null;
        throw err;
      });
      return initOnce;
    },
    /** Counts from the index and caches (or the stored summary while the index loads): no IndexedDB read. */
    counts: () => gate.counts(counts, { groups: ctx.groupCache.size, feeds: ctx.feedCache.size }),
    onEvent: (listener) => ctx.events.on(listener),
    async clearAll() {
      await gate.whenLoaded();
      try {
        const feedIds = [...ctx.feedCache.keys()];
        // The change counter survives (bumped, not reset) so other tabs' snapshots stay comparable.
        const counter = await clearEveryStore(db, ctx.applied.counter);
        index.load(new MetaIndex().columns());
        ctx.feedCache.clear();
        ctx.groupCache.clear();
        ctx.applied.counter = counter;
        console.info('Rivulet: all stores cleared');
        ctx.events.emit({ type: 'items-removed', feedIds }, counter);
        ctx.events.emit({ type: 'feeds-changed', feedIds }, counter);
        ctx.events.emit({ type: 'groups-changed' }, counter);
        // The description texts' chunk files go too (the text index empties with the items),
        // and the index's number files (the cleared meta store names none).
        await textIndex.cleared();
        const files = await findNumberFiles();
        if (files) await removeOldNumberFiles(db, files);
      } catch (err) {
        console.error('Rivulet: clearing stores failed', err);
        throw err;
      }
    },
    flushSnapshot,
    interacting: (holdMs) => ui.touch(holdMs),
    settled: () => ctx.events.settled(),
    assertUsable() {
      if (db.lost) throw lostError(db.lost);
    },
    close() {
      closed = true;
      dropTrash(ctx);
      clearTimeout(countTimer);
      textIndex.close();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      // A write held by the reader's input (scheduleSnapshot) is dropped, not run on a closed database.
      due++;
      services.jobs.abortAll();
      ctx.events.close();
      db.close();
    },
  };
  return { engine, internals: { index, db, stores: ctx.stores, context: ctx, textIndex } };
}
