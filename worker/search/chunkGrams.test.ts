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
    back.defer('L', grams.gen, n);
    back.install([0, 1], records);
    expect(back.knownCount()).toBe(n);
    const word = needleGrams(bytes('number 34 holds'))!;
    expect(Array.from({ length: n }, (_, c) => back.mayHold(c, word)).filter(Boolean).length).toBeLessThan(3);
    expect(back.mayHold(34, word)).toBe(true);
    const other = new ChunkGrams();
    other.defer('L', grams.gen, n);
    other.install([0, 1], [records[0], { ...records[1]!, lineage: 'M' }]);
    expect(other.knownCount()).toBe(GRAM_BLOCK);
    expect(other.known(GRAM_BLOCK)).toBe(false);
    // A loaded chunk keeps growing in place; an unknown one stays unknown.
    back.added(n - 1, bytes(' zeppelin'));
    other.added(n - 1, bytes(' zeppelin'));
    expect(back.mayHold(n - 1, needleGrams(bytes('zeppelin'))!)).toBe(true);
    expect(other.known(n - 1)).toBe(false);
    expect(back.takeDirty()).toEqual([n - 1]);
  });

  it('defers its sets to stored records read later, taking only those that still describe the chunks', () => {
    const grams = new ChunkGrams();
    const n = GRAM_BLOCK + 3;
    for (let c = 0; c < n; c++) grams.added(c, bytes(`chunk number ${c} holds words`));
    const records = [grams.pack(0, 'L'), grams.pack(1, 'L')];
    expect(records[0]!.gen).toBe(grams.gen);
    const word = needleGrams(bytes('number 34 holds'))!;

    const later = new ChunkGrams();
    later.defer('L', grams.gen, n);
    expect(later.knownCount()).toBe(0);
    expect(later.pendingBlocks()).toEqual([0, 1]);
    expect(later.pendingBlocks([1, 5])).toEqual([1]);
    expect(later.unread(3)).toBe(true);
    // Learnt from the chunk meanwhile (a scan read it): kept, not replaced by the record's.
    later.fill(2, bytes('only zeppelins here'));
    // Appended to while unread: never taken from a record, and stored as unknown.
    later.added(GRAM_BLOCK + 1, bytes(' more'));
    expect(later.unread(GRAM_BLOCK + 1)).toBe(false);
    expect(later.takeDirty()).toEqual([2, GRAM_BLOCK + 1]);
    later.install([0, 1], records);
    expect(later.pendingBlocks()).toEqual([]);
    expect(later.knownCount()).toBe(n - 1);
    expect(later.known(GRAM_BLOCK + 1)).toBe(false);
    expect(later.mayHold(2, needleGrams(bytes('zeppelin'))!)).toBe(true);
    expect(later.mayHold(2, needleGrams(bytes('chunk number'))!)).toBe(false);
    expect(later.mayHold(34, word)).toBe(true);
    expect(later.mayHold(32, word)).toBe(false);
    // A block read twice (a write and a filter at once) is taken once.
    later.install([0], [{ lineage: 'L', gen: grams.gen, sets: [] }]);
    expect(later.knownCount()).toBe(n - 1);

    // Another lineage or generation (the chunks written afresh since), or a record from before
    // generations when this one has one: unknown.
    for (const r of [
      { ...records[0]!, lineage: 'M' },
      { ...records[0]!, gen: 'other' },
      { lineage: 'L', sets: records[0]!.sets },
    ]) {
      const other = new ChunkGrams();
      other.defer('L', grams.gen, n);
      other.install([0], [r]);
      expect(other.knownCount()).toBe(0);
    }
    // A load from records written before generations ('' on both sides) takes them.
    const old = new ChunkGrams();
    old.defer('L', '', n);
    old.install([0], [{ lineage: 'L', sets: records[0]!.sets }]);
    expect(old.knownCount()).toBe(GRAM_BLOCK);
    // Chunks past the load's count (another tab's) are never taken.
    const fewer = new ChunkGrams();
    fewer.defer('L', grams.gen, 2);
    fewer.install([0], records);
    expect(fewer.knownCount()).toBe(2);
  });

  it('drops what it deferred when cleared (a compaction), with a new generation', () => {
    const grams = new ChunkGrams();
    grams.added(0, bytes('some words in a chunk'));
    const record = grams.pack(0, 'L');
    const gen = grams.gen;
    grams.defer('L', gen, 1);
    grams.clear();
    expect(grams.gen).not.toBe(gen);
    expect(grams.pendingBlocks()).toEqual([]);
    grams.install([0], [record]);
    expect(grams.knownCount()).toBe(0);
    // A load without stored sets (a rebuild, a store loaded from its chunks): a new generation too.
    const fresh = new ChunkGrams();
    fresh.defer('L', gen, 1);
    fresh.reset(1);
    expect(fresh.gen).not.toBe(gen);
    expect(fresh.pendingBlocks()).toEqual([]);
    expect(fresh.knownCount()).toBe(0);
  });
});
