// The Node side of the benchmarks: calls the page's `window.rivBench` entry points in order, and
// does what only the harness can (reloads for cold starts, CDP scroll gestures, CDP heap reads).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trackWorkerHeaps } from './heap.mjs';
import { runStamper, traceStep } from './trace.mjs';
import { coldBench } from './coldSteps.mjs';
import { afterSeedHeapRow, memoryBench, scrollBench } from './harnessSteps.mjs';
import { MB, summarize, verdict } from './stats.mjs';

/** Benchmarks in the order they run (`--only` picks a subset by these names). */
export const BENCHES = [
  'query',
  'paging',
  'markread',
  'search',
  'parse',
  'ingest',
  'scroll',
  'memory',
  'refresh',
  'cold',
];
const NEEDS_SEED = new Set(['query', 'paging', 'markread', 'search', 'scroll', 'memory', 'refresh', 'cold']);
const NEEDS_SQLITE = new Set(['query', 'cold']);

/**
 * Where the SQLite anchor keeps its database: in memory up to 300k items (as the committed 100k
 * results), beyond that in an OPFS file (in-memory SQLite runs out of WASM memory, SQLITE_NOMEM,
 * near 1M). RIVULET_BENCH_SQLITE=opfs|memory overrides it (to try the OPFS anchor at small sizes).
 */
export function sqliteStorage(size) {
  const forced = process.env.RIVULET_BENCH_SQLITE;
  if (forced === 'opfs' || forced === 'memory') return forced;
  return size > 300_000 ? 'opfs' : 'memory';
}

/** Build time after which MiniSearch stops adding documents (large corpora only). */
const MINISEARCH_BUILD_MS = 180_000;

/**
 * Bytes per article on disk after seeding: the browser's own usage figure for IndexedDB plus the
 * engine's OPFS folders (the text store's chunks, the index's number files).
 */
async function storageRows(call, items) {
  const est = await call('storageEstimate');
  const idb = est.indexedDB;
  const total = idb === null ? null : idb + est.engineFiles;
  const perItem = total === null ? null : total / Math.max(1, items);
  return [
    {
      bench: 'storage',
      case: "bytes per article on disk: IndexedDB + the engine's OPFS files (after seeding)",
      unit: 'bytes',
      subject: perItem === null ? null : summarize([perItem]),
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '< 5,000 (FreshRSS reports ~5 KB)',
      status: perItem === null ? 'n/a' : verdict(perItem < 5000),
      note:
        idb === null
          ? 'navigator.storage.estimate() has no usageDetails.indexedDB here'
          : `usageDetails.indexedDB ${(idb / MB).toFixed(0)} MB + the engine's OPFS folders (rivulet-text, rivulet-index) ${(est.engineFiles / MB).toFixed(0)} MB over ${items.toLocaleString('en')} articles (every store, index, snapshot and text file of the engine; the SQLite anchor's OPFS files are apart: all of OPFS is ${(est.fileSystem / MB).toFixed(0)} MB)`,
    },
  ];
}

/** The `n` functions with the most self time in a CDP CPU profile, one per line. */
export function topSelfTime(profile, n) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const dt = profile.timeDeltas ?? [];
  profile.samples?.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, ms]) =>
        `    ${(ms / 1000).toFixed(1).padStart(6)} s ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`,
    )
    .join('\n');
}

/**
 * A CPU profile of a worker (the engine's, `main`, unless `target` names another) over one step
 * when the environment variable `env` names a file (open it in Chrome DevTools); `path` writes
 * it elsewhere. `stop()` writes it and logs the heaviest functions by self time. Without the
 * variable both calls do nothing.
 */
async function workerProfile(
  { heaps, log },
  env,
  label,
  intervalUs,
  target = 'main',
  path = process.env[env],
) {
  if (path) {
    await heaps.worker(target, 'Profiler.enable');
    await heaps.worker(target, 'Profiler.setSamplingInterval', { interval: intervalUs });
    await heaps.worker(target, 'Profiler.start');
  }
  return {
    async stop() {
      if (!path) return;
      const { profile } = await heaps.worker(target, 'Profiler.stop');
      writeFileSync(path, JSON.stringify(profile));
      log(`${label} profile written to ${path}; self time:\n${topSelfTime(profile, 25)}`);
    },
  };
}

