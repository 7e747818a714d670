import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BITMAP, LIST, PostingsWriter, accumulatePostings, countPostings, decodePostings } from './postings';

// Postings as [doc, tf] pairs: distinct ascending docs, tf 1–400 (tf above 255 is stored as 255).
const postings = (maxDoc: number, minLength = 1) =>
  fc.uniqueArray(fc.integer({ min: 0, max: maxDoc }), { minLength, maxLength: 300 }).chain((docs) =>
    fc.tuple(
      fc.constant(docs.sort((a, b) => a - b)),
      fc.array(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 400 })), {
        minLength: docs.length,
        maxLength: docs.length,
      }),
    ),
  );

// Spread over 2,000 documents the writer picks LIST; 100 or more crowded into 300, BITMAP.
const sparseOrDense = fc.oneof(postings(2000), postings(300, 100));

function write(lists: [number[], number[]][]): { data: Uint8Array; offsets: number[] } {
  const w = new PostingsWriter(16);
  const offsets = [0];
  for (const [docs, tfs] of lists) {
    w.term(Int32Array.from(docs), Int32Array.from(tfs), docs.length);
    offsets.push(w.length);
  }
  return { data: w.finish(), offsets };
}

function decoded(data: Uint8Array, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  decodePostings(data, from, to, (doc, tf) => out.push([doc, tf]));
  return out;
}

describe('postings', () => {
  it('finishes as a view of the buffer when little is spare, else as a trimmed copy', () => {
    const docs = Int32Array.from({ length: 100 }, (_, i) => i * 1000);
    const tfs = new Int32Array(100).fill(1);
    const tight = new PostingsWriter(210);
    tight.term(docs, tfs, 100);
    const view = tight.finish();
    expect(view.buffer).toBe(tight.bytes.buffer);
    expect(view.length).toBe(tight.length);
    const loose = new PostingsWriter(4096);
    loose.term(docs, tfs, 100);
    const copy = loose.finish();
    expect(copy.buffer).not.toBe(loose.bytes.buffer);
    expect(copy.buffer.byteLength).toBe(loose.length);
    expect(copy).toEqual(view);
  });

  it('grows to a little above what `predict` guesses instead of doubling', () => {
    const docs = Int32Array.from({ length: 100 }, (_, i) => i * 1000);
    const tfs = new Int32Array(100).fill(1);
    const guesses: number[] = [];
    const w = new PostingsWriter(100, (written) => {
      guesses.push(written);
      return 1000;
    });
    w.term(docs, tfs, 100); // ~200 bytes: past the first 100
    expect(guesses).toEqual([0]);
    expect(w.bytes.length).toBe(1030);
    const plain = new PostingsWriter(100);
    plain.term(docs, tfs, 100);
    expect(plain.bytes.length).toBe(Math.max(200, w.length));
  });

  it('round-trips any postings, several terms in one buffer, in either layout', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(postings(400), postings(300_000_000)), { minLength: 1, maxLength: 4 }),
        (lists) => {
          const { data, offsets } = write(lists);
          lists.forEach(([docs, tfs], t) => {
            const from = offsets[t] as number;
            const to = offsets[t + 1] as number;
            expect(decoded(data, from, to)).toEqual(docs.map((d, i) => [d, Math.min(255, tfs[i] as number)]));
            expect(countPostings(data, from, to)).toBe(docs.length);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('picks a bitmap for dense terms and a list for sparse ones, whichever is smaller', () => {
    const dense = Array.from({ length: 5000 }, (_, i) => i * 2);
    const sparse = [3, 90_000, 4_000_000];
    const { data, offsets } = write([
      [dense, dense.map(() => 1)],
      [sparse, [1, 2, 9]],
    ]);
    expect(data[0]).toBe(BITMAP);
    expect(data[offsets[1] as number]).toBe(LIST);
    // ~1 bit per spanned doc + 2 bits per posting, against ≥ 1 byte per posting as a list.
    expect(offsets[1]).toBeLessThan(5000 * 0.6);
    expect(decoded(data, offsets[1] as number, offsets[2] as number)).toEqual([
      [3, 1],
      [90_000, 2],
      [4_000_000, 9],
    ]);
  });

  it('accumulates BM25 over live postings only, the same as decoding, listing them as the first word', () => {
    fc.assert(
      fc.property(sparseOrDense, fc.uniqueArray(fc.integer({ min: 0, max: 2000 })), ([docs, tfs], dead) => {
        const { data, offsets } = write([[docs, tfs]]);
        const alive = new Uint8Array(2001).fill(1);
        for (const d of dead) alive[d] = 0;
        const norm = Float32Array.from({ length: 2001 }, (_, i) => 0.5 + (i % 7) / 10);
        const acc = new Float64Array(2001);
        const gate = { hits: new Uint8Array(2001), group: 0, touched: new Int32Array(2001), count: 0 };
        accumulatePostings(data, 0, offsets[1] as number, alive, 1.5, 2.2, norm, acc, gate);
        const want = new Float64Array(2001);
        const wantSeen: number[] = [];
        decodePostings(data, 0, offsets[1] as number, (doc, tf) => {
          if (alive[doc] !== 1) return;
          wantSeen.push(doc);
          want[doc] = (1.5 * tf * 2.2) / (tf + (norm[doc] as number));
        });
        expect(Array.from(gate.touched.subarray(0, gate.count))).toEqual(wantSeen);
        expect(wantSeen.every((d) => gate.hits[d] === 1)).toBe(true);
        expect(Array.from(acc)).toEqual(Array.from(want));
      }),
      { numRuns: 200 },
    );
  });

  it('scores a later word only where every earlier word matched', () => {
    // hits per doc: 0 (missed an earlier word), 1 (matched the one earlier word), 2 (matched this
    // word already through another term).
    const hitsOf = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2001, maxLength: 2001 });
    fc.assert(
      fc.property(sparseOrDense, hitsOf, ([docs, tfs], before) => {
        const { data, offsets } = write([[docs, tfs]]);
        const alive = new Uint8Array(2001).fill(1);
        const norm = new Float32Array(2001).fill(1);
        const acc = new Float64Array(2001);
        const hits = Uint8Array.from(before);
        const gate = { hits, group: 1, touched: new Int32Array(2001), count: 0 };
        accumulatePostings(data, 0, offsets[1] as number, alive, 1, 2, norm, acc, gate);
        const want = new Float64Array(2001);
        const wantHits = Uint8Array.from(before);
        decodePostings(data, 0, offsets[1] as number, (doc, tf) => {
          if (before[doc] === 0) return;
          wantHits[doc] = 2;
          want[doc] = (tf * 2) / (tf + 1);
        });
        expect(gate.count).toBe(0);
        expect(Array.from(hits)).toEqual(Array.from(wantHits));
        expect(Array.from(acc)).toEqual(Array.from(want));
      }),
      { numRuns: 200 },
    );
  });

  it('reads an empty range as no postings', () => {
    expect(decoded(new Uint8Array(0), 0, 0)).toEqual([]);
    expect(countPostings(new Uint8Array(0), 0, 0)).toBe(0);
  });
});
