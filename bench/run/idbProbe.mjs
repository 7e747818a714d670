// IndexedDB commit probe: small write transactions against a browser profile a bench run kept
// (RIVULET_BENCH_KEEP_PROFILE with RIVULET_BENCH_PORT=4999), traced, to see what each costs the
// browser's IndexedDB threads in the store the run left behind (README "At 1,000,000 items").
//
//   cp -a /tmp/profile /tmp/profile-copy   # a probe writes into the store: use a copy
//   node bench/run/idbProbe.mjs /tmp/profile-copy [ops, comma-separated] [rounds]
//
// Ops (each writes into the engine's `rivulet` database as the page would, without the engine):
//   meta       one transaction putting one small meta record
//   mark       the shape of marking 5 articles read: 5 articles, their feeds, 2 meta records
//   tiny300    300 one-record meta transactions, 30 ms apart; prints each commit's clean-up CPU
//   feeds300   300 transactions each reading and putting back one feed record
//   feeds300by6  the same 300 feed records in 50 transactions of 6
//   add2000by50 / add2000by250 / add2000by1000  2,000 new articles in transactions of that size
// Prints, per op, the browser process's IndexedDB and LevelDB task time and CPU by where each
// task was posted from (`Commit`: the clean-up LevelDB scopes run after a commit), and the wall
// time the page saw. Not part of `npm run bench`: it probes the browser, not Rivulet's code.
/* global self, indexedDB -- the functions handed to page.evaluate run in the page */
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { endTrace, postedFrom, readTrace } from './trace.mjs';
import { chromiumArgs, ensureChromium } from '../../scripts/lib/chromium.mjs';

const [dir, opList = 'meta,mark,tiny300', rounds = '1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/run/idbProbe.mjs <copy of a kept profile> [ops] [rounds]');
  process.exit(2);
}
const port = Number(process.env.RIVULET_BENCH_PORT ?? 4999);
const SETTLE_MS = 3000;

