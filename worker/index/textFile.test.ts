import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import type { Engine } from '../engine';
import { FakeChunkDir } from '../search/fakeOpfs';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { seedEngine } from '../testing/seed';
import { MetaIndex } from './metaIndex';
import { loadIndex } from './snapshot';
import { joinText } from './snapshotFormat';
import { withRoom } from './packedStrings';
import { writeSnapshot } from './snapshotWrite';
import type { PackedTextColumns } from './stringColumns';
import { readTextBlocks, textFileName, writeTextFile } from './textFile';
import { TEXT_PART_RANGE, TextAssembler, type TextPartsInfo } from './textParts';

// Every kind of title the decoders could change: one-byte ones with and without a C1 control
// (which `TextDecoder('latin1')` maps elsewhere), wide ones with a lone surrogate (which
// `TextDecoder('utf-16le')` replaces) and with a leading byte order mark (which a decoder drops
// unless told not to), empty ones, emoji.
const TITLES = [
  'Plain ASCII title',
  'Café crème, à la carte',
  'Control \u0085 inside',
  '日本語のタイトル',
  '',
  'Lone \ud800 surrogate',
  '\ufeffMark first',
  'Emoji 😀 after',
  '\u00a0no-break and ÿ',
  'Ünïcödé',
];

function indexOf(titles: readonly string[]): MetaIndex {
  const n = titles.length;
  const index = new MetaIndex();
  index.load({
    ids: Float64Array.from({ length: n }, (_, i) => i + 1),
    feedIds: Int32Array.from({ length: n }, (_, i) => 1 + (i % 2)),
    pubDates: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 - i),
    flags: new Uint8Array(n),
    keyHashes: Uint32Array.from({ length: n }, (_, i) => i * 7),
    titles: [...titles],
    authors: titles.map((_, i) => ['', 'Ann', 'Bó 李'][i % 3]!),
    links: titles.map((_, i) => `https://example.test/${i}/é`),
    enclosures: titles.map((_, i) => (i % 4 === 0 ? `https://cdn.test/${i}.mp3` : '')),
    guids: titles.map((_, i) => `guid-${i}`),
    tags: new Map(),
  });
  return index;
}

const emptyHead = (authorNames: string[]): PackedTextColumns => ({
  titles: { text: ['', ''], wide: new Uint8Array(0), ends: new Uint32Array(0) },
  authorNames,
  authorCodes: new Int32Array(0),
  refs: new Uint8Array(0),
});

// Reads the text file of `token` back into joined columns (null: not read).
async function readBack(dir: FakeChunkDir, token: string, info: TextPartsInfo, names: string[]) {
  const file = (await dir.open(textFileName({ dir, prefix: 'db.' }, token), false))!;
  const assembler = new TextAssembler(info, token, emptyHead(names));
  try {
    return readTextBlocks(file, token, info, assembler) ? assembler.finish() : null;
  } finally {
    file.close();
  }
}

