import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../../shared/flags';
import { MetaIndex } from '../../index/metaIndex';
import { testRow } from '../../testing/indexRow';
import { parseQuery } from './parse';
import { planAndRun } from './plan';
import { sourceParts } from './testing/source';

// ORDER BY title over the whole list once the index keeps a title order holding every live row:
// the planner walks that order alone (titledWhere). Held to the planner's other way (matches
// collected in date order, then put in the kept order), over rows hidden, read, saved and dead.
const TITLES = ['Ada', 'ada', 'ADA', 'émile', 'Émile', 'b', 'B', '100', 'zoë'];
const QUERIES = [
  'ORDER BY title',
  'ORDER BY title DESC',
  'isRead = false ORDER BY title',
  'isRead = false ORDER BY title DESC',
  'isSaved = true OR isRead = false ORDER BY title DESC',
  "title LIKE 'a' ORDER BY title",
  'isRead = true ORDER BY title LIMIT 5',
  // Narrowed to part of the date order or to feeds: the other way answers these.
  'pubDate >= 2 ORDER BY title',
  'pubDate BETWEEN 1 AND 3 AND isRead = false ORDER BY title DESC',
  'feedId = 2 ORDER BY title',
];

const rowArb = fc.record({
  title: fc.constantFrom(...TITLES),
  pubDate: fc.integer({ min: 0, max: 5 }),
  read: fc.boolean(),
  saved: fc.boolean(),
  hidden: fc.boolean(),
  dead: fc.boolean(),
});

describe('ORDER BY title through the kept title order', () => {
  it('lists what the planner lists without it, hidden rows left out', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 120 }),
        fc.constantFrom(...QUERIES),
        fc.nat(30),
        fc.integer({ min: 1, max: 20 }),
        (rows, text, offset, pageSize) => {
          const index = new MetaIndex();
          index.upsert(
            rows.map((r, i) =>
              testRow(i + 1, {
                title: r.title,
                pubDate: r.pubDate,
                feedId: 1 + (i % 3),
                flags: (r.read ? FLAG_READ : 0) | (r.saved ? FLAG_SAVED : 0) | (r.hidden ? FLAG_HIDDEN : 0),
              }),
            ),
          );
          index.remove(rows.flatMap((r, i) => (r.dead ? [i + 1] : [])));
          index.rowsByTitle(true);
          let consulted = false;
          const kept = Object.create(index, {
            hasTitleOrder: { value: () => (consulted = index.hasTitleOrder()) },
          }) as MetaIndex;
          const without = Object.create(index, { hasTitleOrder: { value: () => false } }) as MetaIndex;
          const parts = sourceParts([], [], 1000);
          const parsed = parseQuery(text);
          if (!parsed.ok) throw new Error(parsed.error.message);
          for (const opts of [{ pageSize: 1e9 }, { offset, pageSize }]) {
            const got = planAndRun(parsed.query, { index: kept, ...parts }, opts);
            const want = planAndRun(parsed.query, { index: without, ...parts }, opts);
            expect(got).toEqual(want);
          }
          if (!/pubDate|feedId/.test(text)) expect(consulted).toBe(true);
          const hidden = new Set(rows.flatMap((r, i) => (r.hidden ? [i + 1] : [])));
          const all = planAndRun(parsed.query, { index: kept, ...parts }, { pageSize: 1e9 });
          expect(all.ids.some((id) => hidden.has(id))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
