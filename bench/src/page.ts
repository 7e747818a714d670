/**
 * The benchmark page: puts every benchmark's entry point on `window.rivBench` for the Node
 * harness (scripts/bench.mjs) to call with `page.evaluate`. Nothing runs on load but the cold
 * start a harness asked for before the reload (coldOnLoad.ts, imported first for that), so a
 * reload is a clean cold start.
 */
import { askCold, coldResult } from './coldOnLoad';
import type { CorpusSpec } from '../corpus';
import { benchIngest } from './ingestBench';
import {
  refreshCleanup,
  refreshDone,
  refreshRows,
  refreshSetup,
  refreshStart,
  refreshStop,
} from './ingestBenchRefresh';
import { benchMarkRead } from './markBench';
import { benchPaging } from './pagingBench';
import { benchParse, type ParseInput } from './parseBench';
import { benchQuery } from './queryBench';
import { COLD_LISTS, coldEngine, coldListLabel, coldSqlite, sqliteToOpfs } from './coldStart';
import { frameStart, frameStop, releaseStatic, scrollCleanup, scrollMount } from './scrollBench';
import {
  benchSearch,
  searchBuild,
  searchBuildEngine,
  searchDropEngine,
  searchPrepare,
  searchQueries,
} from './searchBench';
import { describeCorpus, opfsFiles, seedEngine, seedSqlite } from './seed';
import { engineQuiet, engineWorker, ingestWorker, rawIdbWorker } from './workers';

const api = {
  seedEngine,
  seedSqlite,
  describeCorpus: (spec: CorpusSpec) => void describeCorpus(spec),
  benchQuery,
  benchPaging,
  benchMarkRead,
  benchSearch,
  searchPrepare,
  searchBuild,
  searchBuildEngine,
  searchDropEngine,
  benchIngest,
  /** Starts the ingest worker (so a CDP profile can attach before the benchmark). */
  ingestWorkerUp: () => ingestWorker().ping(),
  benchParse: (files: { name: string; base64: string }[], runs: number, generate: boolean) =>
    benchParse(
      files.map((f): ParseInput => ({
        name: f.name,
        bytes: Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)),
      })),
      runs,
      generate,
    ),
  scrollMount,
  refreshSetup,
  refreshStart,
  refreshDone,
  refreshStop,
  refreshCleanup,
  refreshRows,
  frameStart,
  frameStop,
  releaseStatic,
  scrollCleanup,
  coldEngine,
  coldSqlite,
  askCold,
  coldResult,
  /** The cold-start list types and their report labels. */
  coldLists: () => COLD_LISTS.map((list) => ({ list, label: coldListLabel(list) })),
  sqliteToOpfs,
  opfsFiles,
  /** Initialises the engine after a reload (for benchmarks that need it warm). */
  initEngine: async () => (await engineWorker().init()).counts.items,
  /** Writes the engine's pending index snapshot (before reloads that start from it). */
  flushSnapshot: () => engineWorker().flushSnapshot(),
  /** Stores one new article in the first feed: the text changed, so the next write stores the text index. */
  touchText: async () => {
    const engine = engineWorker();
    await engine.init();
    const [feed] = await engine.feeds.list();
    if (!feed) return 0;
    const at = Date.now();
    const { added } = await engine.items.ingest(feed.id, [
      {
        guid: `probe-${at}`,
        title: 'Probe',
        author: '',
        description: '<p>probe</p>',
        pubDate: Math.floor(at / 1000),
        link: `https://probe.example.test/${at}`,
        enclosure: null,
      },
    ]);
    return added.length;
  },
  /**
   * Marks the `n` newest unread articles read and resolves their ids at once, leaving the index
   * snapshot write that the change schedules (2 s later) pending: a reload right after it starts
   * from a snapshot one change behind (the cold start's "right after marking read" row).
   */
  markReadUnwritten: async (n: number) => {
    const engine = engineWorker();
    await engine.init();
    const ids = (await engine.items.page({ scope: 'all', unreadOnly: true, limit: n })).rows.map((r) => r.id);
    await engine.state.markRead(ids, true);
    return ids;
  },
  /** Marks these articles unread again and writes the snapshot (puts the corpus back). */
  markUnreadWritten: async (ids: number[]) => {
    const engine = engineWorker();
    await engine.init();
    await engine.state.markRead(ids, false);
    await engine.flushSnapshot();
  },
  /** Waits until the engine answers promptly several times in a row (its background work done). */
  engineQuiet: () => engineQuiet(),
  /**
   * `runs` uncached runs of a filter (each after other leading spaces, as the query benchmark
   * asks), each timed from the call to the page of rows in hand: ms per run, in order
   * (bench/run/queryProbe.mjs). Filters separated by ` ;; ` take turns, run `i` asking the
   * `i`th (another word each run, where the engine keeps what one word matched).
   */
  queryTimes: async (filter: string, runs: number) => {
    const engine = engineWorker();
    const turns = filter.split(' ;; ');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await engine.query.run(' '.repeat(i + 1) + turns[i % turns.length]!, { cursor: null, limit: 50 });
      times.push(performance.now() - t);
    }
    return times;
  },
  /**
   * The search benchmark's 200 queries through the engine's `search.run`, as it asks them (the
   * last word a prefix unless the text ends in a space), each timed: `warm` runs its warm-up
   * pass (every 5th query) instead. Per query, its text and ms (bench/run/queryProbe.mjs).
   */
  searchTimes: async (warm = false) => {
    const engine = engineWorker();
    const out: { q: string; ms: number }[] = [];
    for (const [i, { q, prefix }] of searchQueries().entries()) {
      if (warm && i % 5 !== 0) continue;
      const t = performance.now();
      await engine.search.run(prefix ? q : `${q} `);
      out.push({ q: prefix ? `${q}…` : q, ms: performance.now() - t });
    }
    return out;
  },
  /** Closes the anchors' connections to the engine's database. */
  closeRaw: () => rawIdbWorker().close(),
  userAgent: () => navigator.userAgent,
  /** The origin's storage use by kind (Chromium's `usageDetails`), bytes; null when unknown. */
  storageEstimate: async () => {
    const est = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number; fileSystem?: number };
    };
    return {
      usage: est.usage ?? null,
      indexedDB: est.usageDetails?.indexedDB ?? null,
      fileSystem: est.usageDetails?.fileSystem ?? 0,
      engineFiles: await engineFileBytes(),
    };
  },
};

/** Bytes of the engine's own OPFS folders (text store chunks, index number files). */
async function engineFileBytes(): Promise<number> {
  let bytes = 0;
  const root = await navigator.storage.getDirectory();
  for (const folder of ['rivulet-text', 'rivulet-index']) {
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await root.getDirectoryHandle(folder);
    } catch {
      continue;
    }
    const entries = dir as unknown as { values(): AsyncIterable<FileSystemHandle> };
    for await (const handle of entries.values()) {
      if (handle.kind !== 'file') continue;
      // A file the workers removed between the listing and this read was not there.
      bytes += await (handle as FileSystemFileHandle).getFile().then(
        (f) => f.size,
        () => 0,
      );
    }
  }
  return bytes;
}

export type RivBench = typeof api;
(window as unknown as { rivBench: RivBench }).rivBench = api;
