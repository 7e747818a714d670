// Cold-start probe: reloads the bench page over a browser profile a bench run kept
// (RIVULET_BENCH_KEEP_PROFILE with RIVULET_BENCH_PORT=4999) and opens one list the way the cold
// start benchmark does, to see where a start's milliseconds go at the size that run seeded
// (README "At 1,000,000 items").
//
//   node bench/run/coldProbe.mjs <kept profile> [list]…      (lists: all feed group saved today filter)
//
// Per list, three reloads: the milestones of each (ms since navigation: page script, the engine
// worker's first answer, init, first page, rows painted), and for the third a CPU profile of every
// dedicated worker taken from a trace (`disabled-by-default-v8.cpu_profiler`): per 50 ms of the
// trace, the functions with the most self time, so a start's steps show in the order they ran.
// Not part of `npm run bench`: a tool for looking. Environment:
//   PROBE_FILTERS=1  also time "every filter ready" (a description filter answered), as the all
//                    list's starts in the benchmark do;
//   PROBE_SEARCH=1   then also time a word search (the search index loaded), after the filter;
//   PROBE_TOUCH=1    store one new article before the first write (so the text index is written:
//                    a profile an older build wrote then stores its parts as this build does);
//                    PROBE_TOUCH=unwritten reloads right after the index snapshot's write, while
//                    the text index still loads (so the next start finds it one ingest behind);
//                    PROBE_TOUCH=closed right after the article is stored (both behind);
//   PROBE_MARK=1     mark 5 articles read right before each reload (the "right after marking" row);
//   PROBE_KEEPER=1   keep a second page of the origin open, as the benchmark's cold step does;
//   PROBE_SETTLE=1   wait for the engine to be quiet before each reload (engineQuiet), so the
//                    last start's background text load does not run beside the next start;
//   PROBE_WAIT=ms    wait this long after the first start before the probe's starts begin (a
//                    start's idle merge then runs before them, not inside one of them);
//   PROBE_TRACE=k    trace the k-th of the three reloads (0, 1 or 2; 2 by default);
//   PROBE_WINDOW=ms  the CPU profile's window (50 by default), PROBE_TOP=n its functions a window (3);
//   PROBE_CATS=…     other trace categories (say toplevel,v8,blink,loading for the worker's
//                    script fetch, decode and compile: Chromium keeps no code cache for it).

/* global self -- the functions handed to page.evaluate run in the page */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKeptProfile } from './keptProfile.mjs';
import { endTrace } from './trace.mjs';

const [dir, ...asked] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/run/coldProbe.mjs <kept profile> [list]…');
  process.exit(2);
}
const lists = asked.length ? asked : ['all', 'feed', 'group'];
const CATEGORIES = process.env.PROBE_CATS ?? 'toplevel,v8,disabled-by-default-v8.cpu_profiler';
const filters = Boolean(process.env.PROBE_FILTERS);
const search = Boolean(process.env.PROBE_SEARCH);
const W = Number(process.env.PROBE_WINDOW ?? 50);

const { page, cdp, url, close } = await openKeptProfile(dir);
try {
  await page.goto(url);
  console.log(`${await page.evaluate(() => self.rivBench.initEngine())} articles`);
  if (process.env.PROBE_WAIT) await page.waitForTimeout(Number(process.env.PROBE_WAIT));
  if (process.env.PROBE_TOUCH) await page.evaluate(() => self.rivBench.touchText());
  // `unwritten`: the first reload comes at once, before the text index (still loading) is written;
  // `closed`: before the index snapshot is written too.
  const touch = process.env.PROBE_TOUCH;
  if (touch !== 'closed') await page.evaluate(() => self.rivBench.flushSnapshot());
  if (touch !== 'unwritten' && touch !== 'closed') await page.evaluate(() => self.rivBench.engineQuiet());
  if (process.env.PROBE_KEEPER) {
    const keeper = await page.context().newPage();
    await keeper.goto(new URL('/rivulet-bench-keeper', page.url()).href);
  }
  for (const list of lists) {
    for (let k = 0; k < 3; k++) {
      const traced = k === Number(process.env.PROBE_TRACE ?? 2);
      if (process.env.PROBE_MARK) await page.evaluate(() => self.rivBench.markReadUnwritten(5));
      if (process.env.PROBE_SETTLE) await page.evaluate(() => self.rivBench.engineQuiet());
      if (traced) await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
      // Begun as the page loads, as the benchmark's starts are (bench/src/coldOnLoad.ts).
      await page.evaluate((ask) => self.rivBench.askCold(ask), { backend: 'engine', list, filters, search });
      await page.reload({ waitUntil: 'load' });
      const r = await page.evaluate(() => self.rivBench.coldResult());
      const ms = (t) => String(Math.round(t)).padStart(4);
      console.log(
        `${list.padEnd(6)} script ${ms(r.scriptStart)}  worker ${ms(r.booted)}  init ${ms(r.inited)}` +
          `  page ${ms(r.answered)}  painted ${ms(r.firstRows)}${r.filtersReady ? `  filters ${ms(r.filtersReady)}` : ''}${r.searchReady ? `  search ${ms(r.searchReady)}` : ''}${traced ? '  (traced)' : ''}`,
      );
      if (!traced) continue;
      const file = join(tmpdir(), `cold-${list}.json`);
      await endTrace(cdp, file);
      console.log(workerSteps(JSON.parse(readFileSync(file, 'utf8')).traceEvents));
    }
  }
} finally {
  await close();
}

/** Per dedicated worker thread of the trace: per 50 ms, the three functions with the most self time. */
function workerSteps(events) {
  const threads = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const profiles = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.id}`;
    if (e.name === 'Profile')
      profiles.set(key, {
        thread: `${e.pid}:${e.tid}`,
        start: e.args.data.startTime,
        nodes: new Map(),
        samples: [],
        deltas: [],
      });
    const p = profiles.get(key);
    if (e.name !== 'ProfileChunk' || !p) continue;
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    p.samples.push(...(data.cpuProfile?.samples ?? []));
    p.deltas.push(...(data.timeDeltas ?? []));
  }
  const out = [];
  for (const p of profiles.values()) {
    const name = threads.get(p.thread) ?? p.thread;
    if (!name.includes('Worker')) continue;
    out.push(`  ${name} ${p.thread}`);
    const windows = new Map();
    let t = p.start;
    p.samples.forEach((sample, i) => {
      t += p.deltas[i] ?? 0;
      const fn = p.nodes.get(sample)?.callFrame.functionName || '(anonymous)';
      if (fn === '(idle)') return;
      const at = Math.floor((t - t0) / (W * 1000)) * W;
      const selfMs = windows.get(at) ?? new Map();
      selfMs.set(fn, (selfMs.get(fn) ?? 0) + (p.deltas[i] ?? 0) / 1000);
      windows.set(at, selfMs);
    });
    for (const [at, selfMs] of [...windows].sort((a, b) => a[0] - b[0])) {
      const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROBE_TOP ?? 3));
      out.push(
        `    ${String(at).padStart(5)} ms  ${top.map(([fn, v]) => `${fn} ${v.toFixed(0)}`).join(', ')}`,
      );
    }
  }
  return out.join('\n');
}
