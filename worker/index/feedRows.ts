/**
 * Each feed's rows, for the two questions asked of one feed's rows only: which stored articles
 * an ingest may meet (`IndexRows.idsWithKeys`) and how many articles a feed has (`feedSize`).
 * Both were one pass over every row: at 1M articles ~6 ms of the engine worker per ingest in
 * the browser, so a refresh of 1,000 feeds spent ~6 s there, on the cores a scrolling page needs.
 *
 * Made on the first ask (one pass over the feed column), then kept: appended rows are added on
 * the next ask; a row whose feed changed (`moved`: rare, an article moved between feeds) and
 * renumbering (a compaction, a load) drop the lists (`reset`), since adding the row to its new
 * feed listed it twice once it came back to a feed whose list still named it (a property test
 * found A → B → A counted twice). A list may still name rows that died or
 * left the feed, so readers check each row's feed and `alive` byte, as the whole-column pass
 * did. 4 bytes a row (plus growth room): ~4–6 MB at 1M articles.
 */

import type { FeedColumn } from './narrowColumns';

interface List {
  rows: Int32Array;
  n: number;
}

export class FeedRows {
  private lists = new Map<number, List>();
  /** Rows below this are in the lists; -1: not made. */
  private covered = -1;

  /** Rows were renumbered or replaced: the lists are made again on the next ask. */
  reset(): void {
    this.lists = new Map();
    this.covered = -1;
  }

  /** Row `row` now belongs to another feed: a covered row makes the lists be made again. */
  moved(row: number): void {
    if (row < this.covered) this.reset();
  }

  /**
   * The rows of `feedId` (candidates: check each row's feed and liveness), given the feed
   * column and the row count. Cost: the first ask O(rows); later ones O(rows appended since).
   */
  of(feedId: number, feedIds: FeedColumn, size: number): { rows: Int32Array; n: number } {
    if (this.covered < 0) this.make(feedIds, size);
    else for (let row = this.covered; row < size; row++) this.push(feedIds[row]!, row);
    this.covered = size;
    return this.lists.get(feedId) ?? { rows: new Int32Array(0), n: 0 };
  }

  private make(feedIds: FeedColumn, size: number): void {
    const counts = new Map<number, number>();
    for (let row = 0; row < size; row++) {
      const f = feedIds[row]!;
      counts.set(f, (counts.get(f) ?? 0) + 1);
    }
    const lists = new Map<number, List>();
    for (const [f, n] of counts) lists.set(f, { rows: new Int32Array(n + (n >> 3) + 16), n: 0 });
    for (let row = 0; row < size; row++) {
      const list = lists.get(feedIds[row]!)!;
      list.rows[list.n++] = row;
    }
    this.lists = lists;
  }

  private push(feedId: number, row: number): void {
    let list = this.lists.get(feedId);
    if (!list) this.lists.set(feedId, (list = { rows: new Int32Array(16), n: 0 }));
    if (list.n === list.rows.length) {
      const grown = new Int32Array(list.n + (list.n >> 1) + 16);
      grown.set(list.rows);
      list.rows = grown;
    }
    list.rows[list.n++] = row;
  }
}
