// WebAssembly text → the TypeScript module that embeds its binary. `node scripts/wasm.mjs`
// writes each module below; worker/search/byteFinder.test.ts compiles the text again and
// checks it against what is embedded, so an edit of the .wat without a regeneration fails.
import { readFileSync } from 'node:fs';
import wabtInit from 'wabt';

/** Each module: its text and the TypeScript file that embeds it (paths from the repository root). */
export const WASM_MODULES = [
  { wat: 'worker/search/byteScan.wat', ts: 'worker/search/byteScanWasm.ts', name: 'BYTE_SCAN_WASM' },
];

/** The binary of a WebAssembly text file (SIMD enabled). */
export async function compileWat(path) {
  const wabt = await wabtInit();
  const module = wabt.parseWat(path, readFileSync(path, 'utf8'), { simd: true });
  try {
    module.validate();
    return Uint8Array.from(module.toBinary({ log: false, write_debug_names: false }).buffer);
  } finally {
    module.destroy();
  }
}

/** The TypeScript source that embeds `bytes` as `name`. */
export function embedSource(wat, name, bytes) {
  const lines = [];
  for (let i = 0; i < bytes.length; i += 24)
    lines.push(`  ${Array.from(bytes.subarray(i, i + 24)).join(', ')},`);
  return [
    `// Generated from ${wat.split('/').pop()} by \`node scripts/wasm.mjs\`: edit the .wat, then run it.`,
    '// prettier-ignore',
    `export const ${name} = new Uint8Array([`,
    ...lines,
    ']);',
    '',
  ].join('\n');
}
