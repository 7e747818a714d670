import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectTerm, intersectTerm } from './directPostings';
import { Scratch, scoreQuery } from './scoring';
import { SearchIndex } from './searchIndex';
import { queryWords } from './tokenize';

const VOCAB = ['ant', 'bee', 'cat', 'dog', 'eel', 'fox', 'gnu', 'hen'];

// A document: words from VOCAB, the first four common (their postings take the bitmap layout)
// and the last four rare (the list layout), some repeated (frequencies past the escape code).
const word = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...VOCAB.slice(0, 4)) },
  { weight: 1, arbitrary: fc.constantFrom(...VOCAB.slice(4)) },
);
const docText = fc
  .array(fc.tuple(word, fc.integer({ min: 1, max: 6 })), { maxLength: 6 })
  .map((words) => words.map(([w, times]) => `${w} `.repeat(times)).join(''));

type Step = { add: string; title: string } | { merge: true } | { remove: number };

// What happens to the index, in order: documents added, merges, removals.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ add: docText, title: fc.constantFrom('', 'cat', 'dog fox') }) },
  { weight: 1, arbitrary: fc.constant({ merge: true as const }) },
  { weight: 2, arbitrary: fc.record({ remove: fc.nat() }) },
);

function buildIndex(steps: Step[]): SearchIndex {
  const index = new SearchIndex();
  let next = 0;
  for (const s of steps) {
    if ('add' in s) {
      index.add(next, { title: s.title, author: '', text: s.add, feedId: 1, pubDate: next % 5 });
      next++;
    } else if ('merge' in s) index.merge();
    else if (next > 0 && index.isLive(s.remove % next)) index.remove(s.remove % next);
  }
  return index;
}

const query = fc.array(fc.constantFrom(...VOCAB, 'zzz'), { minLength: 1, maxLength: 3 }).chain((words) =>
  fc.constantFrom(
    `${words.join(' ')} `,
    // The last word typed: a prefix that names one term (or none).
    words.join(' ').slice(0, -1),
  ),
);

describe('the direct scoring path', () => {
  it('gives the general path’s matches and scores, bit for bit, over random indexes', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 20, maxLength: 400, size: 'max' }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        (steps, queries) => {
          const index = buildIndex(steps);
          for (const q of queries) {
            const direct = scoreQuery(index, queryWords(q), new Map(), new Scratch());
            const general = scoreQuery(index, queryWords(q), new Map(), new Scratch(), false, false);
            expect(Array.from(direct.docs)).toEqual(Array.from(general.docs));
            expect(Array.from(direct.scores)).toEqual(Array.from(general.scores));
            expect(direct.terms).toEqual(general.terms);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads both layouts and the pending postings, skipping dead documents', () => {
    // 'cat' in every even document: a bitmap in the main segment; 'eel' in few: a list.
    const index = new SearchIndex();
    for (let doc = 0; doc < 400; doc++)
      index.add(doc, {
        title: '',
        author: '',
        text: `${doc % 2 === 0 ? 'cat ' : ''}${doc % 97 === 0 ? 'eel eel eel eel eel' : ''}`,
        feedId: 1,
        pubDate: doc,
      });
    index.merge();
    index.add(400, { title: '', author: '', text: 'cat eel', feedId: 1, pubDate: 400 });
    index.remove(2);
    const scratch = new Scratch();
    scratch.prepare(index.slotCount());
    const norm = scratch.norms(index);
    const docs = new Int32Array(500);
    const scores = new Float64Array(500);
    const cat = index.postingsOf(index.termId('cat'));
    expect(cat.data[cat.from]).toBe(1); // BITMAP
    const out = { docs, scores, norm, k1p1: 2.2 };
    const n = collectTerm(cat, 1, out);
    const expected = [...Array.from({ length: 200 }, (_, i) => 2 * i).filter((d) => d !== 2), 400];
    expect(Array.from(docs.subarray(0, n))).toEqual(expected);
    const eel = index.postingsOf(index.termId('eel'));
    expect(eel.data[eel.from]).toBe(0); // LIST
    const m = intersectTerm(eel, 1, out, n);
    expect(Array.from(docs.subarray(0, m))).toEqual([0, 194, 388, 400]);
    // Each kept score adds the term's weight for its frequency (5, capped only past 255).
    const catOnly = scores[0]! - (1 * 5 * 2.2) / (5 + norm[0]!);
    expect(catOnly).toBeCloseTo((1 * 1 * 2.2) / (1 + norm[0]!), 12);
    // A term the index does not hold (id -1) keeps nothing.
    expect(intersectTerm(index.postingsOf(index.termId('bee')), 1, out, m)).toBe(0);
  });
});
