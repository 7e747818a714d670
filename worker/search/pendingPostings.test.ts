import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PendingPostings, readPendingBytes } from './pendingPostings';

type Posting = [doc: number, tf: number];

function read(p: PendingPostings, term: number): Posting[] {
  const out: Posting[] = [];
  p.forEach(term, (doc, tf) => out.push([doc, tf]));
  return out;
}

// Adds postings in document order, each to a term, as InvertedIndex.add does; returns the model.
function fill(
  p: PendingPostings,
  docs: { terms: number[]; tf: number; gap: number }[],
): Map<number, Posting[]> {
  const model = new Map<number, Posting[]>();
  let doc = -1;
  for (const d of docs) {
    doc += d.gap;
    for (const term of new Set(d.terms)) {
      p.add(term, doc, d.tf);
      let list = model.get(term);
      if (!list) model.set(term, (list = []));
      list.push([doc, d.tf]);
    }
  }
  return model;
}

const docsArb = fc.array(
  fc.record({
    terms: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 6 }),
    // Frequencies and document gaps of every varint length, up to 31 bits.
    tf: fc.oneof(fc.integer({ min: 1, max: 130 }), fc.integer({ min: 1, max: 0x7fff_ffff })),
    gap: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1 << 22 })),
  }),
  { maxLength: 300 },
);

// A fresh PendingPostings holding `docs` (documents kept below 2^31: slots are int32), and its model.
function filled(docs: { terms: number[]; tf: number; gap: number }[]): {
  p: PendingPostings;
  model: Map<number, Posting[]>;
} {
  let sum = 0;
  const p = new PendingPostings();
  const model = fill(
    p,
    docs.filter((d) => (sum += d.gap) < 0x7fff_ffff),
  );
  return { p, model };
}

describe('PendingPostings', () => {
  it('stores as bytes that read back as every posting of each term, in order, whatever the values', () => {
    fc.assert(
      fc.property(docsArb, (docs) => {
        const { p, model } = filled(docs);
        const back = new Map<number, Posting[]>();
        const bytes = p.toBytes();
        expect(
          readPendingBytes(bytes, (term, doc, tf) => {
            let list = back.get(term);
            if (!list) back.set(term, (list = []));
            list.push([doc, tf]);
            return true;
          }),
        ).toBe(true);
        expect(back).toEqual(model);
        // Any shorter prefix is refused (a posting or a term cut off).
        if (bytes.length > 0)
          expect(readPendingBytes(bytes.subarray(0, bytes.length - 1), () => true)).toBe(false);
      }),
    );
  });

  it('stores an import-like load in under 3 bytes a posting, across many blocks and chunks', () => {
    const p = new PendingPostings();
    // 50k documents of ~25 terms out of 5,000 (a long tail of rare terms), 1-3 occurrences.
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    for (let doc = 0; doc < 50_000; doc++) {
      const terms = new Set<number>();
      while (terms.size < 25) terms.add(rand(100) < 80 ? rand(200) : rand(5000));
      for (const term of terms) p.add(term, doc, 1 + rand(3));
    }
    const bytes = p.toBytes();
    expect(bytes.length / p.postings).toBeLessThan(3);
    let n = 0;
    const last = new Map<number, number>();
    expect(
      readPendingBytes(bytes, (term, doc) => {
        n++;
        const before = last.get(term) ?? -1;
        last.set(term, doc);
        return doc > before && doc < 50_000;
      }),
    ).toBe(true);
    expect(n).toBe(p.postings);
    // Stopping early is refused.
    expect(readPendingBytes(bytes, () => --n > 10)).toBe(false);
  });

  it('gives back every posting of each term, in order, whatever the values', () => {
    fc.assert(
      fc.property(docsArb, (docs) => {
        const { p, model } = filled(docs);
        expect(p.termCount()).toBe(model.size);
        expect([...p.terms()].sort((a, b) => a - b)).toEqual([...model.keys()].sort((a, b) => a - b));
        let total = 0;
        for (const [term, list] of model) {
          expect(read(p, term)).toEqual(list);
          expect(p.count(term)).toBe(list.length);
          total += list.length;
        }
        expect(p.postings).toBe(total);
        expect(read(p, 999)).toEqual([]);
      }),
    );
  });

  it('follows a term across many blocks and chunks while other terms interleave', () => {
    const p = new PendingPostings();
    const a: Posting[] = [];
    const b: Posting[] = [];
    // ~600 KB of postings: more than two 256 KiB chunks, blocks of every size.
    for (let doc = 0; doc < 200_000; doc++) {
      const tf = 1 + (doc % 300);
      p.add(1, doc * 3, tf);
      a.push([doc * 3, tf]);
      if (doc % 7 === 0) {
        p.add(2, doc * 3 + 1, 5);
        b.push([doc * 3 + 1, 5]);
      }
    }
    expect(read(p, 1)).toEqual(a);
    expect(read(p, 2)).toEqual(b);
    expect(p.bytes()).toBeGreaterThan(2 * 256 * 1024);
  });

  it('costs a few bytes a posting, not an array element pair', () => {
    const p = new PendingPostings();
    // 1,000 documents × 200 terms each, frequencies small, as an import's postings are.
    for (let doc = 0; doc < 5_000; doc++)
      for (let t = 0; t < 200; t++) if ((doc + t) % 3 !== 0) p.add(t, doc, 1 + (t % 4));
    expect(p.postings).toBeGreaterThan(600_000);
    expect(p.bytes() / p.postings).toBeLessThan(4);
  });

  it('refuses a document at or below the term’s last one', () => {
    const p = new PendingPostings();
    p.add(3, 10, 1);
    expect(() => p.add(3, 10, 1)).toThrow(RangeError);
    expect(() => p.add(3, 9, 1)).toThrow(RangeError);
    p.add(4, 9, 1);
    expect(read(p, 3)).toEqual([[10, 1]]);
  });

  it('filters out documents, counting what each term lost, and goes on taking postings', () => {
    fc.assert(
      fc.property(docsArb, fc.integer({ min: 2, max: 5 }), (docs, mod) => {
        let sum = 0;
        const bounded = docs.filter((d) => (sum += d.gap) < 1 << 30);
        const p = new PendingPostings();
        const model = fill(p, bounded);
        const lost = new Map<number, number>();
        p.filter(
          (doc) => doc % mod !== 0,
          (term, n) => lost.set(term, n),
        );
        let total = 0;
        for (const [term, list] of model) {
          const kept = list.filter(([doc]) => doc % mod !== 0);
          expect(read(p, term)).toEqual(kept);
          expect(lost.get(term) ?? 0).toBe(list.length - kept.length);
          total += kept.length;
        }
        expect(p.postings).toBe(total);
        p.add(7, 1 << 30, 2);
        expect(read(p, 7).at(-1)).toEqual([1 << 30, 2]);
      }),
    );
  });

  it('clear gives the chunks back and starts over', () => {
    const p = new PendingPostings();
    for (let doc = 0; doc < 100_000; doc++) p.add(doc % 50, doc, 1);
    expect(p.bytes()).toBeGreaterThan(256 * 1024);
    p.clear();
    expect(p.postings).toBe(0);
    expect(p.termCount()).toBe(0);
    expect(p.bytes()).toBeLessThan(4096);
    p.add(1, 0, 1);
    expect(read(p, 1)).toEqual([[0, 1]]);
  });
});
