// RIVULET_BENCH_TRACE_SCROLL=file.json: a trace of every Chromium process over the scroll step
// (CDP Tracing, `toplevel` tasks and the page's run marks), and a summary in the log: for each
// thread, how many ms it ran tasks during the engine runs (refresh ingesting) and during the
// static runs, so what competes with the page's frames at 1M shows up by thread.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-v8.gc', 'v8'].join(',');

/** Starts tracing when `env` names a file; `stop()` writes it and logs the summary. */
export async function traceStep({ cdp, log }, env) {
  const file = process.env[env];
  if (!file) return { stop: async () => {} };
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
  return {
    stop: async () => {
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
      log(`trace written to ${file}\n${summarizeTrace(JSON.parse(await readFile(file, 'utf8')))}`);
    },
  };
}

/** Per thread: ms of top-level tasks inside the engine runs and inside the static runs. */
export function summarizeTrace(trace) {
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
  const busy = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !e.cat?.includes('toplevel') || !e.dur) continue;
    for (const kind of ['engine', 'static'])
      for (const [a, b] of windows[kind]) {
        const overlap = Math.min(b, e.ts + e.dur) - Math.max(a, e.ts);
        if (overlap <= 0) continue;
        const key = `${e.pid}:${e.tid}`;
        const row = busy.get(key) ?? { engine: 0, static: 0 };
        row[kind] += overlap / 1000;
        busy.set(key, row);
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
  return [
    `task time by thread (engine runs: ${windows.engine.length}, ${span('engine').toFixed(0)} ms; static runs: ${windows.static.length}, ${span('static').toFixed(0)} ms):`,
    ...lines,
  ].join('\n');
}