/** Feed files of 100 KB–5 MB from the shared corpus, read in Node (base64 for page.evaluate). */
export function corpusFeedFiles(dir, { min = 100 * 1024, max = 5 * MB, limit = Infinity } = {}) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const size = statSync(p).size;
        if (size >= min && size <= max) out.push({ name: p.slice(dir.length + 1), path: p, size });
      }
    }
  };
  try {
    walk(dir);
  } catch {
    return [];
  }
  out.sort((a, b) => a.name.localeCompare(b.name));
  return out.slice(0, limit).map((f) => ({ name: f.name, base64: readFileSync(f.path).toString('base64') }));
}

/**
 * Runs the selected benchmarks on an opened page; returns { rows, notes, failures }.
 * `cdp` is a CDP session of the page. Every benchmark's failure is caught and reported as a row.
 */
export async function drive({ page, cdp, spec, runs, only, smoke, corpusDir, log }) {
  const rows = [];
  const notes = [];
  const failures = [];
  const call = (name, ...args) => page.evaluate(([n, a]) => globalThis.rivBench[n](...a), [name, args]);
  const selected = BENCHES.filter((b) => only.includes(b));
  const heaps = await trackWorkerHeaps(cdp);

  // Seconds per step, printed as they finish and listed in the notes, so the budget is visible.
  const elapsed = [];
  if (selected.some((b) => NEEDS_SEED.has(b))) {
    const withSqlite = selected.some((b) => NEEDS_SQLITE.has(b));
    log(
      `seeding the engine with ${spec.size.toLocaleString('en')} items` +
        `${withSqlite ? ' and, alongside (its own worker), the SQLite anchor' : ''}…`,
    );
    const start = Date.now();
    // RIVULET_BENCH_PROFILE_SEED=file.cpuprofile: the engine worker while it is seeded.
    if (process.env.RIVULET_BENCH_PROFILE_SEED) await call('initEngine');
    const profile = await workerProfile({ heaps, log }, 'RIVULET_BENCH_PROFILE_SEED', 'seeding', 1000);
    // Untimed setup on different threads: the engine worker and the SQLite worker load at once.
    const [seeded, sq] = await Promise.all([
      call('seedEngine', spec),
      withSqlite ? call('seedSqlite', spec, sqliteStorage(spec.size)) : Promise.resolve(null),
    ]);
    notes.push(
      `Seeding the engine (public API: ingest per feed, each article with its read and saved state, calls overlapping; counts checked against the corpus) took ${(seeded.ms / 1000).toFixed(1)} s.`,
    );
    if (sq)
      notes.push(
        `SQLite ${sq.version} (${sq.storage === 'opfs' ? 'built straight into its OPFS file' : 'in memory'}, ` +
          `${(sq.bytes / MB).toFixed(0)} MB): loaded in ${(sq.ms / 1000).toFixed(1)} s (alongside the engine's seeding); ` +
          `OPFS copy: ${sq.opfs}.`,
      );
    await profile.stop();
    rows.push(...(await storageRows(call, seeded.items)));
    // The import settling (text indexing, merges, the snapshot write): 60 s at 1M, less below.
    if (selected.includes('memory'))
      rows.push(await afterSeedHeapRow(heaps, spec.size, smoke ? 2 : spec.size >= 1_000_000 ? 60 : 20));
    const s = (Date.now() - start) / 1000;
    elapsed.push(`seed ${s.toFixed(0)} s`);
    log(`seeding done in ${s.toFixed(1)} s`);
  } else {
    await call('describeCorpus', spec);
  }

  const step = async (name, fn) => {
    if (!selected.includes(name)) return;
    log(`${name}…`);
    const start = Date.now();
    try {
      const out = await fn();
      rows.push(...out);
      // A benchmark may report one case as failed and go on with the others (query shapes).
      for (const r of out)
        if (r.note?.startsWith('failed: ')) failures.push(`${name}, ${r.case}: ${r.note.slice(8)}`);
    } catch (err) {
      const msg = err instanceof Error ? err.message.split('\n')[0] : String(err);
      failures.push(`${name}: ${msg}`);
      rows.push({
        bench: name,
        case: 'failed',
        unit: '',
        subject: null,
        anchor: null,
        anchorName: '',
        ratio: null,
        target: '',
        status: 'n/a',
        note: `error: ${msg}`,
      });
    }
    const s = (Date.now() - start) / 1000;
    elapsed.push(`${name} ${s.toFixed(0)} s`);
    log(`${name} done in ${s.toFixed(1)} s`);
    await watchOpfs(name);
  };
  // The SQLite copy in OPFS is watched between steps: a step after which it changed is noted.
  let opfsSeen = null;
  const watchOpfs = async (after) => {
    if (!selected.includes('cold') || after === 'cold') return;
    const files = (await call('opfsFiles')).join(', ') || 'empty';
    if (opfsSeen !== null && files !== opfsSeen) {
      log(`OPFS root changed during ${after}: ${opfsSeen} → ${files}`);
      notes.push(`The OPFS root changed during ${after}: ${opfsSeen} → ${files}.`);
    }
    opfsSeen = files;
  };
  await watchOpfs('seeding');

  await step('query', () => call('benchQuery', runs));
  // Pages are cheap (a few ms): more pairs make the page-1 vs last-page comparison steadier.
  await step('paging', () => call('benchPaging', Math.max(runs, 15)));
  // RIVULET_BENCH_PROFILE_MARK=file.cpuprofile: the engine worker during the mark-read step (the
  // anchor's worker too is busy then, but only the engine's time is sampled).
  await step('markread', async () => {
    const profile = await workerProfile({ heaps, log }, 'RIVULET_BENCH_PROFILE_MARK', 'mark-read', 500);
    const out = await call('benchMarkRead', runs);
    await profile.stop();
    return out;
  });
  await step('search', async () => {
    // Both indexes are measured alike: each built in a worker of its own, heap growth after GC.
    // The two builds run at once, one a core on this two-core machine (the page and the engine
    // wait): at 1M the engine's ~60 s build then costs the run nothing beside MiniSearch's ~140 s.
    // Each heap is its own worker's; the build times are info rows, taken side by side.
    await call('searchPrepare');
    const empty = await heaps.heaps();
    const [eb, mb] = await Promise.all([
      call('searchBuildEngine'),
      // MiniSearch at 1M: 2–3 minutes of build on this machine; it stops adding after 3.
      call('searchBuild', spec.size > 300_000 ? MINISEARCH_BUILD_MS : null),
    ]);
    const built = await heaps.heaps();
    const [e0, m0, e1, m1] = [empty.engineText, empty.miniSearch, built.engineText, built.miniSearch].map(
      (b) => b ?? NaN,
    );
    await call('searchDropEngine', false);
    const e2 = (await heaps.heaps()).engineText ?? NaN;
    await call('searchDropEngine', true);
    // RIVULET_BENCH_PROFILE_SEARCH=file.cpuprofile: the engine worker while the queries run
    // (not the builds above, which run in workers of their own).
    const profile = await workerProfile({ heaps, log }, 'RIVULET_BENCH_PROFILE_SEARCH', 'search', 250);
    const out = await call('benchSearch', runs, {
      engine: { ...eb, heapMb: (e1 - e0) / MB, indexHeapMb: (e2 - e0) / MB },
      mini: { ...mb, heapMb: (m1 - m0) / MB },
    });
    await profile.stop();
    return out;
  });
  await step('parse', async () => {
    const files = corpusFeedFiles(corpusDir, { limit: smoke ? 2 : Infinity });
    if (!files.length)
      notes.push(`No corpus feeds of 100 KB–5 MB under ${corpusDir}; parse uses generated bodies only.`);
    // RIVULET_BENCH_PROFILE_PARSE=file.cpuprofile: the worker both sides parse in, over the step.
    if (process.env.RIVULET_BENCH_PROFILE_PARSE) await call('ingestWorkerUp');
    const profile = await workerProfile(
      { heaps, log },
      'RIVULET_BENCH_PROFILE_PARSE',
      'parse',
      1000,
      'ingest',
    );
    // Two pairs per measured run: a call on a small file takes a millisecond or two, and one
    // slow call among seven moved a file's median by a third (dcrainmaker.xml: 2.6–5.9 ms).
    const out = await call('benchParse', files, smoke ? 3 : runs * 2, !smoke);
    await profile.stop();
    return out;
  });
  await step('ingest', async () => {
    // RIVULET_BENCH_PROFILE_INGEST=file.cpuprofile: a CPU profile of the ingest worker (engine
    // side of the ingest rows) over the step; the heaviest functions by self time are logged.
    const path = process.env.RIVULET_BENCH_PROFILE_INGEST;
    if (path) await Promise.all([call('ingestWorkerUp'), call('closeRaw')]);
    const env = 'RIVULET_BENCH_PROFILE_INGEST';
    // The engine side, and the anchor's worker beside it as <file>.rawIdb.cpuprofile.
    const profiles = [
      await workerProfile({ heaps, log }, env, 'ingest worker', 1000, 'ingest'),
      await workerProfile(
        { heaps, log },
        env,
        'rawIdb worker',
        1000,
        'rawIdb',
        path?.replace(/(\.cpuprofile)?$/, '.rawIdb$1'),
      ),
    ];
    const out = await call('benchIngest', runs);
    for (const p of profiles) await p.stop();
    return out;
  });
  // RIVULET_BENCH_PROFILE_SCROLL=file.cpuprofile: the engine worker over the scroll step (its runs
  // with the background refresh and the static list's runs between them).
  await step('scroll', async () => {
    const profile = await workerProfile({ heaps, log }, 'RIVULET_BENCH_PROFILE_SCROLL', 'scroll', 500);
    // RIVULET_BENCH_TRACE_SCROLL=file.json: every process's threads over the step (trace.mjs).
    const trace = await traceStep({ cdp, log }, 'RIVULET_BENCH_TRACE_SCROLL');
    const out = await scrollBench({ page, cdp, call, heaps, runs, smoke });
    await trace.stop();
    await profile.stop();
    return out;
  });
  await step('memory', () => memoryBench({ cdp, call, smoke, heaps, size: spec.size }));
  // A refresh of 1,000 feeds × 50 new articles while the list is scrolled (page side:
  // bench/src/ingestBenchRefresh.ts; feeds from bench/run/refreshFeeds.mjs). Three runs.
  await step('refresh', async () => {
    await call('refreshSetup', smoke ? 40 : 1000);
    // RIVULET_BENCH_PROFILE_REFRESH=file.cpuprofile: the engine worker's CPU over the runs.
    const profile = await workerProfile({ heaps, log }, 'RIVULET_BENCH_PROFILE_REFRESH', 'refresh', 1000);
    // RIVULET_BENCH_TRACE_REFRESH=file.json: every process's threads over the runs, the refresh
    // runs as the summary's "engine" windows and the control runs as its "static" ones.
    const trace = await traceStep({ cdp, log }, 'RIVULET_BENCH_TRACE_REFRESH');
    const stamp = runStamper(page, 'RIVULET_BENCH_TRACE_REFRESH');
    for (let i = 0; i < (smoke ? 1 : 3); i++) {
      // Each run: the same gestures first with no refresh (a control: what the machine gives).
      for (const refresh of [false, true]) {
        await call('refreshStart', refresh);
        await stamp(`${refresh ? 'engine' : 'static'} start`);
        for (let up = false; !(await call('refreshDone')); up = !up)
          await cdp.send('Input.synthesizeScrollGesture', {
            ...{ x: 400, y: 400, yDistance: up ? 2000 : -2000, speed: 2000, gestureSourceType: 'mouse' },
          });
        await stamp(`${refresh ? 'engine' : 'static'} stop`);
        await call('refreshStop');
      }
    }
    await trace.stop();
    await profile.stop();
    const rows = await call('refreshRows');
    await call('refreshCleanup');
    return rows;
  });
  await step('cold', () => coldBench({ page, cdp, call, runs, notes, log }));
  notes.push(`Elapsed per step: ${elapsed.join(', ')}.`);
  return { rows, notes, failures };
}
