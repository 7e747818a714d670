/**
 * A query's answer kept as the index's row numbers (plan.ts `runAllRows`), read by the pager as
 * ids a page at a time. Row numbers name the same items until the index renumbers its rows (a
 * load, a compaction: `numbering`); after that the list says it can no longer tell, and the pager
 * works the list out again and goes on after the cursor's last id. A row removed meanwhile still
 * names its item's id until then; the pager's row read skips ids that are gone.
 */
import type { MetaIndexView } from '../index/types';
import type { MatchRows } from './matchRows';
import type { IdList } from './pager';

/**
 * `answer` (row numbers of `index` under `numbering`, in result order) as the pager's IdList. A
 * page reads only as far as its end (`head`); finding an id orders them all.
 */
export function rowList(answer: MatchRows, index: MetaIndexView, numbering: number | undefined): IdList {
  const current = () => index.numbering === numbering;
  return {
    length: answer.length,
    get bytes() {
      return answer.bytes;
    },
    slice(start, end) {
      if (!current()) return null;
      const from = Math.max(0, Math.min(start, answer.length));
      const upTo = Math.max(from, Math.min(end, answer.length));
      const head = answer.head(upTo);
      const ids = new Int32Array(upTo - from);
      for (let i = 0; i < ids.length; i++) ids[i] = index.id(head[from + i]!);
      return ids;
    },
    indexOf(id) {
      if (!current()) return null;
      const row = index.rowOf(id);
      return row < 0 ? -1 : answer.all().indexOf(row);
    },
  };
}
