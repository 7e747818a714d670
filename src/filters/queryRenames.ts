import { renameTagInQuery } from '../../shared/tagQuery';

/** A tag rename, old name then new. */
export type TagRename = readonly [from: string, to: string];

/**
 * The query `query` of a /filter history entry, read through the tag renames that came after the
 * entry was first seen: `renames` are every rename the page has seen, in order, and `seen` how
 * many of them had happened by then. Only those after: an entry whose query was already rewritten
 * through a rename must not go through it again, which renamed a tag twice when one rename
 * freed a name for the next (`work` → `archive`, then `todo` → `work`: `todo` read as `archive`).
 */
export function queryThroughRenames(query: string, renames: readonly TagRename[], seen: number): string {
  return renames.slice(seen).reduce((q, [from, to]) => renameTagInQuery(q, from, to), query);
}
