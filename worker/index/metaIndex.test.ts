import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { MetaIndex, type IndexRow } from './metaIndex';
import { testRow as row } from '../testing/indexRow';
import { SlotMap } from '../search/slotMap';

const idsOf = (index: MetaIndex, rows: Int32Array) => Array.from(rows, (r) => index.id(r));

describe('MetaIndex', () => {
  it('orders by pubDate desc then id desc, per feed too', () => {
    const index = new MetaIndex();
    index.upsert([
      row(1, { pubDate: 5 }),
      row(2, { pubDate: 9, feedId: 2 }),
      row(3, { pubDate: 5 }),
      row(4, { pubDate: 7 }),
    ]);
    expect(idsOf(index, index.rowsByDate())).toEqual([2, 4, 3, 1]);
    expect(idsOf(index, index.rowsOfFeed(1))).toEqual([4, 3, 1]);
    expect(idsOf(index, index.rowsOfFeed(99))).toEqual([]);
  });

  it('never writes into an order it has handed out: a change makes a new one (query answers share them)', () => {
    const index = new MetaIndex();
    index.upsert(Array.from({ length: 40 }, (_, i) => row(i + 1, { pubDate: i % 7, feedId: 1 + (i % 3) })));
    const byDate = index.rowsByDate();
    const ofFeed = index.rowsOfFeed(2);
    const seen = [byDate.slice(), ofFeed.slice()];
    index.upsert([row(41, { pubDate: 3, feedId: 2 }), row(5, { pubDate: 99, feedId: 2 })]);
    index.rowsByDate();
    index.setFlags([{ id: 7, flags: FLAG_HIDDEN }]);
    index.rowsByDate();
    index.remove([1, 2, 3]);
    index.rowsByDate();
    index.rowsOfFeed(2);
    expect(idsOf(index, index.rowsByDate())).not.toEqual(idsOf(index, seen[0]!));
    expect(byDate).toEqual(seen[0]);
    expect(ofFeed).toEqual(seen[1]);
  });

  it('gives each feed its visible rows newest first, small feeds and large ones alike', () => {
    // Feeds 1–3 are large (filtered out of the date order), the rest small (sorted on their own).
    const rowArb = fc.record({
      feedId: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 120 })),
      pubDate: fc.integer({ min: 0, max: 40 }),
      hidden: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (rows, drop) => {
          const index = new MetaIndex();
          index.upsert(
            rows.map((r, i) =>
              row(i + 1, { feedId: r.feedId, pubDate: r.pubDate, flags: r.hidden ? FLAG_HIDDEN : 0 }),
            ),
          );
          index.remove(drop.map((d) => (d % rows.length) + 1));
          const byDate = idsOf(index, index.rowsByDate());
          const want = (feed: number) => byDate.filter((id) => rows[id - 1]!.feedId === feed);
          // Several at once (a group: listed together): with ids no typed array can index by
          // (their places then come from a Map), a feed named twice, one with no rows.
          for (const some of [
            [3, 1 << 23, -1],
            [2, 5, 2, 1, 77, 500],
          ])
            expect(index.rowsOfFeeds(some).map((r) => idsOf(index, r))).toEqual(some.map(want));
          for (let feed = 1; feed <= 120; feed++)
            expect(idsOf(index, index.rowsOfFeed(feed))).toEqual(want(feed));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('loads counts, tags and row lookups from columns as adding row by row does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            feedId: fc.oneof(
              { weight: 8, arbitrary: fc.integer({ min: 1, max: 9 }) },
              { weight: 1, arbitrary: fc.constantFrom(-1, 5000, 1 << 23) },
            ),
            flags: fc.integer({ min: 0, max: 7 }),
            tags: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          }),
          { maxLength: 200 },
        ),
        (rows) => {
          const added = new MetaIndex();
          added.upsert(
            rows.map((r, i) =>
              row(i * 3 + 1, {
                feedId: r.feedId,
                flags: r.flags,
                tags: r.tags.length ? [...new Set(r.tags)] : undefined,
              }),
            ),
          );
          const loaded = new MetaIndex();
          const p = added.packable();
          loaded.load(p.columns, p.order);
          expect(loaded.unreadByFeed()).toEqual(added.unreadByFeed());
          expect([loaded.unreadCount(), loaded.savedCount(), loaded.hiddenCount()]).toEqual([
            added.unreadCount(),
            added.savedCount(),
            added.hiddenCount(),
          ]);
          expect([...loaded.tagCounts()].sort()).toEqual([...added.tagCounts()].sort());
          rows.forEach((_, i) => expect(loaded.rowOf(i * 3 + 1)).toBeGreaterThanOrEqual(0));
          expect(loaded.rowOf(2)).toBe(-1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rowOfNear finds what rowOf finds, searching out from the last row after a load', () => {
    const added = new MetaIndex();
    added.upsert(Array.from({ length: 300 }, (_, i) => row(i * 3 + 1)));
    const loaded = new MetaIndex();
    const p = added.packable();
    loaded.load(p.columns, p.order);
    for (const index of [loaded, added]) {
      // Ids ascending, with unknown ones between, and then a few going back.
      let near = 0;
      for (let id = 0; id <= 905; id++) {
        const r = index.rowOfNear(id, near);
        expect(r, String(id)).toBe(index.rowOf(id));
        if (r >= 0) near = r;
      }
      for (const id of [898, 4, 451, 1]) expect(index.rowOfNear(id, near)).toBe(index.rowOf(id));
    }
    expect(loaded.rowOfNear(4, 299)).toBe(loaded.rowOf(4));
    expect(loaded.rowOfNear(4, -1)).toBe(loaded.rowOf(4));
    expect(loaded.rowOfNear(4, 10_000)).toBe(loaded.rowOf(4));
  });

  it('keeps accessors, lower-cased copies and counters', () => {
    const index = new MetaIndex();
    index.upsert([
      row(7, { title: 'Hello World', author: 'ÉMILE', enclosure: 'https://x/a.mp3', flags: FLAG_SAVED }),
    ]);
    const r = index.rowOf(7);
    expect(index.isLive(r)).toBe(true);
    expect(index.titleLower(r)).toBe('hello world');
    expect(index.authorLower(r)).toBe('émile');
    expect(index.enclosure(r)).toBe('https://x/a.mp3');
    expect(index.guid(r)).toBe('g7');
    expect(index.rowOf(8)).toBe(-1);
    expect(index.unreadCount()).toBe(1);
    expect(index.savedCount()).toBe(1);
    expect(index.unreadByFeed()).toEqual({ 1: 1 });
  });

  it('setFlags and upsert of an existing id move the counters exactly', () => {
    const index = new MetaIndex();
    index.upsert([row(1), row(2), row(3, { feedId: 2 })]);
    const v = index.version;
    index.setFlags([
      { id: 1, flags: FLAG_READ },
      { id: 3, flags: FLAG_READ | FLAG_SAVED },
      { id: 99, flags: 1 },
    ]);
    expect(index.version).toBeGreaterThan(v);
    expect(index.unreadByFeed()).toEqual({ 1: 1 });
    expect(index.savedCount()).toBe(1);
    index.upsert([row(3, { feedId: 1, flags: 0 })]); // moved feed, unread again
    expect(index.unreadByFeed()).toEqual({ 1: 2 });
    expect(index.liveCount()).toBe(3);
  });

  it('remove leaves dead rows, compacts past the threshold, and keeps answering by id', () => {
    const index = new MetaIndex();
    index.upsert(Array.from({ length: 3000 }, (_, i) => row(i + 1, { pubDate: i })));
    index.remove([5, 6, 999999]);
    expect(index.liveCount()).toBe(2998);
    expect(index.rowCount()).toBe(3000);
    expect(index.rowOf(5)).toBe(-1);
    index.remove(Array.from({ length: 2500 }, (_, i) => i + 10));
    expect(index.liveCount()).toBe(498);
    expect(index.rowCount()).toBe(498); // compacted
    expect(index.title(index.rowOf(3000))).toBe('T3000');
    expect(index.unreadCount()).toBe(498);
  });

  it('compacts once dead rows pass an eighth of the live ones (a deleted feed gives its rows back)', () => {
    const index = new MetaIndex();
    index.upsert(Array.from({ length: 20_000 }, (_, i) => row(i + 1, { pubDate: i, feedId: 1 + (i % 10) })));
    // 2,000 dead of 18,000 live: under an eighth, the rows stay.
    index.remove(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(index.rowCount()).toBe(20_000);
    // 2,600 dead of 17,400 live: past an eighth, compacted.
    index.remove(Array.from({ length: 600 }, (_, i) => 2001 + i));
    expect(index.liveCount()).toBe(17_400);
    expect(index.rowCount()).toBe(17_400);
    expect(idsOf(index, index.rowsByDate()).slice(0, 2)).toEqual([20_000, 19_999]);
    expect(index.unreadByFeed()[1]).toBe(1740);
    // Every column moved with its row, lower-cased copies included.
    const moved = index.rowOf(20_000);
    expect([index.title(moved), index.titleLower(moved), index.guid(moved)]).toEqual([
      'T20000',
      't20000',
      'g20000',
    ]);
    expect(index.pubDate(moved)).toBe(19_999);
    // Appending after a compaction still works (capacity grows again from the compacted size).
    index.upsert(Array.from({ length: 5000 }, (_, i) => row(30_000 + i, { pubDate: 50_000 + i })));
    expect(index.liveCount()).toBe(22_400);
    expect(index.title(index.rowOf(34_999))).toBe('T34999');
    expect(idsOf(index, index.rowsByDate())[0]).toBe(34_999);
  });

  it('keeps every string column through rewrites, removals and a compaction', () => {
    const index = new MetaIndex();
    const strings = (id: number, v = 0): IndexRow =>
      row(id, {
        title: id % 10 === 0 ? `数据 ${id}` : `Title ${id}.${v}`,
        author: id % 7 === 0 ? '' : `Author ${id % 5}${v ? ' É' : ''}`,
        link: `https://feed.test/posts/${id}/${v}`,
        enclosure: id % 20 === 0 ? `https://feed.test/m/${id}.mp3` : '',
        guid: `urn:g:${id}:${v}`,
      });
    index.upsert(Array.from({ length: 3000 }, (_, i) => strings(i + 1)));
    index.upsert(Array.from({ length: 300 }, (_, i) => strings(i * 10 + 3, 1)));
    index.remove(Array.from({ length: 2000 }, (_, i) => i + 1001));
    expect(index.rowCount()).toBe(1000); // compacted
    const expected = (id: number) => strings(id, id % 10 === 3 && id <= 2993 ? 1 : 0);
    for (let id = 1; id <= 1000; id++) {
      const r = index.rowOf(id);
      const e = expected(id);
      expect([index.title(r), index.author(r), index.link(r), index.enclosure(r), index.guid(r)]).toEqual([
        e.title,
        e.author,
        e.link,
        e.enclosure,
        e.guid,
      ]);
      expect(index.titleLower(r)).toBe(e.title.toLowerCase());
      expect(index.authorLower(r)).toBe(e.author.toLowerCase());
    }
    const withE = index.authorTest((_, lower) => lower.includes('é'));
    const rows = Array.from(index.rowsByDate());
    expect(
      rows
        .filter(withE)
        .map((r) => index.id(r))
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 100 }, (_, i) => i * 10 + 3).filter((id) => id % 7 !== 0));
    expect(rows.filter((r) => index.linkIncludes(r, 'posts/17/')).map((r) => index.id(r))).toEqual([17]);
    expect(index.columns().links.length).toBe(1000);
  });

  it('finds each loaded row by id, whether the loaded ids ascend or not, before and after changes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 60 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 20 }),
        (ids, sorted, asked) => {
          const order = sorted ? [...ids].sort((a, b) => a - b) : ids;
          const full = new MetaIndex();
          full.upsert(order.map((id) => row(id)));
          const index = new MetaIndex();
          index.load(full.columns());
          const expected = (id: number) => order.indexOf(id);
          // Looked up before anything changed (the column searched), then after a change.
          for (const id of [...asked, ...order]) expect(index.rowOf(id)).toBe(expected(id));
          // Flag and tag changes find their rows the same way (asked ids unknown to the index are ignored).
          index.setFlags(asked.map((id) => ({ id, flags: FLAG_SAVED })));
          index.setTags(asked.map((id) => ({ id, tags: [id] })));
          for (const id of order) {
            const wanted = asked.includes(id);
            expect(index.flags(index.rowOf(id))).toBe(wanted ? FLAG_SAVED : 0);
            expect(index.tags(index.rowOf(id))).toEqual(wanted ? [id] : []);
          }
          expect(index.savedCount()).toBe(order.filter((id) => asked.includes(id)).length);
          const gone = order[0];
          if (gone !== undefined) {
            index.remove([gone]);
            expect(index.rowOf(gone)).toBe(-1);
          }
          index.upsert([row(1000)]);
          expect(index.rowOf(1000)).toBe(order.length);
          for (const id of order.slice(1)) expect(index.rowOf(id)).toBe(expected(id));
        },
      ),
    );
  });

  it('a flag or tag change right after a load does not make the id map (a start applying the flag log)', () => {
    const full = new MetaIndex();
    full.upsert(Array.from({ length: 5000 }, (_, i) => row(i + 1)));
    const index = new MetaIndex();
    index.load(full.columns());
    const assign = vi.spyOn(SlotMap.prototype, 'assign');
    try {
      index.setFlags([{ id: 17, flags: FLAG_READ }]);
      index.setTags([{ id: 18, tags: [3] }]);
      expect(assign).not.toHaveBeenCalled();
      expect(index.unreadCount()).toBe(4999);
      index.remove([19]); // a change of rows makes it
      expect(assign).toHaveBeenCalledTimes(1);
      expect(index.flags(index.rowOf(17))).toBe(FLAG_READ);
      expect(index.tags(index.rowOf(18))).toEqual([3]);
    } finally {
      assign.mockRestore();
    }
  });

  it('an item added between the numbers and the text reads its own strings; the others read empty', () => {
    const full = new MetaIndex();
    full.upsert([row(1, { link: 'https://a.test/1' }), row(2, { link: 'https://a.test/2' })]);
    const { ids, feedIds, pubDates, flags, keyHashes } = full.columns();
    const index = new MetaIndex();
    index.load({ ids, feedIds, pubDates, flags, keyHashes });
    index.upsert([row(3, { link: 'https://a.test/3', author: 'Zoe' })]);
    expect([1, 2, 3].map((id) => index.link(index.rowOf(id)))).toEqual(['', '', 'https://a.test/3']);
    expect([1, 2, 3].map((id) => index.author(index.rowOf(id)))).toEqual(['', '', 'Zoe']);
    // The text of the first two rows no longer fits: the caller reloads.
    expect(index.attachText(full.columns())).toBe(false);
  });

  it('takes loaded columns of its own types as they are, narrow or wide; an append grows past either', () => {
    const full = new MetaIndex();
    full.upsert(
      Array.from({ length: 40 }, (_, i) => row(i + 1, { feedId: 1 + (i % 3), pubDate: 1000 + (i % 7) })),
    );
    const cols = full.columns();
    const adopted = new MetaIndex();
    adopted.load(cols);
    // A cold start's columns (numbersFile.ts reads them in these types) are not copied.
    expect(adopted.dateColumns().ids).toBe(cols.ids);
    expect(adopted.dateColumns().ids).toBeInstanceOf(Uint32Array);
    expect(adopted.dateColumns().pubDates).toBe(cols.pubDates);
    expect(adopted.rowColumns().flags).toBe(cols.flags);
    const wide = { ...cols, ids: Float64Array.from(cols.ids), pubDates: Float64Array.from(cols.pubDates) };
    const wideIndex = new MetaIndex();
    wideIndex.load(wide);
    expect(wideIndex.dateColumns().ids).toBe(wide.ids);
    for (const index of [adopted, wideIndex]) {
      index.upsert([row(41, { feedId: 2, pubDate: 2000 }), row(42, { feedId: 3, pubDate: 5 })]);
      index.setFlags([{ id: 7, flags: FLAG_READ }]);
      full.upsert([row(41, { feedId: 2, pubDate: 2000 }), row(42, { feedId: 3, pubDate: 5 })]);
      full.setFlags([{ id: 7, flags: FLAG_READ }]);
      expect(idsOf(index, index.rowsByDate())).toEqual(idsOf(full, full.rowsByDate()));
      expect(idsOf(index, index.rowsOfFeed(2))).toEqual(idsOf(full, full.rowsOfFeed(2)));
      expect(index.unreadByFeed()).toEqual(full.unreadByFeed());
    }
  });

  it('makes its title order at the second ask for it, or at once when asked to', () => {
    const index = new MetaIndex();
    index.upsert([row(1, { title: 'b' }), row(2, { title: 'a' }), row(3, { title: '' })]);
    expect(index.rowsByTitle(false)).toBeNull();
    expect(idsOf(index, index.rowsByTitle(false)!)).toEqual([2, 1]);
    const other = new MetaIndex();
    other.upsert([row(1, { title: 'b' }), row(2, { title: 'a' })]);
    expect(idsOf(other, other.rowsByTitle(true)!)).toEqual([2, 1]);
  });
});

