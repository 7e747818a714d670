// RIVULET_BENCH_TRACE_SCROLL=file.json: a trace of every Chromium process over the scroll step
// (CDP Tracing, `toplevel` tasks and the page's run marks), and a summary in the log: for each
// thread, how many ms it ran tasks during the engine runs (refresh ingesting) and during the
// static runs, so what competes with the page's frames at 1M shows up by thread.
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-v8.gc', 'v8'].join(',');
// RIVULET_BENCH_TRACE_CATEGORIES adds categories (e.g. `IndexedDB,leveldb`) to see inside a thread.
const extraCategories = () => process.env.RIVULET_BENCH_TRACE_CATEGORIES ?? '';

/** Starts tracing when `env` names a file; `stop()` writes it and logs the summary. */
export async function traceStep({ cdp, log }, env) {
  const file = process.env[env];
  if (!file) return { stop: async () => {} };
  await cdp.send('Tracing.start', {
    categories: [CATEGORIES, extraCategories()].filter(Boolean).join(','),
    transferMode: 'ReturnAsStream',
  });
  return {
    stop: async () => {
      await endTrace(cdp, file);
      log(`trace written to ${file}\n${summarizeTrace(await readTrace(file), extraCategories())}`);
    },
  };
}

/** Ends the CDP trace started on `cdp` (with `transferMode: 'ReturnAsStream'`) and writes it to `file`. */
export async function endTrace(cdp, file) {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  const out = createWriteStream(file);
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 22 });
    out.write(base64Encoded ? Buffer.from(data, 'base64') : data);
    if (eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  await new Promise((resolve) => out.end(resolve));
}

/**
 * Marks the edge of a run window for `summarizeTrace` (`what`: 'engine start', 'static stop', …)
 * from the page, only when `env` names a trace file: an untraced run gets no extra round trip.
 */
export function runStamper(page, env) {
  return (what) =>
    process.env[env] ? page.evaluate((m) => console.timeStamp(m), `rivulet-run ${what}`) : null;
}

/** Where a top-level task was posted from: `src_func (file name)`, or '' when the trace says not. */
export function postedFrom(e) {
  return e.args?.src_func
    ? `${e.args.src_func} (${String(e.args.src_file ?? '')
        .split('/')
        .pop()})`
    : '';
}

/**
 * The events a summary needs, read line by line: Chromium writes one event per line, and a 1M
 * trace with the IndexedDB categories is larger than the longest string V8 can make (~512 MB).
 */
export async function readTrace(file) {
  const traceEvents = [];
  for await (const raw of createInterface({ input: createReadStream(file) })) {
    const line = raw.trim().replace(/,$/, '').replace(/\]\}$/, '');
    if (!line.startsWith('{"') || line.startsWith('{"traceEvents"')) continue;
    let e;
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    if (e.ph === 'M' || e.name === 'TimeStamp' || (e.ph === 'X' && e.dur)) traceEvents.push(e);
  }
  return { traceEvents };
}

/**
 * Per thread: ms of top-level tasks inside the engine runs and inside the static runs. With
 * `categories` (a comma list), also the slowest event names of those categories, by engine-run ms.
 */
export function summarizeTrace(trace, categories = '') {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const names = new Map();
  const windows = { engine: [], static: [] };
  const open = {};
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.ph === 'M' && e.name === 'process_name') names.set(`${e.pid}`, e.args.name);
    const msg = e.name === 'TimeStamp' ? e.args?.data?.message : undefined;
    const m = typeof msg === 'string' ? /^rivulet-run (engine|static) (start|stop)$/.exec(msg) : null;
    if (m && m[2] === 'start') open[m[1]] = e.ts;
    if (m && m[2] === 'stop' && open[m[1]] !== undefined) windows[m[1]].push([open[m[1]], e.ts]);
  }
  const wanted = categories.split(',').filter(Boolean);
  const busy = new Map();
  const byName = new Map();
  // The browser's top-level tasks by where they were posted from (`src_func` in `src_file`):
  // IndexedDB's request queue, its transactions' clean-up after commit, LevelDB's compactions.
  const byPoster = new Map();
  const add = (map, key, kind, ms, cpu = 0) => {
    const row = map.get(key) ?? { engine: 0, static: 0, count: 0, cpu: 0 };
    row[kind] += ms;
    if (kind === 'engine') {
      row.count++;
      row.cpu += cpu;
    }
    map.set(key, row);
  };
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const top = e.cat?.includes('toplevel');
    const named = wanted.some((c) => e.cat?.split(',').includes(c));
    if (!top && !named) continue;
    for (const kind of ['engine', 'static'])
      for (const [a, b] of windows[kind]) {
        const overlap = Math.min(b, e.ts + e.dur) - Math.max(a, e.ts);
        if (overlap <= 0) continue;
        if (top) add(busy, `${e.pid}:${e.tid}`, kind, overlap / 1000);
        if (top && postedFrom(e) && /browser/i.test(names.get(`${e.pid}`) ?? ''))
          add(byPoster, postedFrom(e), kind, overlap / 1000, ((e.tdur ?? 0) * overlap) / e.dur / 1000);
        if (named) add(byName, `${names.get(`${e.pid}`) ?? e.pid} ${e.name}`, kind, overlap / 1000);
      }
  }
  const span = (kind) => windows[kind].reduce((s, [a, b]) => s + (b - a) / 1000, 0);
  const lines = [...busy.entries()]
    .sort((x, y) => y[1].engine - x[1].engine)
    .slice(0, 20)
    .map(([key, r]) => {
      const pid = key.split(':')[0];
      return `  ${(names.get(pid) ?? pid).padEnd(10)} ${(names.get(key) ?? key).padEnd(34)} engine runs ${r.engine.toFixed(0).padStart(7)} ms   static runs ${r.static.toFixed(0).padStart(7)} ms`;
    });
  const named = [...byName.entries()]
    .sort((x, y) => y[1].engine - x[1].engine)
    .slice(0, 15)
    .map(
      ([key, r]) =>
        `  ${key.padEnd(48)} engine runs ${r.engine.toFixed(0).padStart(7)} ms (${r.count}×)   static runs ${r.static.toFixed(0).padStart(7)} ms`,
    );
  const posters = [...byPoster.entries()]
    .sort((x, y) => y[1].engine - x[1].engine)
    .slice(0, 8)
    .map(
      ([key, r]) =>
        `  ${key.padEnd(48)} engine runs ${r.engine.toFixed(0).padStart(7)} ms (${r.count}×, ${r.cpu.toFixed(0)} ms CPU)   static runs ${r.static.toFixed(0).padStart(7)} ms`,
    );
  return [
    `task time by thread (engine runs: ${windows.engine.length}, ${span('engine').toFixed(0)} ms; static runs: ${windows.static.length}, ${span('static').toFixed(0)} ms):`,
    ...lines,
    ...(posters.length ? ['browser process tasks by where they were posted from:', ...posters] : []),
    ...(named.length
      ? [`events of ${wanted.join(', ')} (nested events count inside their parents too):`, ...named]
      : []),
  ].join('\n');
}
