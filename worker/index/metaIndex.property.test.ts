/** MetaIndex against simple models under random operations (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { MetaIndex, type IndexRow } from './metaIndex';
import { testRow as row } from '../testing/indexRow';

const idsOf = (index: MetaIndex, rows: Int32Array) => Array.from(rows, (r) => index.id(r));

/** One random operation, applied to the index and to the model (a map of rows by id). */
type Op =
  | { kind: 'upsert'; id: number; feedId: number; pubDate: number; flags: number; title?: string }
  | { kind: 'remove'; id: number }
  | { kind: 'flags'; id: number; flags: number };

function apply(index: MetaIndex, model: Map<number, IndexRow>, o: Op): void {
  if (o.kind === 'upsert') {
    const { id, kind: _, ...fields } = o;
    const r = row(id, fields);
    model.set(o.id, r);
    index.upsert([r]);
  } else if (o.kind === 'remove') {
    model.delete(o.id);
    index.remove([o.id]);
  } else {
    const m = model.get(o.id);
    if (m) m.flags = o.flags;
    index.setFlags([{ id: o.id, flags: o.flags }]);
  }
}

describe('MetaIndex under random operations', () => {
  it('keeps its date and title orders through appends, moves, retitles, hides and removals read in between (mended, not re-sorted)', () => {
    const flags = fc.constantFrom(0, FLAG_READ, FLAG_SAVED, FLAG_HIDDEN, FLAG_HIDDEN | FLAG_READ);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        id: fc.integer({ min: 1, max: 15 }),
        feedId: fc.integer({ min: 1, max: 3 }),
        pubDate: fc.integer({ min: 0, max: 6 }),
        flags,
        title: fc.constantFrom('', 'b', 'B', 'a', 'Ab', 'ab'),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 15 }) }),
      fc.record({ kind: fc.constant('flags' as const), id: fc.integer({ min: 1, max: 15 }), flags }),
      fc.record({ kind: fc.constant('read' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 120 }), (ops) => {
        const index = new MetaIndex();
        const model = new Map<number, IndexRow>();
        const check = () => {
          const all = [...model.values()].sort((a, b) => b.pubDate - a.pubDate || b.id - a.id);
          const hidden = (r: IndexRow) => (r.flags & FLAG_HIDDEN) !== 0;
          expect(idsOf(index, index.allRowsByDate())).toEqual(all.map((r) => r.id));
          expect(idsOf(index, index.rowsByDate())).toEqual(all.filter((r) => !hidden(r)).map((r) => r.id));
          expect(idsOf(index, index.hiddenRowsByDate())).toEqual(all.filter(hidden).map((r) => r.id));
          const byTitle = all
            .filter((r) => r.title !== '')
            .sort((a, b) => {
              const [la, lb] = [a.title.toLowerCase(), b.title.toLowerCase()];
              if (la !== lb) return la < lb ? -1 : 1;
              if (a.title !== b.title) return a.title < b.title ? -1 : 1;
              return b.pubDate - a.pubDate || b.id - a.id;
            });
          expect(idsOf(index, index.rowsByTitle()!)).toEqual(byTitle.map((r) => r.id));
          for (const feed of [1, 2, 3])
            expect(idsOf(index, index.rowsOfFeed(feed))).toEqual(
              all.filter((r) => !hidden(r) && r.feedId === feed).map((r) => r.id),
            );
        };
        for (const o of ops) {
          if (o.kind === 'read') check();
          else apply(index, model, o);
        }
        check();
      }),
      { numRuns: 300 },
    );
  });

  it('matches a simple model under random operations', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        id: fc.integer({ min: 1, max: 40 }),
        feedId: fc.integer({ min: 1, max: 3 }),
        pubDate: fc.integer({ min: 0, max: 5 }),
        flags: fc.integer({ min: 0, max: 3 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 40 }) }),
      fc.record({
        kind: fc.constant('flags' as const),
        id: fc.integer({ min: 1, max: 40 }),
        flags: fc.integer({ min: 0, max: 3 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const index = new MetaIndex();
        const model = new Map<number, IndexRow>();
        for (const o of ops) apply(index, model, o);
        const expected = [...model.values()]
          .sort((a, b) => b.pubDate - a.pubDate || b.id - a.id)
          .map((r) => r.id);
        expect(idsOf(index, index.rowsByDate())).toEqual(expected);
        expect(index.unreadCount()).toBe([...model.values()].filter((r) => !(r.flags & FLAG_READ)).length);
        expect(index.savedCount()).toBe([...model.values()].filter((r) => r.flags & FLAG_SAVED).length);
        for (const feed of [1, 2, 3]) {
          expect(idsOf(index, index.rowsOfFeed(feed))).toEqual(
            expected.filter((id) => model.get(id)!.feedId === feed),
          );
          expect(index.feedSize(feed)).toBe([...model.values()].filter((r) => r.feedId === feed).length);
        }
      }),
    );
  });
});
