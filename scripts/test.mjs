// `npm test`: everything CI checks, in order, with a closing summary. Exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './lib/prepare.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureDependencies();
process.env.CHROMIUM_PATH = ensureChromium();

const reports = join(root, '.tmp');
mkdirSync(reports, { recursive: true });

/** Counts from a Vitest JSON report, or null when the run wrote none. */
function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failedTests = [];
  const flakyTests = [];
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      const where = `${file.name.replace(root + '/', '')} > ${t.fullName}`;
      const first = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      if (t.status === 'failed') failedTests.push(`${where}: ${first}`);
      // A test that passed after a retry keeps the errors of the attempts that failed.
      else if (t.status === 'passed' && t.failureMessages?.length) flakyTests.push(`${where}: ${first}`);
    }
    // A file that failed to load has no assertion results, only a message.
    if (file.status === 'failed' && !file.assertionResults?.length) {
      failedTests.push(`${file.name.replace(root + '/', '')}: ${(file.message ?? '').split('\n')[0]}`);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    failedTests,
    flakyTests,
  };
}

function vitest(name, extra, env = {}) {
  const out = join(reports, `${name.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
  rmSync(out, { force: true });
  const cmd = [
    'npx',
    'vitest',
    'run',
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  return {
    name,
    cmd,
    env,
    run: () => run(cmd[0], cmd.slice(1), { env: { ...process.env, ...env } }),
    counts: () => vitestCounts(out),
  };
}

/** Runs a command with its output captured, for steps that run side by side. */
function runCaptured(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1', ...env } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => resolve({ code: 1, output: `could not run ${cmd}: ${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/**
 * The checks that read the sources and the build, in two lanes run side by side: each is one
 * process that keeps one core busy (the type-aware lint alone takes as long as the other four
 * together), so on two cores this stage takes about the lint's time instead of the sum. The unit
 * tests close the second lane: they start when the build ends instead of waiting for the lint's
 * last ~20 s (the unit tests read neither the lint's output nor dist/).
 * A lane's steps run in order; each step's output is printed whole when it ends.
 */
const lanes = [
  [{ name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings', '0'] }],
  [
    { name: 'typecheck', cmd: ['npx', 'tsc', '-b'] },
    { name: 'import cycles', cmd: ['npm', 'run', '--silent', 'cycles'] },
    { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
    { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
    vitest('unit', []),
  ],
];

const results = [];
const laneNames = lanes.flat().map((s) => s.name);
console.log(`\n━━ ${laneNames.join(', ')} (side by side) ━━`);
/** Runs a lane's steps in order, each one's output printed whole when it ends. */
async function runLane(lane) {
  for (const step of lane) {
    const start = Date.now();
    const { code, output } = await runCaptured(step.cmd[0], step.cmd.slice(1), step.env);
    const seconds = (Date.now() - start) / 1000;
    console.log(`\n━━ ${step.name} (${seconds.toFixed(1)}s${code === 0 ? '' : ', failed'}) ━━`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : output + '\n');
    results.push({ name: step.name, code, seconds, counts: step.counts?.() });
  }
}
await Promise.all(lanes.map(runLane));

// Chromium 156 keeps an off-the-record context's IndexedDB on SQLite in memory and a profile's
// on disk on LevelDB, which a reader's Chrome has until its move to SQLite reaches it. The e2e
// tests run in off-the-record contexts; these journeys (marking and undo, deleting and restoring,
// a start with 100k articles, where a race showed only on disk) run again with each app's profile
// on disk (tests/e2e/harness.ts, RIVULET_E2E_PROFILE).
const onLevelDb = ['undo', 'feeds', 'backupRoundTrip', 'reading-scale'].map((f) => `tests/e2e/${f}.e2e.ts`);
const e2e = vitest('e2e', ['-c', 'vitest.e2e.config.ts']);
// The last two run side by side: neither keeps the two cores busy (measured alone: the LevelDB
// files used 72 s of CPU in 75 s, the smoke bench 19 s in 50 s, waiting on frames, timers and
// disk), so together they take about the LevelDB files' time instead of the sum. The smoke
// bench's figures are not judged there, only that every step runs.
const last = [
  vitest('e2e (LevelDB)', ['-c', 'vitest.e2e.config.ts', ...onLevelDb], { RIVULET_E2E_PROFILE: 'disk' }),
];
if (existsSync(join(root, 'scripts', 'bench.mjs'))) {
  last.push({ name: 'bench (smoke)', cmd: ['node', 'scripts/bench.mjs', '--smoke'] });
}

const buildFailed = results.some((r) => r.name === 'build' && r.code !== 0);
const skip = (step) => results.push({ name: step.name, code: 1, seconds: 0, note: 'skipped: build failed' });
if (buildFailed) skip(e2e);
else {
  console.log(`\n━━ ${e2e.name} ━━`);
  const start = Date.now();
  const code = e2e.run();
  results.push({ name: e2e.name, code, seconds: (Date.now() - start) / 1000, counts: e2e.counts() });
}
const lastRun = last.filter((step) => !(buildFailed && step.name.startsWith('e2e')));
for (const step of last) if (!lastRun.includes(step)) skip(step);
console.log(`\n━━ ${lastRun.map((s) => s.name).join(', ')} (side by side) ━━`);
await Promise.all(lastRun.map((step) => runLane([step])));

// Side-by-side steps end in any order; the summary lists every step in the order declared here.
const order = [...laneNames, e2e.name, ...last.map((s) => s.name)];
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n━━ summary ━━');
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  const detail = c ? `${c.passed} passed, ${c.failed} failed` : (r.note ?? '');
  console.log(
    `${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(14)} ${r.seconds.toFixed(1).padStart(6)}s  ${detail}`,
  );
}
for (const r of results) {
  for (const line of r.counts?.failedTests ?? []) console.log(`  failed (${r.name}): ${line}`);
  for (const line of r.counts?.flakyTests ?? []) console.log(`  passed on retry (${r.name}): ${line}`);
}
const failedSteps = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
// A step that failed without failing tests (typecheck, lint, a crash) still counts as a failure.
const failures = failed + results.filter((r) => r.code !== 0 && !(r.counts?.failed > 0)).length;
console.log(`tests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
