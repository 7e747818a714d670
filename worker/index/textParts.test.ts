import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { META_KEYS } from '../db/meta';
import { internalsOf } from '../testing/createTestEngine';
import { snapshotKit } from '../testing/snapshotKit';
import { MetaIndex } from './metaIndex';
import { writeSnapshot } from './snapshotWrite';
import type { PackedText } from './snapshotFormat';
import { PartsTally, TextAssembler, textPartKey, textParts, type PackedTextPart } from './textParts';
import { joinedTitlesOf } from './joinedTitles';
import type { PackedTextColumns } from './stringColumns';

// The snapshot's text written and read in parts (textParts.ts). The test engines write 48 rows
// a part, so the seeded 160 rows are a head and three parts (48 + 48 + 48 + 16).
const { metaTable, loadedIn, seeded, closeAll } = snapshotKit();
afterEach(() => {
  closeAll();
  vi.restoreAllMocks();
});

const partKeys = async (e: Engine): Promise<string[]> =>
  (await metaTable(e).toCollection().primaryKeys()).filter((k) => k.startsWith('indexSnapshotText.')).sort();

// Every string of every row, by item id, as `index` answers it.
function strings(index: MetaIndex): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const row of index.rowsByDate()) {
    out.set(index.id(row), [
      index.title(row),
      index.author(row),
      index.link(row),
      index.enclosure(row),
      index.guid(row),
    ]);
  }
  return out;
}

