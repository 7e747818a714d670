// Finds a Chromium for end-to-end tests and benchmarks, installing Debian's package when we are
// root and none is there. playwright-core drives it through `executablePath`.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/**
 * RIVULET_IDB=sqlite runs IndexedDB on Chromium's SQLite backing store instead of LevelDB, for
 * the end-to-end tests and the benchmarks alike. Chrome has been moving new sites' data onto it
 * since 2026 (a staged rollout its field trials switch on). Debian's Chromium 156, without field
 * trials, keeps an off-the-record context's IndexedDB on SQLite in memory but puts a profile on
 * disk on LevelDB: without this flag the e2e tests and bench runs up to 300k items meet SQLite,
 * profiles on disk (1M runs, RIVULET_E2E_PROFILE=disk) LevelDB.
 */
export const idbBackend = process.env.RIVULET_IDB === 'sqlite' ? 'sqlite' : 'leveldb';

/** Flags every launch uses: headless, and no background traffic to Google's hosts. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  ...(idbBackend === 'sqlite' ? ['--enable-features=IdbSqliteBackingStore'] : []),
];

/**
 * Browser features the tests never use that cost each new window CPU. Chromium 156 builds the
 * address bar's suggestion popup (two WebUI pages, in a renderer process of their own) for every
 * window it opens, headless included, where no one can ever type in an address bar: about 1.9 s
 * of CPU for each browser context an e2e test opens, measured on the 2-core CI machine (about
 * 4.5 s → 2.6 s from a new context to the engine's first answer). The app's pages are not
 * touched by this.
 */
export const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The `--disable-features` switch that turns off `unusedFeatures` and keeps what `alreadyOff`
 * turns off. Chromium reads only the last `--disable-features` on its command line, and
 * playwright-core passes one of its own before the caller's arguments, so a launch through
 * Playwright must repeat Playwright's list (tests/e2e/harness.ts reads it from a browser's
 * command line); Chromium started by hand (crash.e2e.ts) has none to keep.
 */
export function disableFeaturesSwitch(alreadyOff = []) {
  return `--disable-features=${[...new Set([...alreadyOff, ...unusedFeatures])].join(',')}`;
}

/** The features a `--disable-features=` switch on a command line turns off (the last one counts). */
export function featuresOffIn(commandLine) {
  const last = commandLine.filter((a) => a.startsWith('--disable-features=')).at(-1);
  return last ? last.slice('--disable-features='.length).split(',').filter(Boolean) : [];
}

/** Returns the path of a usable Chromium, or exits with instructions when there is none. */
export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("rivulet: no Chromium found; installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'rivulet: end-to-end tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium`)\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}
