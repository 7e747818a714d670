import { describe, expect, it, vi } from 'vitest';
import { MetaIndex } from '../index/metaIndex';
import { MemoryChunks } from '../search/chunkSpace';
import { SearchIndex } from '../search/searchIndex';
import { ScanCosts } from '../search/storeScan';
import { TextStore } from '../search/textStore';
import { testRow } from '../testing/indexRow';
import { narrowingPiece, StoreDescriptionSource } from './descriptionSource';

function setup(texts: Record<number, string>) {
  const index = new MetaIndex();
  const store = new TextStore();
  const add = (id: number, text: string) => {
    index.upsert([testRow(id)]);
    store.put(id, text);
  };
  for (const [id, text] of Object.entries(texts)) add(Number(id), text);
  const source = new StoreDescriptionSource(index, store);
  const scans = vi.spyOn(store, 'matches');
  const hitIds = (needle: string) =>
    [...store.liveIds()].filter((id) => source.contains(index.rowOf(id), needle)).sort((a, b) => a - b);
  return { index, store, source, scans, add, hitIds };
}

describe('StoreDescriptionSource', () => {
  it('after new texts arrive, scans only them and keeps the answers for the rest', () => {
    const { store, scans, add, hitIds } = setup({ 1: 'a zeppelin', 2: 'nothing', 3: 'zeppelins too' });
    expect(hitIds('zeppelin')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(1);
    expect(scans.mock.calls[0]?.[1]).toBeUndefined();
    // The same needle again with nothing changed: no scan at all.
    expect(hitIds('zeppelin')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(1);
    add(4, 'zeppelin four');
    add(5, 'five');
    store.put(2, 'now a zeppelin');
    store.remove(3);
    expect(hitIds('zeppelin')).toEqual([1, 2, 4]);
    expect(scans).toHaveBeenCalledTimes(2);
    // The earlier map went in: the store scanned from where it ended.
    expect(scans.mock.calls[1]?.[1]?.length).toBe(3);
  });

  it('scans the whole store again once its slots are renumbered', () => {
    const { store, scans, hitIds } = setup({ 1: 'keep me', 2: 'x'.repeat(1000), 3: 'keep too' });
    expect(hitIds('keep')).toEqual([1, 3]);
    store.remove(2);
    expect(store.compact(true)).not.toBeNull();
    expect(hitIds('keep')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(2);
    expect(scans.mock.calls[1]?.[1]).toBeUndefined();
  });

  it('keeps eight needles and scans again the one dropped first', () => {
    const { scans, hitIds } = setup({ 1: 'abcdefghij' });
    for (const needle of 'abcdefghi') expect(hitIds(needle)).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(9);
    expect(hitIds('i')).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(9);
    expect(hitIds('a')).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(10);
  });
});

describe('narrowingPiece', () => {
  it('takes the longest run of ASCII letters and digits, three or more long', () => {
    expect(narrowingPiece('quartz')).toBe('quartz');
    expect(narrowingPiece('big quartz, ok')).toBe('quartz');
    expect(narrowingPiece('café au')).toBe('caf');
    expect(narrowingPiece('web3 x2')).toBe('web3');
    expect(narrowingPiece('ab cd é')).toBeNull();
    expect(narrowingPiece('数据库')).toBeNull();
  });

  it('skips runs a stop word may hold: the index has no term for them', () => {
    expect(narrowingPiece('the')).toBeNull();
    expect(narrowingPiece('her')).toBe('her');
    expect(narrowingPiece('ith')).toBeNull();
    expect(narrowingPiece('with zeppelin')).toBe('zeppelin');
    expect(narrowingPiece('from ab')).toBeNull();
  });
});

// Words whose texts, titles and folded forms trip a narrowing that trusted its terms: accents
// (café is indexed as cafe), titles sharing the postings, a word cut at 40 characters, stop
// words, CJK runs beside Latin ones, a full-width letter folded to ASCII.
const WORDS = [
  'quartz',
  'quartzite',
  'café',
  'cafe',
  'naïve',
  'naive',
  'the',
  'there',
  'with',
  'x'.repeat(45) + 'quartz',
  '数据quartz',
  'ｑuartz',
  'zeppelin',
  'hello',
  'world',
  'of',
  'data',
  'qu\u0301artz',
  'ﬁle',
  'Qüartz',
  'brand™',
  'QUARTZ',
  'file',
];
const NEEDLES = [
  'quartz',
  'uart',
  'artz',
  'quartzi',
  'café',
  'cafe',
  'caf',
  'naïve',
  'naive',
  'aiv',
  'the',
  'her',
  'there',
  'ith',
  'tz qu',
  'xxxquartz',
  '数据q',
  'ｑuar',
  'elin wo',
  'lo world',
  'ata',
  'file',
  'brandtm',
  'brand',
];

// `textByText`: chunks read whole cost so much that every narrowed chunk is read text by text.
function narrowSetup(share = 1, textByText = false) {
  const index = new MetaIndex();
  const costs = new ScanCosts();
  if (textByText) costs.notedBytes(1, 1e9);
  const store = new TextStore(new MemoryChunks(), costs);
  const search = new SearchIndex();
  // The text lower-cased as the engine stores it (`plainTextLower`); title and author as given.
  const put = (id: number, title: string, given: string, author = 'ann') => {
    const text = given.toLowerCase();
    index.upsert([testRow(id, { title, author })]);
    const old = store.slotOf(id);
    if (old >= 0) search.remove(old);
    const slot = store.put(id, text);
    search.add(slot, { title, author, text, feedId: 1, pubDate: 100 });
  };
  const remove = (id: number) => {
    index.remove([id]);
    search.remove(store.remove(id));
  };
  const source = new StoreDescriptionSource(index, store, () => search, share);
  const plain = new StoreDescriptionSource(index, store);
  const scans = vi.spyOn(store, 'matches');
  // Scans the search index narrowed (given the slots that may match).
  const narrowed = () => scans.mock.calls.filter((call) => call[2] !== undefined).length;
  const hits = (s: StoreDescriptionSource, needle: string) => {
    const rows = s.rowHits(needle);
    return [...store.liveIds()].filter((id) => rows[index.rowOf(id)] === 1).sort((a, b) => a - b);
  };
  const truth = (needle: string) =>
    [...store.liveIds()].filter((id) => store.text(id).includes(needle)).sort((a, b) => a - b);
  return { index, store, search, put, remove, source, plain, scans, narrowed, hits, truth };
}

describe('StoreDescriptionSource narrowed by the search index', () => {
  it('answers like a whole scan for every needle over random texts and titles', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const words = (n: number) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]!).join(' ');
    // Narrowed however many texts the piece is in, to hold every needle to the truth.
    const { put, remove, source, narrowed, hits, truth } = narrowSetup(Infinity, true);
    for (let id = 1; id <= 300; id++) put(id, words(3), words(1 + rand(12)), words(1));
    for (const needle of NEEDLES) expect(hits(source, needle), needle).toEqual(truth(needle));
    expect(narrowed()).toBe(19);
    // Changed and removed texts (a new store state: every needle is answered anew).
    for (let id = 1; id <= 300; id += 7) put(id, words(2), words(4), words(1));
    for (let id = 3; id <= 300; id += 11) remove(id);
    for (const needle of NEEDLES) expect(hits(source, needle), needle).toEqual(truth(needle));
  });

  it('reads only the texts whose terms hold the piece, and of those only the ones it cannot be sure of', () => {
    const { put, store, source, narrowed, hits } = narrowSetup();
    put(1, 'a', 'the quartz clock');
    put(2, 'quartz in the title only', 'nothing here');
    put(3, 'b', 'plain words');
    put(4, 'c', 'a quartzite rock, 数据 and “quotes”');
    put(5, 'e', 'qu\u0301artz, a mark inside'); // folds to quartz
    put(6, 'f', 'ｑuartz, full width');
    put(7, 'Qüartz', 'nothing'); // a title that folds to the word
    put(8, 'g', 'the quartz clock, café');
    put(9, 'h', 'a quartz word', 'Quartz Smith'); // the author's term holds it too
    // Enough other text that reading the chunk whole costs more than reading the candidates.
    for (let id = 10; id < 2000; id++) put(id, 'd', `plain words ${'and more '.repeat(60)}`);
    const byText = new Map([...store.liveIds()].map((id) => [store.text(id), id]));
    const reads = vi.spyOn(store.chunks, 'view');
    const chunks = vi.spyOn(store.chunks, 'chunk');
    const readIds = () =>
      reads.mock.results.map((r) => byText.get(new TextDecoder().decode(r.value as Uint8Array))).sort();
    // The needle is its own piece: texts 1 and 4 are sure (fold-safe, the word not in their
    // titles or authors); 2 and 7 (the word in the title, folded in 7), 5 and 6 (folding makes
    // the word), 8 (an accent elsewhere in the text) and 9 (the author) are read.
    expect(hits(source, 'quartz')).toEqual([1, 4, 8, 9]);
    expect(narrowed()).toBe(1);
    expect(readIds()).toEqual([2, 5, 6, 7, 8, 9]);
    expect(chunks).not.toHaveBeenCalled();
    // A needle beyond its piece is read in every candidate.
    reads.mockClear();
    expect(hits(source, 'quartz c')).toEqual([1, 8]);
    expect(reads).toHaveBeenCalledTimes(8);
    expect(chunks).not.toHaveBeenCalled();
  });

  it('reads every candidate of a store loaded from tables without the fold-safe flags', () => {
    const { put, store, source, hits } = narrowSetup();
    put(1, 'a', 'the quartz clock');
    put(2, 'b', 'a quartzite rock');
    for (let id = 10; id < 2000; id++) put(id, 'd', `plain words ${'and more '.repeat(60)}`);
    expect(store.isFoldSafe(store.slotOf(1))).toBe(true);
    const { count } = store.takeDirty();
    const chunks = Array.from({ length: count }, (_, c) => store.chunkBytes(c).slice());
    store.load({ ...store.tables(), safe: undefined, chunks });
    expect(store.isFoldSafe(store.slotOf(1))).toBe(false);
    const reads = vi.spyOn(store.chunks, 'view');
    expect(hits(source, 'quartz')).toEqual([1, 2]);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('scans the whole store when the piece is in too many texts, or the index is not in step', () => {
    const { put, plain, source, scans, narrowed, hits } = narrowSetup(1 / 4);
    for (let id = 1; id <= 8; id++) put(id, 't', id <= 2 ? 'quartz' : 'other words');
    expect(hits(source, 'quartz')).toEqual([1, 2]);
    expect(narrowed()).toBe(1);
    expect(hits(source, 'words')).toEqual([3, 4, 5, 6, 7, 8]);
    expect(hits(plain, 'quartz')).toEqual([1, 2]);
    expect(scans).toHaveBeenCalledTimes(3);
    expect(narrowed()).toBe(1);
  });
});