describe('index snapshot text in parts', () => {
  it('a text of 160 rows is stored as a head and three parts and loads back row for row', async () => {
    const { a, dbName } = await seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const head = (await metaTable(a).get(META_KEYS.indexSnapshotText))?.value as PackedText;
    expect(head.titleEnds.length).toBe(48);
    expect(head.parts).toMatchObject({ count: 3, rows: 160 });
    expect(await partKeys(a)).toEqual([textPartKey(1), textPartKey(2), textPartKey(3)]);
    const last = (await metaTable(a).get(textPartKey(3)))?.value as PackedTextPart;
    expect(last.token).toBe(head.token);
    expect(last.titleEnds.length).toBe(16);
    // Part offsets are their own; the load shifts them into one joined string.
    expect(last.titleEnds[0]).toBeLessThan(head.titleEnds[47]!);
    const expected = strings(internalsOf(a).context.index);
    const { index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(strings(index)).toEqual(expected);
  });

  it('a smaller text written after removes the parts it no longer has', async () => {
    const { a, dbName } = await seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const feeds = await a.feeds.list();
    await a.feeds.delete(feeds[0]!.id);
    await a.feeds.delete(feeds[1]!.id);
    expect(await a.flushSnapshot()).toBe(true);
    const head = (await metaTable(a).get(META_KEYS.indexSnapshotText))?.value as PackedText;
    expect(head.parts).toMatchObject({ count: 1, rows: 80 });
    expect(await partKeys(a)).toEqual([textPartKey(1)]);
    const expected = strings(internalsOf(a).context.index);
    const { index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(strings(index)).toEqual(expected);
    // Down to one part: the head alone, as before parts, and no part records.
    await a.feeds.delete(feeds[2]!.id);
    await a.feeds.delete(feeds[3]!.id);
    expect(await a.flushSnapshot()).toBe(true);
    expect(
      ((await metaTable(a).get(META_KEYS.indexSnapshotText))?.value as PackedText).parts,
    ).toBeUndefined();
    expect(await partKeys(a)).toEqual([]);
  });

  const spoil: [string, (meta: ReturnType<typeof metaTable>) => Promise<unknown>][] = [
    ['a part is missing', (meta) => meta.delete(textPartKey(2))],
    [
      'a part is of another write',
      async (meta) => {
        const part = (await meta.get(textPartKey(2)))!.value as PackedTextPart;
        await meta.put({ key: textPartKey(2), value: { ...part, token: 'other' } });
      },
    ],
    [
      "a part's records are cut short",
      async (meta) => {
        const part = (await meta.get(textPartKey(3)))!.value as PackedTextPart;
        await meta.put({ key: textPartKey(3), value: { ...part, refs: part.refs.subarray(1) } });
      },
    ],
    [
      "a part's author code is past the dictionary",
      async (meta) => {
        const part = (await meta.get(textPartKey(1)))!.value as PackedTextPart;
        await meta.put({
          key: textPartKey(1),
          value: { ...part, authorCodes: part.authorCodes.map(() => 9999) },
        });
      },
    ],
    [
      'the head promises more rows than the parts hold',
      async (meta) => {
        const head = (await meta.get(META_KEYS.indexSnapshotText))!.value as PackedText;
        await meta.put({
          key: META_KEYS.indexSnapshotText,
          value: { ...head, parts: { ...head.parts!, count: 2 } },
        });
      },
    ],
    [
      "the head's sizes are malformed",
      async (meta) => {
        const head = (await meta.get(META_KEYS.indexSnapshotText))!.value as PackedText;
        await meta.put({ key: META_KEYS.indexSnapshotText, value: { ...head, parts: { count: 3 } } });
      },
    ],
  ];
  it.each(spoil)(
    '%s: the index is rebuilt with every row, and the next start loads its snapshot',
    async (_, harm) => {
      const { a, dbName } = await seeded();
      expect(await a.flushSnapshot()).toBe(true);
      const expected = strings(internalsOf(a).context.index);
      await harm(metaTable(a));
      vi.spyOn(console, 'info').mockImplementation(() => {});
      const first = await loadedIn(dbName);
      expect(first.result).toMatchObject({ source: 'rebuild', staleReason: 'index snapshot unreadable' });
      expect(strings(first.index)).toEqual(expected);
      const again = await loadedIn(dbName);
      expect(again.result).toMatchObject({ source: 'snapshot', staleReason: null });
      expect(strings(again.index)).toEqual(expected);
    },
  );

  it('a write that fails between parts leaves the stored snapshot as it was', async () => {
    const { a, dbName } = await seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const before = await metaTable(a).toArray();
    const { db, context } = internalsOf(a);
    const { index } = context;
    const expected = strings(index);
    // An index with no record of the last write writes everything; its text changes while the
    // second part is packed (a row appended), which `textParts` refuses at the third.
    const fresh = new MetaIndex();
    fresh.load(index.columns());
    const pack = fresh.packedText.bind(fresh);
    let packed = 0;
    vi.spyOn(fresh, 'packedText').mockImplementation((rows) => {
      if (++packed === 2)
        fresh.upsert([
          {
            id: 1e9,
            feedId: 1,
            pubDate: 1,
            flags: 0,
            title: 'late',
            author: '',
            link: '',
            enclosure: '',
            guid: '',
            keyHash: 0,
          },
        ]);
      return pack(rows);
    });
    await expect(writeSnapshot(db, fresh, context.applied.counter, null, { partRows: 48 })).rejects.toThrow(
      'index text changed',
    );
    expect(await metaTable(a).toArray()).toEqual(before);
    const { index: loaded, result } = await loadedIn(dbName);
    expect(result).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(strings(loaded)).toEqual(expected);
  });
});

describe('textParts', () => {
  it('gives the live rows a part at a time and refuses to go on once the text changed', () => {
    const index = new MetaIndex();
    const titles = ['one', 'два', 'three', 'four', 'five'];
    index.load({
      ids: Float64Array.from([1, 2, 3, 4, 5]),
      feedIds: Int32Array.from([1, 1, 1, 1, 1]),
      pubDates: Float64Array.from([5, 4, 3, 2, 1]),
      flags: new Uint8Array(5),
      keyHashes: new Uint32Array(5),
      titles,
      authors: titles.map(() => ''),
      links: titles.map((t) => `https://x.test/${t}`),
      enclosures: titles.map(() => ''),
      guids: titles.map(() => ''),
      tags: new Map(),
    });
    const next = textParts(index, 2);
    const sizes: number[] = [];
    for (let part = next(); part; part = next()) sizes.push(part.titles.ends.length);
    expect(sizes).toEqual([2, 2, 1]);
    const empty = textParts(new MetaIndex(), 4);
    expect(empty()?.titles.ends.length).toBe(0);
    expect(empty()).toBeNull();
    const again = textParts(index, 2);
    expect(again()?.titles.text).toEqual(['one', 'два']);
    index.upsert([
      {
        id: 9,
        feedId: 1,
        pubDate: 9,
        flags: 0,
        title: 'new',
        author: '',
        link: '',
        enclosure: '',
        guid: '',
        keyHash: 0,
      },
    ]);
    expect(() => again()).toThrow('index text changed while it was written');
  });
});

describe('TextAssembler', () => {
  const part = (titles: string[], refs: number[]): PackedTextColumns => ({
    titles: joinedTitlesOf(titles),
    authorNames: [''],
    authorCodes: new Int32Array(titles.length),
    refs: Uint8Array.from(refs),
  });
  // Three empty fields a row: one byte each.
  const emptyRefs = (rows: number) => new Array<number>(rows * 3).fill(0);
  const stored = (p: PackedTextColumns): PackedTextPart => ({
    token: 't',
    titles: p.titles.text,
    titleWide: p.titles.wide,
    titleEnds: p.titles.ends,
    authorCodes: p.authorCodes,
    refs: p.refs,
  });

  it('joins parts into one set of columns with the offsets shifted per string', () => {
    const head = part(['ab', '漢字'], emptyRefs(2));
    const rest = part(['cd', '字', 'e'], emptyRefs(3));
    const tally = new PartsTally();
    tally.add(head, true);
    tally.add(rest);
    const assembler = new TextAssembler(tally.info, 't', head);
    assembler.add(stored(rest));
    const joined = assembler.finish()!;
    expect(joined.titles.text).toEqual(['abcde', '漢字字']);
    expect(Array.from(joined.titles.ends)).toEqual([2, 2, 4, 3, 5]);
    expect(Array.from(joined.titles.wide)).toEqual([0, 1, 0, 1, 0]);
    expect(joined.refs.length).toBe(15);
  });

  it('is null when a part is short, extra or larger than the sizes promise', () => {
    const head = part(['ab'], emptyRefs(1));
    const rest = part(['cd'], emptyRefs(1));
    const tally = new PartsTally();
    tally.add(head, true);
    tally.add(rest);
    const none = new TextAssembler(tally.info, 't', head);
    expect(none.finish()).toBeNull();
    const extra = new TextAssembler(tally.info, 't', head);
    extra.add(stored(rest));
    extra.add(stored(rest));
    expect(extra.finish()).toBeNull();
    const larger = new TextAssembler(tally.info, 't', head);
    larger.add(stored(part(['cdef'], emptyRefs(1))));
    expect(larger.finish()).toBeNull();
    const wrongWidth = new TextAssembler(tally.info, 't', head);
    wrongWidth.add({ ...stored(rest), titleWide: Uint8Array.from([2]) });
    expect(wrongWidth.finish()).toBeNull();
  });
});
