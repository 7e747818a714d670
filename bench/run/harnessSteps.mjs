// The steps only the harness can drive (CDP scroll gestures, CDP heap reads, reloads for cold
// starts): drive.mjs runs them in their place in the order.
import { MB, med, sleep, summarize, verdict } from './stats.mjs';
import { runStamper, traceStep } from './trace.mjs';

/**
 * The engine worker's heap after seeding, sampled every 0.5 s (each after a forced GC) while the
 * import settles: the text index takes in what is queued and merges, the index snapshot is
 * written. What a first import of a large account leaves behind for a while; the highest sample
 * is held to the same target as the heap after the whole run. `seconds` of sampling.
 */
export async function afterSeedHeapRow(heaps, size, seconds) {
  const target = workerHeapTargetMb(size);
  const samples = [];
  const start = Date.now();
  for (;;) {
    const worker = (await heaps.heaps()).main;
    if (worker !== undefined) samples.push({ at: (Date.now() - start) / 1000, mb: worker / MB });
    if (Date.now() - start >= seconds * 1000) break;
    await sleep(500);
  }
  const row = {
    bench: 'memory',
    case: `engine worker JS heap after seeding, highest in ${seconds} s (the import settling)`,
    unit: 'MB',
    anchor: null,
    anchorName: '—',
    ratio: null,
    target: `≤ ${target} MB`,
  };
  if (samples.length === 0) return { ...row, subject: null, status: 'n/a' };
  const top = samples.reduce((a, b) => (b.mb > a.mb ? b : a));
  const last = samples[samples.length - 1];
  return {
    ...row,
    subject: summarize([top.mb]),
    status: verdict(top.mb <= target),
    note:
      `${samples.length} samples 0.5 s apart, each after a forced GC (CDP Runtime.getHeapUsage, used + ArrayBuffer backing stores): ` +
      `${samples[0].mb.toFixed(0)} MB right after seeding, ${top.mb.toFixed(0)} MB at ${top.at.toFixed(0)} s, ${last.mb.toFixed(0)} MB at ${last.at.toFixed(0)} s`,
  };
}

/** Engine worker heap target: 150 MB up to 100k items, 400 MB at 1M (issue #17). */
export const workerHeapTargetMb = (size) => (size >= 1_000_000 ? 400 : 150);

async function scrollOnce({ cdp, call, heaps, kind, distance }) {
  await call('scrollMount', kind);
  // Each run starts from collected heaps, the page's and the workers': the garbage of the run
  // before (the static rows' build, the refresh's batches) is not collected in this one's frames.
  // V8 collects a heap a while after its allocation stops: at 200k the engine worker's ran twice
  // inside static runs (up to 35 ms on its thread, its helper threads on both cores).
  // RIVULET_BENCH_SCROLL_GC=page collects the page's heap only: a collected worker heap is also
  // the state an idle reader's engine is in when a refresh starts (V8 sizes the next collection
  // from what it kept), and this shows what the engine runs read without it.
  await heaps.collect({ workers: process.env.RIVULET_BENCH_SCROLL_GC !== 'page' });
  await call('frameStart', kind === 'engine');
  await cdp.send('Input.synthesizeScrollGesture', {
    x: 400,
    y: 400,
    yDistance: -distance,
    speed: 5000,
    gestureSourceType: 'mouse',
  });
  return call('frameStop');
}

