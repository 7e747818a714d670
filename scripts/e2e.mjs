// `npm run e2e`: build if stale, then run only the end-to-end tests.
import { ensureBuild, ensureDependencies, run } from './lib/prepare.mjs';
import { ensureChromium } from './lib/chromium.mjs';

ensureDependencies();
process.env.CHROMIUM_PATH = ensureChromium();
if (ensureBuild() !== 0) process.exit(1);
process.exit(run('npx', ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)]));
