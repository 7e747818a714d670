// `npm run bench`: builds the benchmark page (bench/), serves it cross-origin isolated on
// 127.0.0.1, drives headless Chromium through the real engine worker and the anchors, prints the
// table and writes bench/results/latest.{md,json}. Options:
//   --size N      corpus items (default 100000)        --runs N   measured runs (default 7, min 7)
//   --only a,b    benchmarks to run (see bench/run/drive.mjs BENCHES)
//   --smoke       2,000 items, 1 run after a warm-up, every benchmark once, no thresholds;
//                 results go to .tmp/bench-smoke.{md,json} so the committed ones stay.
//   --out PATH    write PATH.{md,json} instead, so runs at once do not collide
import { cpSync, renameSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem, platform, release, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, root, run } from './lib/prepare.mjs';
import { chromiumArgs, ensureChromium, idbBackend } from './lib/chromium.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const started = Date.now();
const loadAtStart = loadavg()[0];
const smoke = values.smoke;
const size = Number(values.size ?? (smoke ? 2000 : 100_000));
const runs = smoke ? 1 : Math.max(7, Number(values.runs ?? 7));
if (!Number.isInteger(size) || size < 500) {
  console.error('rivulet bench: --size must be an integer ≥ 500');
  process.exit(2);
}

ensureDependencies();
const executablePath = ensureChromium();
const { BENCHES, drive } = await import('../bench/run/drive.mjs');
const only = values.only ? values.only.split(',').map((s) => s.trim()) : BENCHES;
const unknown = only.filter((b) => !BENCHES.includes(b));
if (unknown.length) {
  console.error(
    `rivulet bench: unknown benchmark(s) ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}`,
  );
  process.exit(2);
}

// Built into the OS temp dir, one folder per run: an `npm ci` elsewhere in the checkout (which
// wipes node_modules, .cache included) cannot pull the page from under a running benchmark, and
// two runs at once do not collide.
const buildDir = join(tmpdir(), `rivulet-bench-${process.pid}`);
console.log('rivulet bench: building the bench page…');
if (
  run('npx', ['vite', 'build', '-c', 'bench/vite.config.ts', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', RIVULET_BENCH_OUT: buildDir },
  }) !== 0
)
  process.exit(1);

const { chromium } = await import('playwright-core');
const { serveStatic } = await import('../bench/run/server.mjs');
const { freeResultsName, toMarkdown, writeResults } = await import('../bench/run/report.mjs');

// RIVULET_BENCH_PORT: a fixed port, so a profile kept by RIVULET_BENCH_KEEP_PROFILE (below) is
// opened later at the same origin and finds its IndexedDB and OPFS files.
const server = await serveStatic(buildDir, Number(process.env.RIVULET_BENCH_PORT ?? 0));
// Past 300k items the browser gets a profile on disk (inside the per-run folder): a fresh
// context is off the record, so its IndexedDB and OPFS live in memory, and at 1M items (~3 GB
// of IndexedDB beside the SQLite anchor's OPFS files) writes then fail as if the disk were full.
// Smaller runs keep the in-memory context, so their figures stay comparable with earlier ones
// (RIVULET_BENCH_DISK=1 puts them on disk too).
const onDisk = size > 300_000 || process.env.RIVULET_BENCH_DISK === '1';
const viewport = { width: 1280, height: 800 };
const context = onDisk
  ? await chromium.launchPersistentContext(join(buildDir, 'profile'), {
      executablePath,
      args: chromiumArgs,
      viewport,
    })
  : await (await chromium.launch({ executablePath, args: chromiumArgs })).newContext({ viewport });