// Runs in the page: the ops above, over raw IndexedDB.
const pageOps = () => {
  const req = (r) =>
    new Promise((res, rej) => {
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
  const done = (tx) =>
    new Promise((res, rej) => {
      tx.oncomplete = res;
      tx.onerror = () => rej(tx.error);
      tx.onabort = () => rej(tx.error);
    });
  const pause = (ms) => new Promise((r) => setTimeout(r, ms));
  const putFeeds = async (db, count, per) => {
    for (let k = 0; k < count / per; k++) {
      const tx = db.transaction(['feeds'], 'readwrite');
      const store = tx.objectStore('feeds');
      for (let j = 0; j < per; j++) store.put(await req(store.get(1 + ((k * per + j) % 500))));
      await done(tx);
      await pause(30 * per);
    }
  };
  const addArticles = async (db, count, per) => {
    const base = Math.random().toString(36).slice(2);
    for (let first = 0; first < count; first += per) {
      const tx = db.transaction(['items'], 'readwrite');
      const store = tx.objectStore('items');
      for (let k = first; k < first + per; k++)
        store.put({
          feedId: 999_999,
          dedupeKey: base + k,
          title: `t${k}`,
          description: 'y'.repeat(1200),
          flags: 0,
        });
      await done(tx);
    }
  };
  self.probeOps = {
    async meta(db) {
      const tx = db.transaction(['meta'], 'readwrite');
      tx.objectStore('meta').put({ key: 'probe', value: Date.now() });
      await done(tx);
    },
    async mark(db) {
      const tx = db.transaction(['items', 'feeds', 'meta'], 'readwrite');
      const items = tx.objectStore('items');
      const records = await Promise.all((await req(items.getAllKeys(null, 5))).map((k) => req(items.get(k))));
      const feeds = tx.objectStore('feeds');
      const feedRecords = await Promise.all(
        [...new Set(records.map((r) => r.feedId))].map((f) => req(feeds.get(f))),
      );
      for (const r of records) items.put(r);
      for (const f of feedRecords) if (f) feeds.put(f);
      tx.objectStore('meta').put({
        key: 'probe-log',
        value: { ids: new Float64Array(5), flags: new Uint8Array(5) },
      });
      tx.objectStore('meta').put({ key: 'probe', value: Date.now() });
      await done(tx);
    },
    async tiny300(db) {
      for (let k = 0; k < 300; k++) {
        const tx = db.transaction(['meta'], 'readwrite');
        tx.objectStore('meta').put({ key: 'probe', value: k });
        await done(tx);
        await pause(30);
      }
    },
    feeds300: (db) => putFeeds(db, 300, 1),
    feeds300by6: (db) => putFeeds(db, 300, 6),
    add2000by50: (db) => addArticles(db, 2000, 50),
    add2000by250: (db) => addArticles(db, 2000, 250),
    add2000by1000: (db) => addArticles(db, 2000, 1000),
  };
  self.probeDb = new Promise((res, rej) => {
    const open = indexedDB.open('rivulet');
    open.onupgradeneeded = () => rej(new Error('no Rivulet database in this profile'));
    open.onsuccess = () => res(open.result);
    open.onerror = () => rej(open.error);
  });
};

const ops = opList.split(',');
const server = createServer((_req, res) => res.end('<!doctype html><title>probe</title>'));
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
const context = await chromium.launchPersistentContext(dir, {
  executablePath: ensureChromium(),
  args: chromiumArgs,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.evaluate(pageOps);
  for (const op of ops)
    if (!(await page.evaluate((o) => o in self.probeOps, op))) throw new Error(`unknown op ${op}`);
  await page.evaluate(() => self.probeDb.then(() => undefined));
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,IndexedDB,leveldb',
    transferMode: 'ReturnAsStream',
  });
  const wall = [];
  for (let round = 0; round < Number(rounds); round++)
    for (const op of ops) {
      const ms = await page.evaluate(
        async ([o, settle]) => {
          const db = await self.probeDb;
          console.timeStamp(`probe ${o} start`);
          const t = performance.now();
          await self.probeOps[o](db);
          const elapsed = performance.now() - t;
          await new Promise((r) => setTimeout(r, settle));
          console.timeStamp(`probe ${o} stop`);
          return elapsed;
        },
        [op, SETTLE_MS],
      );
      wall.push(`${op} ${ms.toFixed(0)} ms`);
    }
  const file = `${dir.replace(/\/$/, '')}-probe-trace.json`;
  await endTrace(cdp, file);
  console.log(
    `trace: ${file}\n${summarize((await readTrace(file)).traceEvents)}\npage wall time: ${wall.join(', ')}`,
  );
} finally {
  await context.close();
  server.close();
}

// Per op window: the browser's IndexedDB/LevelDB tasks by where they were posted from.
function summarize(events) {
  const browser = new Set(
    events.filter((e) => e.name === 'process_name' && /browser/i.test(e.args?.name)).map((e) => e.pid),
  );
  const windows = [];
  const open = new Map();
  for (const e of events) {
    const m = e.name === 'TimeStamp' ? /^probe (\w+) (start|stop)$/.exec(e.args?.data?.message ?? '') : null;
    if (m?.[2] === 'start') open.set(m[1], e.ts);
    if (m?.[2] === 'stop') windows.push({ op: m[1], from: open.get(m[1]), to: e.ts });
  }
  const lines = [];
  for (const w of windows) {
    const byPoster = new Map();
    const commits = [];
    for (const e of events) {
      if (
        e.ph !== 'X' ||
        e.name !== 'ThreadPool_RunTask' ||
        !browser.has(e.pid) ||
        e.ts < w.from ||
        e.ts > w.to
      )
        continue;
      const poster = postedFrom(e);
      if (!/indexed_db|leveldb|leveldatabase|env_chromium|bucket_context/.test(poster)) continue;
      const row = byPoster.get(poster) ?? { ms: 0, cpu: 0, n: 0 };
      row.ms += e.dur / 1000;
      row.cpu += (e.tdur ?? 0) / 1000;
      row.n++;
      byPoster.set(poster, row);
      if (e.args?.src_func === 'Commit') commits.push(((e.tdur ?? 0) / 1000).toFixed(0));
    }
    const rows = [...byPoster].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 4);
    lines.push(
      `${w.op.padEnd(14)} ${rows.map(([k, r]) => `${k} ${r.ms.toFixed(0)} ms, ${r.cpu.toFixed(0)} ms CPU (${r.n}×)`).join('; ')}`,
    );
    if (w.op === 'tiny300') lines.push(`  each commit's clean-up, ms CPU in order: ${commits.join(' ')}`);
  }
  return lines.join('\n');
}
