// Query probe: times filters against a browser profile a bench run kept (RIVULET_BENCH_KEEP_PROFILE
// with RIVULET_BENCH_PORT=4999), and profiles the engine worker's CPU over them, to see where a
// shape's milliseconds go at the size that run seeded (README "At 1,000,000 items").
//
//   node bench/run/queryProbe.mjs <kept profile> [runs] [filter]…   (filter `search`: the search
//   benchmark's 200 queries, their slowest and a profile)
//
// Prints, per filter, each run's time, the median and p95 of `runs` uncached runs (the query benchmark's way:
// other leading spaces each run), the engine worker's time in the garbage collector over them,
// and its functions with the most self time. Not part of `npm run bench`: a tool for looking.
/* global self -- the functions handed to page.evaluate run in the page */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackWorkerHeaps } from './heap.mjs';
import { openKeptProfile } from './keptProfile.mjs';

const [dir, runsArg = '41', ...filters] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/run/queryProbe.mjs <kept profile> [runs] [filter]…');
  process.exit(2);
}
const runs = Number(runsArg);
const asked = filters.length
  ? filters
  : [
      'feedId = 7',
      'feed.groupId = 5',
      'pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)',
      "group.title = 'Group 7'",
    ];

const { page, cdp, url, close } = await openKeptProfile(dir);
try {
  const workers = await trackWorkerHeaps(cdp);
  await page.goto(url);
  const t0 = Date.now();
  const items = await page.evaluate(() => self.rivBench.initEngine());
  await page.evaluate(() => self.rivBench.engineQuiet());
  console.log(`engine up with ${items} articles in ${Date.now() - t0} ms`);
  await workers.worker('main', 'Profiler.enable');
  await workers.worker('main', 'Profiler.setSamplingInterval', { interval: 100 });
  for (const filter of asked) {
    if (filter === 'search') {
      await searchProbe(workers);
      continue;
    }
    // Warmed up on the filter (on the last of its turns once, so the runs' words are all new).
    const turns = filter.split(' ;; ');
    const warmUp = turns.length > 1 ? [turns[turns.length - 1], 1] : [filter, 3];
    await page.evaluate(([f, n]) => self.rivBench.queryTimes(f, n), warmUp);
    await workers.worker('main', 'Profiler.start');
    const times = await page.evaluate(([f, n]) => self.rivBench.queryTimes(f, n), [filter, runs]);
    const { profile } = await workers.worker('main', 'Profiler.stop');
    const file = join(tmpdir(), `probe-${asked.indexOf(filter)}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
    console.log(`\n${filter}: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${runs} runs (${file})`);
    console.log(`  each run: ${times.map((t) => t.toFixed(1)).join(' ')}`);
    for (const [name, ms] of selfTimes(profile).slice(0, 12))
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
} finally {
  await close();
}

// The search benchmark's 200 queries after its warm-up pass: p95, median, the slowest queries
// and the engine worker's self time over them.
async function searchProbe(workers) {
  await page.evaluate(() => self.rivBench.searchTimes(true));
  await workers.worker('main', 'Profiler.start');
  const times = await page.evaluate(() => self.rivBench.searchTimes());
  const { profile } = await workers.worker('main', 'Profiler.stop');
  const file = join(tmpdir(), 'probe-search.cpuprofile');
  writeFileSync(file, JSON.stringify(profile));
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  console.log(`\nsearch: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${times.length} queries (${file})`);
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 12);
  console.log(`  slowest: ${slowest.map((t) => `${t.q} ${t.ms.toFixed(1)}`).join(', ')}`);
  for (const [name, ms] of selfTimes(profile).slice(0, 12))
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

/** Self time per function (name @ file:line), most first, from a CDP CPU profile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]);
    const f = node.callFrame;
    const where = f.url ? ` ${f.url.split('/').pop()}:${f.lineNumber + 1}` : '';
    const name = `${f.functionName || '(anonymous)'}${where}`;
    self.set(name, (self.get(name) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  }
  return [...self].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]);
}
