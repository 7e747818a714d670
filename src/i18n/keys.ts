import type { en } from './en';
import type { Params, Paths, PluralPaths } from './types';

// The key types live apart from index.ts so that modules index.ts re-exports (rich.ts) can use
// them without importing index.ts back (no import cycles; `npm run check` enforces it).

/** Every translation key: a dotted path into the English dictionary. */
export type TKey = Paths<typeof en>;
/** The keys whose entry is plural forms (they take a `count`). */
export type TPluralKey = PluralPaths<typeof en>;
/** Arguments after the key: a required `{ count }` for plural keys, optional params otherwise. */
export type TArgs<K extends TKey> = K extends TPluralKey
  ? [params: Params & { count: number }]
  : [params?: Params];
/** A translate function bound to one language. */
export type Translate = <K extends TKey>(key: K, ...args: TArgs<K>) => string;
