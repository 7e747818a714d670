// What the probes (queryProbe.mjs, coldProbe.mjs) share: the bench page built into a folder of
// its own and served on the kept profile's port, and that profile opened in Chromium.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic } from './server.mjs';
import { chromiumArgs, ensureChromium } from '../../scripts/lib/chromium.mjs';
import { run } from '../../scripts/lib/prepare.mjs';

/**
 * Builds the bench page, serves it at RIVULET_BENCH_PORT (4999 by default: the port the profile's
 * run served it on, so its origin finds its IndexedDB and OPFS files) and opens the profile at
 * `dir`. Resolves the page (at the bench page), its CDP session and `close()`.
 */
export async function openKeptProfile(dir) {
  const buildDir = join(tmpdir(), `rivulet-probe-${process.pid}`);
  const built = run('npx', ['vite', 'build', '-c', 'bench/vite.config.ts', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', RIVULET_BENCH_OUT: buildDir },
  });
  if (built !== 0) throw new Error('the bench page did not build');
  const server = await serveStatic(buildDir, Number(process.env.RIVULET_BENCH_PORT ?? 4999));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: ensureChromium(),
    args: chromiumArgs,
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  return {
    page,
    cdp,
    url: server.url,
    close: async () => {
      await context.close();
      await server.close();
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}