describe('text file', () => {
  afterEach(() => vi.restoreAllMocks());
  it('holds every row of every kind of title as the index does, a block per part', async () => {
    // Node's 'latin1' decoder keeps U+0080–U+009F; a browser's (windows-1252) maps most of them
    // elsewhere (0x80 is '€'). Decode as a browser does, so a C1 title would come back changed.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its own `this` below
    const decode = TextDecoder.prototype.decode;
    vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (this: TextDecoder, input) {
      const text = decode.call(this, input);
      return this.encoding === 'windows-1252' ? text.replace(/[\x80-\x9f]/g, '\u20ac') : text;
    });
    const index = indexOf([...TITLES, ...TITLES, ...TITLES]);
    const dir = new FakeChunkDir();
    const files = { dir, prefix: 'db.' };
    const wrote = (await writeTextFile(files, 'tok', index, 4))!;
    expect(wrote.name).toBe('db.text.tok');
    expect(wrote.info).toMatchObject({ count: 8, rows: 30 });
    // Locked until the caller has stored the record naming it.
    expect(await dir.held()).toEqual(new Set(['db.text.tok']));
    const joined = await readBack(dir, 'tok', wrote.info, wrote.authorNames);
    // The parts' titles come apart (the head's, empty, and one per block), `text` their rope.
    const { parts, ...titles } = joined!.titles;
    expect(joined?.refsRoom).toBe(true); // with room for the index to append into (packedStrings.ts)
    expect({ ...joined, titles, refsRoom: undefined }).toEqual(index.packedText(index.liveRows()));
    expect(parts?.map((p) => p.rows)).toEqual([0, 4, 4, 4, 4, 4, 4, 4, 2]);
    for (const w of [0, 1]) expect(parts?.map((p) => p.text[w]).join('')).toBe(titles.text[w]);
    const other = indexOf(Array.from({ length: 30 }, () => ''));
    const copy = new MetaIndex();
    copy.load(other.packable(false).columns);
    expect(copy.attachText(joined!)).toBe(true);
    for (let r = 0; r < 30; r++) {
      expect(copy.title(r)).toBe(TITLES[r % TITLES.length]);
      expect(copy.author(r)).toBe(index.author(r));
      expect(copy.link(r)).toBe(index.link(r));
      expect(copy.enclosure(r)).toBe(index.enclosure(r));
      expect(copy.guid(r)).toBe(index.guid(r));
    }
    // The loaded index appends its first new article into the room after the loaded records.
    const refs = joined!.refs;
    copy.upsert([
      {
        id: 999,
        feedId: 1,
        pubDate: 1_800_000_000,
        flags: 0,
        title: 'New',
        author: '',
        link: 'https://example.test/appended',
        enclosure: '',
        guid: 'guid-appended',
        keyHash: 5,
      },
    ]);
    expect(copy.link(copy.rowOf(999))).toBe('https://example.test/appended');
    const after = new Uint8Array(refs.buffer, refs.byteOffset + refs.length, 64);
    expect(new TextDecoder().decode(after)).toContain('https://example.test/appended');
  });

  it('a text record joined with its tail leaves the index room to append into', () => {
    const index = indexOf(TITLES);
    const rows = index.liveRows();
    const joined = joinText(index.packedText(rows.subarray(0, 4)), index.packedText(rows.subarray(4)));
    expect(joined.refsRoom).toBe(true);
    expect(joined.refs).toEqual(index.packedText(rows).refs);
    expect(joined.refs.buffer.byteLength).toBe(joined.refs.length + (1 << 16));
    // A head that came with room (a text file's or parts' load) takes the tail into it, uncopied.
    const head = index.packedText(rows.subarray(0, 4));
    const roomy = { ...head, refs: withRoom(head.refs.length), refsRoom: true };
    roomy.refs.set(head.refs);
    const inPlace = joinText(roomy, index.packedText(rows.subarray(4)));
    expect(inPlace.refs.buffer).toBe(roomy.refs.buffer);
    expect(inPlace.refs).toEqual(index.packedText(rows).refs);
    expect(roomy.refs).toEqual(head.refs);
  });

  it('an index with no rows writes one empty block', async () => {
    const dir = new FakeChunkDir();
    const index = indexOf([]);
    const wrote = (await writeTextFile({ dir, prefix: 'db.' }, 'none', index, 4))!;
    expect(wrote.info).toMatchObject({ count: 1, rows: 0 });
    const joined = await readBack(dir, 'none', wrote.info, wrote.authorNames);
    const { parts, ...titles } = joined!.titles;
    expect(joined?.refsRoom).toBe(true); // with room for the index to append into (packedStrings.ts)
    expect({ ...joined, titles, refsRoom: undefined }).toEqual(index.packedText(index.liveRows()));
    expect(parts?.map((p) => p.rows)).toEqual([0, 0]);
  });

  it('a file of another write, cut short, with more or fewer blocks or a damaged block is not read', async () => {
    const index = indexOf(TITLES);
    const dir = new FakeChunkDir();
    const wrote = (await writeTextFile({ dir, prefix: 'db.' }, 'tok', index, 3))!;
    const whole = dir.contents('db.text.tok')!;
    const damaged: [string, (b: Uint8Array) => Uint8Array][] = [
      ['another token', (b) => ((b[33] = 0x21), b)],
      ['cut short', (b) => b.slice(0, b.length - 1)],
      ['a byte more', (b) => Uint8Array.from([...b, 0])],
      ['block rows larger', (b) => ((b[96] = 200), b)],
      ['an author code out of range', (b) => ((b[96 + 24 + 3 + 12 + 4] = 99), b)],
    ];
    for (const [what, damage] of damaged) {
      dir.setContents('db.text.tok', damage(whole.slice()));
      expect(await readBack(dir, 'tok', wrote.info, wrote.authorNames), what).toBeNull();
    }
    dir.setContents('db.text.tok', whole);
    expect(await readBack(dir, 'tok', { ...wrote.info, count: 3 }, wrote.authorNames)).toBeNull();
    expect(await readBack(dir, 'tok', wrote.info, wrote.authorNames)).not.toBeNull();
  });

  it('a text that changes while the file is opened is not written: no file, no lock left', async () => {
    const index = indexOf(TITLES);
    const dir = new FakeChunkDir();
    const release = dir.holdOpens();
    const writing = writeTextFile({ dir, prefix: 'db.' }, 'tok', index, 4);
    await new Promise((r) => setTimeout(r, 0));
    index.upsert([
      {
        id: 99,
        feedId: 1,
        pubDate: 1_800_000_000,
        flags: 0,
        title: 'Arrived meanwhile',
        author: '',
        link: '',
        enclosure: '',
        guid: 'late',
        keyHash: 1,
      },
    ]);
    release();
    expect(await writing).toBeNull();
    expect(dir.files.size).toBe(0);
    expect(await dir.held()).toEqual(new Set());
  });
});