export async function scrollBench({ cdp, call, heaps, runs, smoke }) {
  const distance = smoke ? 3000 : 20_000;
  // What the steps before left to do (seeding's or the ingest step's snapshot and its title
  // join, a merge) is written and done first: the runs measure the refresh they start, and a
  // snapshot of the whole text landing in the first run made it write the text again after its
  // deletion (a base taken mid-run holds the rows the run deletes).
  await call('flushSnapshot');
  await call('engineQuiet');
  const e = [];
  const a = [];
  for (let i = -1; i < runs; i++) {
    const er = await scrollOnce({ cdp, call, heaps, kind: 'engine', distance });
    // The engine run's upkeep (held while the list scrolled: the snapshot write, its title join,
    // the search index's merge) is done before the static run, which measures the browser with
    // no engine work: left to run, it landed in the anchor's frames (one 1M run read 10.2% at
    // p75 for the static list against its usual 0.4–0.8%).
    await call('flushSnapshot');
    await call('engineQuiet');
    const ar = await scrollOnce({ cdp, call, heaps, kind: 'static', distance });
    if (i >= 0) e.push(er);
    if (i >= 0) a.push(ar);
  }
  // The refresh's scratch feed goes once, after the last run (its deletion's after-work, the
  // text store's compaction and IndexedDB's, landed in the next run when it went after each).
  await call('scrollCleanup');
  await call('engineQuiet');
  await call('releaseStatic');
  const share = (r) => (100 * r.over25) / Math.max(1, r.frames);
  const s = summarize(e.map(share));
  const t = summarize(a.map(share));
  const ratio = t.median === 0 ? (s.median === 0 ? 1 : Infinity) : s.median / t.median;
  const ingested = summarize(e.map((r) => r.ingested)).median;
  const frames = summarize(e.map((r) => r.frames)).median;
  return [
    {
      bench: 'scroll',
      case: `${(distance / 1000).toFixed(0)}k px gesture, refresh ingesting`,
      unit: '% frames > 25 ms',
      subject: s,
      anchor: t,
      anchorName: 'static array, no worker',
      ratio,
      target: '≤ 1.1× anchor share',
      status: verdict(s.median <= 1.1 * t.median),
      note: `median ${frames} frames/run; background refresh stored ${ingested} items/run`,
    },
    {
      bench: 'scroll',
      case: 'long-animation-frame blocking',
      unit: 'ms per run',
      subject: summarize(e.map((r) => r.loafBlockingMs)),
      anchor: summarize(a.map((r) => r.loafBlockingMs)),
      anchorName: 'static array, no worker',
      ratio: null,
      target: '—',
      status: 'info',
      note: `long tasks: ${summarize(e.map((r) => r.longTaskBlockingMs)).median.toFixed(0)} ms vs ${summarize(a.map((r) => r.longTaskBlockingMs)).median.toFixed(0)} ms blocking`,
    },
  ];
}

export async function memoryBench({ cdp, call, smoke, heaps, size }) {
  const workerTarget = workerHeapTargetMb(size);
  // The list as a reader has it, with no refresh batch made on the page (harness data).
  await call('scrollMount', 'engine', false);
  await cdp.send('Input.synthesizeScrollGesture', {
    x: 400,
    y: 400,
    yDistance: smoke ? -2000 : -10_000,
    speed: 5000,
    gestureSourceType: 'mouse',
  });
  await sleep(500);
  await cdp.send('HeapProfiler.enable');
  const main = await heaps.page();
  const worker = (await heaps.heaps()).main ?? NaN;
  await call('frameStart', false);
  await call('frameStop');
  return [
    {
      bench: 'memory',
      case: 'main thread JS heap (list mounted, scrolled)',
      unit: 'MB',
      subject: summarize([main / MB]),
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '≤ 80 MB',
      status: verdict(main / MB <= 80),
      note: 'CDP Runtime.getHeapUsage (used + ArrayBuffer backing stores) after a forced GC',
    },
    {
      bench: 'memory',
      case: 'engine worker JS heap',
      unit: 'MB',
      subject: Number.isNaN(worker) ? null : summarize([worker / MB]),
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: `≤ ${workerTarget} MB`,
      status: Number.isNaN(worker) ? 'n/a' : verdict(worker / MB <= workerTarget),
      note: 'CDP Runtime.getHeapUsage on the worker target (used + ArrayBuffer backing stores) after a forced GC',
    },
  ];
}

// How long the bench's origin has no page open before the "after the last page closed" start.
const CLOSED_GAP_MS = 5000;

/**
 * Opens a second page on the bench's origin that holds a connection to the engine's database
 * (`rivulet`) until closed, so reloads of the bench page never leave it without one. The page is
 * the server's 404 page: same origin, no app code. Resolves the page.
 */
async function holdDatabase(page) {
  const keeper = await page.context().newPage();
  await keeper.goto(new URL('/rivulet-bench-keeper', page.url()).href);
  await keeper.evaluate(
    () =>
      new Promise((resolve) => {
        const req = globalThis.indexedDB.open('rivulet');
        req.onsuccess = () => {
          globalThis.rivuletKeep = req.result;
          req.result.onversionchange = () => req.result.close();
          resolve(true);
        };
        req.onerror = () => resolve(false);
      }),
  );
  return keeper;
}

/**
 * A cold start of the bench page: asks for it (`ask`: backend, list, filters), then reloads (or
 * `go`es away and back), and resolves its report. The page begins it while its bundle is
 * evaluated (bench/src/coldOnLoad.ts), as the app makes its engine's worker, not when a call
 * arrives after the load event.
 */
export async function coldReload(call, page, ask, go = () => page.reload({ waitUntil: 'load' })) {
  await call('askCold', ask);
  await go();
  return call('coldResult');
}