describe('MetaIndex tags', () => {
  it('keeps per-tag total and unread counts through upsert, flag changes, setTags, remove and compaction', () => {
    const index = new MetaIndex();
    index.upsert([row(1, { tags: [7] }), row(2, { tags: [7, 8], flags: FLAG_READ }), row(3)]);
    expect(index.tagCounts()).toEqual(
      new Map([
        [7, { total: 2, unread: 1 }],
        [8, { total: 1, unread: 0 }],
      ]),
    );
    index.setFlags([{ id: 1, flags: FLAG_READ }]);
    expect(index.tagCounts().get(7)).toEqual({ total: 2, unread: 0 });
    index.setTags([{ id: 3, tags: [8] }, { id: 2 }]);
    expect(index.tagCounts()).toEqual(
      new Map([
        [7, { total: 1, unread: 0 }],
        [8, { total: 1, unread: 1 }],
      ]),
    );
    expect(index.tags(index.rowOf(2))).toEqual([]);
    expect(index.idsWithTag(8)).toEqual([3]);
    index.remove([3]);
    expect(index.tagCounts().has(8)).toBe(false);
    // Compaction renumbers rows; tags follow their items.
    const many = Array.from({ length: 3000 }, (_, i) => row(100 + i, { tags: i % 2 ? [9] : [] }));
    index.upsert(many);
    index.remove(many.slice(0, 2500).map((r) => r.id));
    expect(index.tagCounts().get(9)).toEqual({ total: 250, unread: 250 });
    expect(index.tags(index.rowOf(2999 + 100))).toEqual([9]);
    expect(index.tags(index.rowOf(1))).toEqual([7]);
  });
});
