import { describe, expect, it } from 'vitest';
import { ChunkGrams, GRAM_BLOCK, needleGrams } from './chunkGrams';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('ChunkGrams', () => {
  it('never says a chunk lacks a needle it holds (random texts, needles cut from them)', () => {
    let seed = 7;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = 'abcdefghij klmnoé東';
    const grams = new ChunkGrams();
    // Several texts a chunk, appended one at a time (a needle never spans two texts).
    const texts: { c: number; t: string }[] = [];
    for (let c = 0; c < 40; c++) {
      for (let k = 0; k < 3; k++) {
        let t = '';
        for (let i = 0; i < 100; i++) t += alphabet[Math.floor(rnd() * alphabet.length)];
        texts.push({ c, t });
        grams.added(c, bytes(t));
      }
    }
    for (let n = 0; n < 2000; n++) {
      const { c, t } = texts[Math.floor(rnd() * texts.length)]!;
      const from = Math.floor(rnd() * (t.length - 8));
      const keys = needleGrams(bytes(t.slice(from, from + 3 + Math.floor(rnd() * 6))));
      expect(keys === null || grams.mayHold(c, keys)).toBe(true);
    }
  });

  it('says most chunks lack a word none of their texts hold, and knows nothing of unknown chunks', () => {
    const grams = new ChunkGrams();
    grams.added(0, bytes('the quick brown fox jumps over the lazy dog '.repeat(50)));
    expect(grams.mayHold(0, needleGrams(bytes('zeppelin'))!)).toBe(false);
    expect(grams.mayHold(0, needleGrams(bytes('lazy dog'))!)).toBe(true);
    expect(needleGrams(bytes('ab'))).toBeNull();
    expect(grams.mayHold(5, needleGrams(bytes('zeppelin'))!)).toBe(true);
    expect(grams.known(5)).toBe(false);
  });

  it('round-trips through its block records; a record of another lineage leaves its chunks unknown', () => {
    const grams = new ChunkGrams();
    const n = GRAM_BLOCK + 3;
    for (let c = 0; c < n; c++) grams.added(c, bytes(`chunk number ${c} holds words`));
    expect(grams.takeDirty()).toHaveLength(n);
    const records = [grams.pack(0, 'L'), grams.pack(1, 'L')];
    const back = new ChunkGrams();
    back.unpack(records, 'L', n);
    expect(back.knownCount()).toBe(n);
    const word = needleGrams(bytes('number 34 holds'))!;
    expect(Array.from({ length: n }, (_, c) => back.mayHold(c, word)).filter(Boolean).length).toBeLessThan(3);
    expect(back.mayHold(34, word)).toBe(true);
    const other = new ChunkGrams();
    other.unpack([records[0], { ...records[1]!, lineage: 'M' }], 'L', n);
    expect(other.knownCount()).toBe(GRAM_BLOCK);
    expect(other.known(GRAM_BLOCK)).toBe(false);
    // A loaded chunk keeps growing in place; an unknown one stays unknown.
    back.added(n - 1, bytes(' zeppelin'));
    other.added(n - 1, bytes(' zeppelin'));
    expect(back.mayHold(n - 1, needleGrams(bytes('zeppelin'))!)).toBe(true);
    expect(other.known(n - 1)).toBe(false);
    expect(back.takeDirty()).toEqual([n - 1]);
  });
});
