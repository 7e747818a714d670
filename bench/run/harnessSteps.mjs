// The steps only the harness can drive (CDP scroll gestures, CDP heap reads; the cold starts'
// reloads are in coldSteps.mjs): drive.mjs runs them in their place in the order.
import { MB, sleep, summarize, verdict } from './stats.mjs';

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
