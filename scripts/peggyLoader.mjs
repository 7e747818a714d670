/**
 * Node module-customisation hook: compiles `*.peggy` grammars to ES modules on import, like the
 * Vite plugin does for build and tests, so scripts run under tsx can import the grammar.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import peggy from 'peggy';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.peggy')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const source = peggy.generate(await readFile(path, 'utf8'), {
    output: 'source',
    format: 'es',
    grammarSource: path,
  });
  return { format: 'module', source, shortCircuit: true };
}
