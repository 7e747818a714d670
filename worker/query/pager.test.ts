import { describe, expect, it } from 'vitest';
import { toItemRow } from '../db/itemRow';
import type { StoredItem } from '../db/schema';
import { Pager, type IdList } from './pager';

// A row reader that has every id asked for (rows carry only what paging looks at).
const items = (ids: number[]) =>
  Promise.resolve(
    ids
      .map((id): StoredItem => ({
        id,
        feedId: 1,
        guid: `${id}`,
        title: `t${id}`,
        author: '',
        description: '',
        pubDate: 0,
        link: '',
        enclosure: null,
        flags: 0,
        dedupeKey: `${id}`,
        contentHash: '',
        firstSeen: 0,
        snippet: '',
        thumbnail: '',
      }))
      .map(toItemRow),
  );

const ids = (n: number, from = 1) => Int32Array.from({ length: n }, (_, i) => from + i);

// A list claiming to be big (the pager's budget counts `bytes`), that can be told to expire.
function bigList(values: Int32Array, bytes: number): IdList & { expired: boolean } {
  return {
    expired: false,
    length: values.length,
    bytes,
    slice(start, end) {
      return this.expired ? null : values.subarray(start, end);
    },
    indexOf(id) {
      return this.expired ? null : values.indexOf(id);
    },
  };
}

describe('Pager', () => {
  it('pages a list with cursors to its end', async () => {
    const pager = new Pager(items);
    const seen: number[] = [];
    let cursor: string | null = null;
    let computed = 0;
    do {
      const page = await pager.page('k', cursor, 40, () => (computed++, ids(100)));
      seen.push(...page.rows.map((r) => r.id));
      expect(page.total).toBe(100);
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(Array.from(ids(100)));
    expect(computed).toBe(1);
  });

  it('recomputes a list that can no longer answer and goes on after the last id shown', async () => {
    const pager = new Pager(items);
    const first = bigList(ids(100), 400);
    const page1 = await pager.page('k', null, 30, () => first);
    first.expired = true;
    // The recomputed list has a new id at the top: the next page still starts after id 30.
    const page2 = await pager.page('k', page1.next, 30, () => ids(101, 0));
    expect(page2.rows.map((r) => r.id)).toEqual(Array.from(ids(30, 31)));
    expect(page2.total).toBe(101);
  });

  it('computes a list again when it can no longer tell by the time it is read, on a first page and after a cursor', async () => {
    const pager = new Pager(items);
    // A list renumbered before its first read (a compaction in the hops inside `compute`).
    const stale = () => Object.assign(bigList(ids(100), 400), { expired: true });
    let computed = 0;
    const page1 = await pager.page('k', null, 30, () => (++computed === 1 ? stale() : ids(100)));
    expect(computed).toBe(2);
    expect(page1.rows.map((r) => r.id)).toEqual(Array.from(ids(30)));
    expect(page1.total).toBe(100);
    // Its cursor, with the retained list gone stale and the first recomputation stale too.
    const kept = (pager as unknown as { listings: Map<string, { ids: IdList }> }).listings;
    for (const l of kept.values()) l.ids = stale();
    computed = 0;
    const page2 = await pager.page('k', page1.next, 30, () => (++computed === 1 ? stale() : ids(100)));
    expect(computed).toBe(2);
    expect(page2.rows.map((r) => r.id)).toEqual(Array.from(ids(30, 31)));
  });

  it('gives an empty page, not a loop, for a list that never answers', async () => {
    const pager = new Pager(items);
    let computed = 0;
    const page = await pager.page(
      'k',
      null,
      30,
      () => (computed++, Object.assign(bigList(ids(5), 20), { expired: true })),
    );
    expect(computed).toBe(3);
    expect(page.rows).toEqual([]);
  });

  it('keeps big lists within its byte budget, newest first, and still pages an evicted one', async () => {
    const pager = new Pager(items);
    const mb = 1 << 20;
    const lists = [0, 1, 2, 3].map(() => bigList(ids(100), 10 * mb));
    const firsts = [];
    for (const [i, list] of lists.entries()) firsts.push(await pager.page(`k${i}`, null, 10, () => list));
    // 4 × 10 MB: the oldest lists went (24 MB beside the newest), so its cursor computes again.
    let recomputed = 0;
    const again = await pager.page('k0', firsts[0]!.next, 10, () => (recomputed++, ids(100)));
    expect(recomputed).toBe(1);
    expect(again.rows.map((r) => r.id)).toEqual(Array.from(ids(10, 11)));
    const kept = await pager.page('k3', firsts[3]!.next, 10, () => (recomputed++, ids(100)));
    expect(recomputed).toBe(1);
    expect(kept.rows.map((r) => r.id)).toEqual(Array.from(ids(10, 11)));
  });
});
