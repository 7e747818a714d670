// The one place a `*.peggy` grammar becomes an ES module: the app build and tests (vite.config.ts),
// the bench build (bench/vite.config.ts) and Node scripts (scripts/peggyLoader.mjs) all call this,
// so no generated parser is ever committed and all three compile alike. Plain .mjs because the
// Node loader runs before any TypeScript support is registered.
import peggy from 'peggy';

/** Compiles grammar source to an ES module exporting `parse` and `SyntaxError`; throws peggy's located error. */
export function compileGrammar(source, path) {
  return peggy.generate(source, { output: 'source', format: 'es', grammarSource: path });
}

/** Vite/Rolldown plugin: transforms imported `*.peggy` files with {@link compileGrammar}. */
export function peggyPlugin() {
  return {
    name: 'rivulet-peggy',
    transform(code, id) {
      if (!id.endsWith('.peggy')) return null;
      return { code: compileGrammar(code, id), map: null };
    },
  };
}
