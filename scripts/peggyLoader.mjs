/**
 * Node module-customisation hook: compiles `*.peggy` grammars to ES modules on import (with the
 * same compiler as the Vite builds, scripts/lib/peggy.mjs), so scripts run under tsx can import
 * the grammar.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileGrammar } from './lib/peggy.mjs';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.peggy')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  return { format: 'module', source: compileGrammar(await readFile(path, 'utf8'), path), shortCircuit: true };
}