describe('index snapshot with its text in a file', () => {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
    vi.restoreAllMocks();
  });
  const make = (dir: FakeChunkDir | null, dbName?: string): Engine => {
    const e = createTestEngine({ numberFiles: dir, textPartRows: 32, ...(dbName ? { dbName } : {}) });
    engines.push(e);
    return e;
  };
  const seeded = async (dir: FakeChunkDir | null) => {
    const a = make(dir);
    await a.init();
    await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 40, seed: 7 });
    return { a, dbName: internalsOf(a).db.dexie.name };
  };
  const meta = (e: Engine) => internalsOf(e).db.dexie.table<{ key: string; value: unknown }, string>('meta');
  const partKeys = async (e: Engine) =>
    (await meta(e).where(':id').between(TEXT_PART_RANGE[0], TEXT_PART_RANGE[1]).primaryKeys()).length;
  const textRecord = async (e: Engine) =>
    (await meta(e).get(META_KEYS.indexSnapshotText))?.value as {
      token: string;
      inFile?: boolean;
      titleEnds: Uint32Array;
      parts?: TextPartsInfo;
    };
  const loadFrom = async (dir: FakeChunkDir, dbName: string, index = new MetaIndex()) => {
    const b = make(dir, dbName);
    await internalsOf(b).db.open();
    const loaded = await loadIndex(internalsOf(b).db, index, { files: { dir, prefix: `${dbName}.` } });
    return { b, index, loaded };
  };
  // What the user sees of the text columns: filters on title, author and link.
  const answers = async (e: Engine) => {
    const ids = async (filter: string) =>
      (await e.query.run(filter, { cursor: null, limit: 500 })).rows.map((r) => r.id).sort((x, y) => x - y);
    return {
      title: await ids("title LIKE 'a'"),
      author: await ids("author LIKE 'e'"),
      link: await ids("link LIKE '1'"),
    };
  };

  it('a whole write puts the text in a file, no part records; the next start reads it and filters the same', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    expect(await a.flushSnapshot()).toBe(true);
    const record = await textRecord(a);
    expect(record).toMatchObject({ inFile: true, parts: { count: 5, rows: 160 } });
    expect(record.titleEnds.length).toBe(0);
    expect(await partKeys(a)).toBe(0);
    expect(dir.files.has(`${dbName}.text.${record.token}`)).toBe(true);
    expect(await dir.held()).toEqual(new Set());
    const before = await answers(a);
    expect(before.title.length).toBeGreaterThan(0);
    expect(before.author.length).toBeGreaterThan(0);
    expect(before.link.length).toBeGreaterThan(0);
    const page = (await a.items.page({ scope: 'all', limit: 500 })).rows;
    a.close();
    const { b, index, loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    for (const r of page) expect(index.title(index.rowOf(r.id))).toBe(r.title);
    await b.init();
    expect(await answers(b)).toEqual(before);
  });

  it('a text stored as part records (no folder then) loads with one; the next whole write moves it to a file', async () => {
    const { a, dbName } = await seeded(null);
    expect(await a.flushSnapshot()).toBe(true);
    expect(await partKeys(a)).toBe(4);
    const before = await answers(a);
    a.close();
    const dir = new FakeChunkDir();
    const { b, loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    await b.init();
    expect(await answers(b)).toEqual(before);
    // A removal rewrites the whole text: now into a file, and the part records go.
    const feedId = (await b.feeds.list())[0]!.id;
    await b.feeds.delete(feedId);
    expect(await b.flushSnapshot()).toBe(true);
    expect(await textRecord(b)).toMatchObject({ inFile: true });
    expect(await partKeys(b)).toBe(0);
    const after = await answers(b);
    b.close();
    const { b: c, loaded: again } = await loadFrom(dir, dbName);
    expect(again).toMatchObject({ source: 'snapshot', staleReason: null });
    await c.init();
    expect(await answers(c)).toEqual(after);
  });

  it('a whole rewrite makes a new text file and the old one goes; a change of flags keeps it', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const first = (await textRecord(a)).token;
    const id = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await a.state.markRead([id], true);
    await a.flushSnapshot();
    expect((await textRecord(a)).token).toBe(first);
    await a.feeds.delete((await a.feeds.list())[0]!.id);
    await a.flushSnapshot();
    const second = (await textRecord(a)).token;
    expect(second).not.toBe(first);
    await vi.waitFor(() => {
      const texts = [...dir.files.keys()].filter((n) => n.startsWith(`${dbName}.text.`));
      expect(texts).toEqual([`${dbName}.text.${second}`]);
    });
  });

  it('a whole write whose counter moved on stores nothing and leaves no text file or lock', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const before = [...dir.files.keys()].sort();
    const record = await textRecord(a);
    // A removal makes the next write a whole one: a new text file, then the stale counter.
    await a.feeds.delete((await a.feeds.list())[0]!.id);
    const { db, index, context } = internalsOf(a);
    const files = { dir, prefix: `${dbName}.` };
    expect(await writeSnapshot(db, index as MetaIndex, context.applied.counter - 1, files)).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect([...dir.files.keys()].sort()).toEqual(before);
    expect(await dir.held()).toEqual(new Set());
    expect(await textRecord(a)).toEqual(record);
  });

  it('a missing or damaged text file is an unreadable snapshot: the index is rebuilt, nothing lost', async () => {
    for (const damage of ['remove', 'cut', 'records'] as const) {
      const dir = new FakeChunkDir();
      const { a, dbName } = await seeded(dir);
      await a.flushSnapshot();
      const before = await answers(a);
      const name = `${dbName}.text.${(await textRecord(a)).token}`;
      a.close();
      if (damage === 'remove') dir.files.delete(name);
      else if (damage === 'cut') dir.setContents(name, dir.contents(name)!.slice(0, 500));
      else {
        // The first record's link length, one more: the records no longer end where they should.
        const bytes = dir.contents(name)!;
        const rows = new DataView(bytes.buffer, bytes.byteOffset).getUint32(96, true);
        bytes[96 + 24 + rows * 9]! += 1;
        dir.setContents(name, bytes);
      }
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const { b, index, loaded } = await loadFrom(dir, dbName);
      expect(loaded).toMatchObject({
        source: 'rebuild',
        staleReason:
          damage === 'records'
            ? 'index text unreadable, or the index changed while it loaded'
            : 'index snapshot unreadable',
      });
      expect(index.liveCount()).toBe(160);
      await b.init();
      expect(await answers(b)).toEqual(before);
      info.mockRestore();
    }
  });
});