const browser = { close: () => context.browser()?.close() ?? context.close() };
let exitCode = 0;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  // The engine says in its worker's console when it falls back (no OPFS, a lost file, a rebuild):
  // a run that took such a path shows it here instead of only in its figures.
  // (sqlite-wasm's OPFS proxy logs "No waitLoop handler for whichOp # 0" as an error while it
  // works normally: left out.)
  // The browser's own request for /favicon.ico (the bench page names none) 404s: left out too.
  const showWarnings = (where) => (msg) => {
    const url = msg.location()?.url ?? '';
    const noise = msg.text().includes('No waitLoop handler') || url.endsWith('/favicon.ico');
    if ((msg.type() === 'warning' || msg.type() === 'error') && !noise)
      console.error(`${where} ${msg.type()}: ${msg.text()}${url ? ` (${url})` : ''}`);
  };
  page.on('console', showWarnings('page'));
  page.on('worker', (worker) =>
    worker.on('console', showWarnings(`worker ${worker.url().split('/').pop()}`)),
  );
  await page.goto(server.url);
  const cdp = await context.newCDPSession(page);
  const day = 86_400;
  // The corpus ends today (UTC day), so DATE_SUB(NOW(), …) filters select recent items.
  const spec = { size, seed: 1, now: Math.floor(Date.now() / 1000 / day) * day };
  const log = (msg) => console.log(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
  const result = await drive({
    page,
    cdp,
    spec,
    runs,
    only,
    smoke,
    // The feed corpus kept in the repository (tests/fixtures/corpus, see its README).
    corpusDir: join(root, 'tests', 'fixtures', 'corpus', 'feeds'),
    log,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  result.rows.push({
    bench: 'run',
    case: 'whole run, build to results',
    unit: 'min',
    subject: {
      median: seconds / 60,
      p25: seconds / 60,
      p75: seconds / 60,
      p95: seconds / 60,
      min: 0,
      max: 0,
      n: 1,
    },
    anchor: null,
    anchorName: '—',
    ratio: null,
    // The 30-minute target is for the whole 1M run: a run of some benchmarks is only information.
    target: size >= 1_000_000 && only.length === BENCHES.length ? '≤ 30 min' : '—',
    status:
      size >= 1_000_000 && only.length === BENCHES.length ? (seconds <= 1800 ? 'PASS' : 'MISS') : 'info',
    note: `1-min load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end (2 cores)`,
  });
  const cpu = cpus();
  const meta = {
    date: new Date().toISOString().slice(0, 19) + 'Z',
    size,
    seed: spec.seed,
    runs,
    smoke,
    only,
    chromium: `Chromium ${/Chrome\/([\d.]+)/.exec(await page.evaluate(() => navigator.userAgent))?.[1] ?? '?'}${onDisk ? ' (profile on disk)' : ''}${idbBackend === 'sqlite' ? ', IndexedDB on SQLite (RIVULET_IDB)' : ''}`,
    cpu: cpu[0]?.model?.trim() ?? 'unknown CPU',
    cores: cpu.length,
    memGB: (totalmem() / 1024 ** 3).toFixed(1),
    platform: `${platform()} ${release()}`,
    seconds: Math.round((Date.now() - started) / 1000),
    // Other processes compete for the cores; a high load widens spreads (ratios stay meaningful).
    loadAverage: `${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
    notes: result.notes,
  };
  console.log(`\n${toMarkdown(result.rows)}\n`);
  for (const n of result.notes) console.log(`note: ${n}`);
  const base = values.out
    ? resolve(values.out)
    : smoke
      ? join(root, '.tmp', 'bench-smoke')
      : join(root, 'bench', 'results', 'latest');
  writeResults(base, meta, result.rows);
  // Full runs at the README's two sizes are kept under their date, so the history shows.
  const label = { 100_000: '100k', 1_000_000: '1m' }[size];
  if (!smoke && !values.out && label && only.length === BENCHES.length)
    writeResults(
      freeResultsName(join(root, 'bench', 'results', `${label}-${meta.date.slice(0, 10)}`)),
      meta,
      result.rows,
    );
  console.log(`rivulet bench: wrote ${base}.md and .json (${meta.seconds} s)`);
  if (result.failures.length) {
    console.error(
      `rivulet bench: ${result.failures.length} benchmark(s) failed:\n  ${result.failures.join('\n  ')}`,
    );
    exitCode = 1;
  }
} catch (err) {
  console.error('rivulet bench: failed:', err);
  exitCode = 1;
} finally {
  await browser.close();
  await server.close();
  // RIVULET_BENCH_KEEP_PROFILE=path: the on-disk profile is kept there (for probes of the store a
  // run leaves behind) instead of being removed with the build.
  const keep = process.env.RIVULET_BENCH_KEEP_PROFILE;
  if (keep && onDisk) {
    try {
      renameSync(join(buildDir, 'profile'), keep);
    } catch {
      cpSync(join(buildDir, 'profile'), keep, { recursive: true });
    }
    console.log(`rivulet bench: browser profile kept at ${keep}`);
  } else if (keep)
    console.log('rivulet bench: no profile kept: this run kept none on disk (see RIVULET_BENCH_DISK)');
  rmSync(buildDir, { recursive: true, force: true });
}
process.exit(exitCode);
