import type { MetaIndexView } from '../index/types';
import type { DescriptionSource } from './language/textColumn';
import type { TextStore } from '../search/textStore';

// Match maps kept per needle: a page of results and its count reuse one scan.
const CACHED_NEEDLES = 8;

/**
 * The planner's view of descriptions over the text store: rows of the metadata index are mapped
 * to items by id (the store is keyed by id, so index compaction cannot misalign them).
 * `contains` answers from one whole-store byte scan per needle, kept for the latest needles: once
 * the store has changed, the next question about a needle scans only the texts added since (a
 * refresh adds a few hundred; a whole scan reads every text), unless the store renumbered its
 * slots (a compaction or a load), which needs the whole scan again.
 */
export class StoreDescriptionSource implements DescriptionSource {
  /** Per needle, in the order they were last scanned: the map and the store's `version` and `numbering` it is of. */
  private readonly maps = new Map<string, { map: Uint8Array; version: number; numbering: number }>();

  constructor(
    private readonly index: MetaIndexView,
    private readonly store: TextStore,
  ) {}

  /** Decoded text of the row's item. Cost: one UTF-8 decode (only ORDER BY / = use this). */
  textLower(row: number): string {
    return this.store.text(this.index.id(row));
  }

  /** Whether the row's text contains `needleLower`. O(1) after the first call per needle. */
  contains(row: number, needleLower: string): boolean {
    const slot = this.store.slotOf(this.index.id(row));
    return slot >= 0 && this.slotHits(needleLower)[slot] === 1;
  }

  /**
   * `contains` for every row of the index at once, in row order (1 = contains). A walk in date
   * order then reads one byte per row: at 1M rows, asking `contains` row by row in that order
   * cost ~30 ms of lookups beyond the scan. Cost: the scan (cached per needle) + O(rows).
   */
  rowHits(needleLower: string): Uint8Array {
    const slots = this.slotHits(needleLower);
    const hits = new Uint8Array(this.index.rowCount());
    for (let r = 0; r < hits.length; r++) {
      const slot = this.store.slotOf(this.index.id(r));
      hits[r] = slot >= 0 ? (slots[slot] as number) : 0;
    }
    return hits;
  }

  // Per store slot, whether its text contains the needle: one store scan per needle, then the
  // texts added since, for the latest CACHED_NEEDLES needles.
  private slotHits(needleLower: string): Uint8Array {
    const { version, numbering } = this.store;
    const kept = this.maps.get(needleLower);
    if (kept?.version === version) return kept.map;
    const map = this.store.matches(needleLower, kept?.numbering === numbering ? kept.map : undefined);
    this.maps.delete(needleLower);
    if (this.maps.size >= CACHED_NEEDLES) this.maps.delete(this.maps.keys().next().value as string);
    this.maps.set(needleLower, { map, version, numbering });
    return map;
  }
}
