import peggy from 'peggy';
import type { Plugin } from 'vite';

/**
 * Compiles `*.peggy` grammars to ES modules, like the app's vite.config.ts does (that file does
 * not export its plugin). The bench bundles the real engine, whose filter language imports the
 * grammar. Throws the peggy error (with location) when a grammar does not compile.
 */
export function peggyPlugin(): Plugin {
  return {
    name: 'rivulet-bench-peggy',
    transform(code, id) {
      if (!id.endsWith('.peggy')) return null;
      return { code: peggy.generate(code, { output: 'source', format: 'es', grammarSource: id }), map: null };
    },
  };
}