export async function coldBench({ page, cdp, call, runs, notes, log }) {
  let rebuilt = 0;
  const onConsole = (msg) => {
    if (/index rebuilt from items/.test(msg.text())) rebuilt++;
  };
  page.on('console', onConsole);
  await call('closeRaw');
  // The SQLite anchor's OPFS file is written again now, from the in-memory database this page's
  // SQLite worker still holds (the first reload ends it), whatever happened to the first copy.
  const copy = await call('sqliteToOpfs');
  notes.push(
    `SQLite OPFS copy for the cold start: ${copy.status} in ${(copy.ms / 1000).toFixed(1)} s ` +
      `(OPFS root before it: ${copy.filesBefore.length ? copy.filesBefore.join(', ') : 'empty'}).`,
  );
  // The engine writes its index snapshot 2 s after the last change (and the app's page when the
  // tab is hidden): write any pending one now. A fixed 5 s wait was too short at 1M, after the
  // refresh step, and one start of 48 rebuilt the index from the items (18 s).
  await call('flushSnapshot');
  // Every engine start below is a reload, as the rows say: a second page of the same origin holds
  // a connection to the engine's database while the SQLite anchor's pages load. Without it an
  // anchor start of ~2 s left the database with no connection long enough for Chromium to close
  // its backing store, and the next engine start paid the reopen (~300 ms at 300k records; one
  // start of 22 s at 1M). A start after that close has its own row, after the loop.
  const keeper = await holdDatabase(page);
  // Each list type is its own row: per run, every list is opened after a reload by the engine
  // and then by SQLite (A B A B …). "Every filter ready" is timed on the all list's starts.
  const lists = await call('coldLists');
  const per = new Map(
    lists.map(({ list }) => [
      list,
      { e: [], s: [], eScript: [], eBoot: [], eInit: [], eAnswer: [], sScript: [], sAnswer: [], sRetries: 0 },
    ]),
  );
  const eFilters = [];
  let sqliteError = '';
  let sqliteFailures = 0;
  for (let i = -1; i < runs; i++) {
    for (const { list } of lists) {
      const parts = per.get(list);
      const er = await coldReload(call, page, { backend: 'engine', list, filters: list === 'all' });
      if (i >= 0) {
        parts.e.push(er.firstRows);
        parts.eScript.push(er.scriptStart);
        parts.eBoot.push(er.booted - er.scriptStart);
        parts.eInit.push(er.inited - er.scriptStart);
        parts.eAnswer.push(er.answered - er.scriptStart);
        if (er.filtersReady !== null) eFilters.push(er.filtersReady);
      }
      // Without a copy, or after two failed opens in a row (each retried for 5 s), skip SQLite.
      if (copy.status !== 'ok') sqliteError = `no OPFS copy: ${copy.status}`;
      if (copy.status !== 'ok' || sqliteFailures >= 2) continue;
      try {
        const sr = await coldReload(call, page, { backend: 'sqlite', list });
        sqliteFailures = 0;
        if (i >= 0) {
          parts.s.push(sr.firstRows);
          parts.sScript.push(sr.scriptStart);
          parts.sAnswer.push(sr.answered - sr.scriptStart);
          parts.sRetries += sr.retries;
        }
      } catch (err) {
        sqliteFailures++;
        sqliteError = err instanceof Error ? err.message.split('\n')[0] : String(err);
      }
    }
  }
  // A reload right after marking articles read, before the snapshot write that change schedules
  // lands (the app's page asks for one when hidden, but at 1M it can outlast a closing page): the
  // start finds the snapshot behind and brings it up to date from the flag log
  // (worker/index/flagLog.ts) instead of rebuilding the index from every record.
  const afterMark = [];
  const afterMarkParts = { eInit: [], eAnswer: [] };
  const rebuiltBeforeMark = rebuilt;
  const marked = [];
  // RIVULET_BENCH_TRACE_COLD=file.json: a trace of these starts (the "engine" windows, stamped
  // only when tracing, from just before each reload to the rows painted) and of as many reloads
  // with nothing marked after them ("static"), summed by thread as for the scroll step (trace.mjs).
  const tracing = Boolean(process.env.RIVULET_BENCH_TRACE_COLD);
  const trace = await traceStep({ cdp, log }, 'RIVULET_BENCH_TRACE_COLD');
  const stamp = runStamper(page, 'RIVULET_BENCH_TRACE_COLD');
  const reloadAll = async (kind) => {
    await stamp(`${kind} start`);
    const er = await coldReload(call, page, { backend: 'engine', list: 'all' });
    await stamp(`${kind} stop`);
    return er;
  };
  const figures = (er) =>
    `rows at ${Math.round(er.firstRows)} ms (init ${Math.round(er.inited - er.scriptStart)}, first page ${Math.round(er.answered - er.scriptStart)})`;
  const traced = [];
  for (let i = 0; i < Math.min(3, runs); i++) {
    marked.push(...(await call('markReadUnwritten', 5)));
    if (process.env.RIVULET_BENCH_MARK_WAIT) await sleep(Number(process.env.RIVULET_BENCH_MARK_WAIT));
    const er = await reloadAll('engine');
    traced.push(`  reload after marking: ${figures(er)}`);
    afterMark.push(er.firstRows);
    afterMarkParts.eInit.push(er.inited - er.scriptStart);
    afterMarkParts.eAnswer.push(er.answered - er.scriptStart);
  }
  const rebuiltAfterMark = rebuilt - rebuiltBeforeMark;
  if (marked.length) await call('markUnreadWritten', marked);
  for (let i = 0; tracing && i < Math.min(3, runs); i++) {
    await call('initEngine');
    traced.push(`  unmarked reload from an engine page: ${figures(await reloadAll('static'))}`);
  }
  if (tracing) log(traced.join('\n'));
  await trace.stop();
  await keeper.close();
  // A first start after the last tab closed: the browser has closed the database by then.
  const closed = [];
  const closedParts = { eScript: [], eBoot: [], eInit: [], eAnswer: [] };
  for (let i = 0; i < Math.min(3, runs); i++) {
    const url = page.url();
    const er = await coldReload(call, page, { backend: 'engine', list: 'all' }, async () => {
      await page.goto(new URL('/rivulet-bench-away', url).href);
      await sleep(CLOSED_GAP_MS);
      await page.goto(url, { waitUntil: 'load' });
    });
    closed.push(er.firstRows);
    closedParts.eScript.push(er.scriptStart);
    closedParts.eBoot.push(er.booted - er.scriptStart);
    closedParts.eInit.push(er.inited - er.scriptStart);
    closedParts.eAnswer.push(er.answered - er.scriptStart);
  }
  page.off('console', onConsole);
  await page.reload({ waitUntil: 'load' });
  if (rebuilt)
    notes.push(
      `Cold start: the engine rebuilt its index from items in ${rebuilt} of ${(runs + 1) * lists.length} starts (snapshot stale).`,
    );
  const firstRows = lists.map(({ list, label }) => {
    const parts = per.get(list);
    const first = summarize(parts.e);
    const anchor = parts.s.length ? summarize(parts.s) : null;
    return {
      bench: 'cold start',
      case: `reload → first 50 rows painted: ${label}`,
      unit: 'ms median (p95)',
      subject: first,
      anchor,
      anchorName: 'SQLite WASM from OPFS',
      ratio: anchor ? first.median / anchor.median : null,
      target: '≤ 300 ms',
      status: verdict(first.median <= 300),
      note:
        `ms since navigation start; medians: page script starts at ${med(parts.eScript)} vs ${med(parts.sScript)} ms, then from that start: ` +
        `engine init ${med(parts.eInit)} ms (worker answering from ${med(parts.eBoot)} ms) + first page → ${med(parts.eAnswer)} ms vs SQLite module + OPFS open + query ${med(parts.sAnswer)} ms` +
        (parts.sRetries
          ? ` (SQLite open retried ${parts.sRetries}× while the old page released the file)`
          : '') +
        (sqliteError ? `; SQLite: ${sqliteError}` : ''),
    };
  });
  return [
    ...firstRows,
    {
      bench: 'cold start',
      case: `start ${CLOSED_GAP_MS / 1000} s after the last page closed → first 50 rows painted: all`,
      unit: 'ms median (p95)',
      subject: closed.length ? summarize(closed) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '—',
      status: 'info',
      note:
        `${closed.length} start${closed.length === 1 ? '' : 's'}; the browser reopens the database it closed after a few seconds with no connection; ` +
        `medians: page script starts at ${med(closedParts.eScript)} ms, then from that start: engine init ${med(closedParts.eInit)} ms (worker answering from ${med(closedParts.eBoot)} ms) + first page → ${med(closedParts.eAnswer)} ms`,
    },
    {
      bench: 'cold start',
      case: 'reload right after marking 5 read (snapshot not yet written) → first 50 rows painted: all',
      unit: 'ms median (p95)',
      subject: afterMark.length ? summarize(afterMark) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '≤ 300 ms',
      status: afterMark.length
        ? verdict(summarize(afterMark).median <= 300 && rebuiltAfterMark === 0)
        : 'n/a',
      note:
        `${afterMark.length} start${afterMark.length === 1 ? '' : 's'}, each a reload at once after the change; ` +
        `${rebuiltAfterMark} rebuilt the index from items (the others applied the flag log); ` +
        `medians, from the page script's start: engine init ${med(afterMarkParts.eInit)} ms + first page → ${med(afterMarkParts.eAnswer)} ms`,
    },
    {
      bench: 'cold start',
      case: 'reload → every filter ready (description LIKE answered)',
      unit: 'ms median (p95)',
      subject: eFilters.length ? summarize(eFilters) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '≤ 2000 ms',
      status: eFilters.length ? verdict(summarize(eFilters).median <= 2000) : 'n/a',
      note: eFilters.length ? undefined : 'n/a (engine API missing: query.run)',
    },
  ];
}
