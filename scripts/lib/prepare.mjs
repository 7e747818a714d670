// Shared steps of `npm start`, `npm test` and `npm run bench`: make sure dependencies are installed
// and the build is current. Uses only Node built-ins, because it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs a command in the repo root with inherited output; returns its exit code. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) {
    console.error(`rivulet: could not run ${cmd}: ${res.error.message}`);
    return 1;
  }
  return res.status ?? 1;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file below `dir` (skipping node_modules and dot folders). */
export function newestIn(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  const st = statSync(dir);
  if (!st.isDirectory()) return st.mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(p) : mtime(p));
  }
  return newest;
}

/**
 * Whether the checkout at `dir` needs `npm ci`: 'current' when node_modules was installed after
 * the lock file last changed (npm writes node_modules/.package-lock.json on every install, so its
 * time marks the install), 'linked' when node_modules is a symbolic link (a worktree borrowing
 * another checkout's: `npm ci` empties the folder it points to, the other checkout's), else
 * 'install'.
 */
export function dependencyState(dir) {
  const modules = join(dir, 'node_modules');
  try {
    if (lstatSync(modules).isSymbolicLink()) return 'linked';
  } catch {
    // No node_modules at all: an install.
  }
  const marker = join(modules, '.package-lock.json');
  return existsSync(marker) && mtime(marker) >= mtime(join(dir, 'package-lock.json')) ? 'current' : 'install';
}

/** Installs dependencies with `npm ci` when `dependencyState` says so; a linked folder is left alone. */
export function ensureDependencies() {
  const state = dependencyState(root);
  if (state === 'current') return;
  if (state === 'linked') {
    console.warn('rivulet: node_modules is a link to another checkout; not reinstalling through it.');
    return;
  }
  console.log('rivulet: installing dependencies (npm ci)…');
  const code = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (code !== 0) {
    console.error('rivulet: npm ci failed; see the output above.');
    process.exit(code);
  }
}

const buildInputs = [
  'src',
  'worker',
  'grammar',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/** Builds the app with Vite when dist/ is missing or older than any of its sources. */
export function ensureBuild({ force = false } = {}) {
  const built = mtime(join(root, 'dist', 'index.html'));
  const sources = Math.max(...buildInputs.map((p) => newestIn(join(root, p))));
  if (!force && built > 0 && built >= sources) return 0;
  console.log('rivulet: building the app…');
  return run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
