// `node scripts/wasm.mjs`: compiles every WebAssembly text file of scripts/lib/wasm.mjs into the
// TypeScript module that embeds it. Run it after editing a .wat (a unit test notices otherwise).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/prepare.mjs';
import { WASM_MODULES, compileWat, embedSource } from './lib/wasm.mjs';

for (const { wat, ts, name } of WASM_MODULES) {
  const bytes = await compileWat(join(root, wat));
  writeFileSync(join(root, ts), embedSource(wat, name, bytes));
  console.log(`${ts}: ${bytes.length} bytes`);
}
