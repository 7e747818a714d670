/**
 * A query's answer kept as the index's row numbers (plan.ts `runAllRows`), read by the pager as
 * ids a page at a time. Row numbers name the same items until the index renumbers its rows (a
 * load, a compaction: `numbering`); after that the list says it can no longer tell, and the pager
 * works the list out again and goes on after the cursor's last id. A row removed meanwhile still
 * names its item's id until then; the pager's row read skips ids that are gone.
 */
import type { MetaIndexView } from '../index/types';
import type { IdList } from './pager';

/** `rows` (row numbers of `index` under `numbering`, in result order) as the pager's IdList. */
export function rowList(rows: Int32Array, index: MetaIndexView, numbering: number | undefined): IdList {
  const current = () => index.numbering === numbering;
  return {
    length: rows.length,
    bytes: rows.byteLength,
    slice(start, end) {
      if (!current()) return null;
      const from = Math.max(0, Math.min(start, rows.length));
      const ids = new Int32Array(Math.max(0, Math.min(end, rows.length) - from));
      for (let i = 0; i < ids.length; i++) ids[i] = index.id(rows[from + i]!);
      return ids;
    },
    indexOf(id) {
      if (!current()) return null;
      const row = index.rowOf(id);
      return row < 0 ? -1 : rows.indexOf(row);
    },
  };
}
