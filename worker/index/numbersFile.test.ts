import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS } from '../db/meta';
import type { Engine } from '../engine';
import { FakeChunkDir } from '../search/fakeOpfs';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { seedEngine } from '../testing/seed';
import { MetaIndex } from './metaIndex';
import {
  collectNumberFiles,
  decodeNumbers,
  numberFile,
  isPointer,
  writeNumberFile,
  type NumberFileBytes,
  type NumberFiles,
} from './numbersFile';
import { loadIndex } from './snapshot';
import { writeSnapshot } from './snapshotWrite';
import { SNAPSHOT_FORMAT, packNumbers, type PackedSnapshot } from './snapshotFormat';

function snapshot(wide: boolean): PackedSnapshot {
  const n = 5;
  const big = wide ? 2 ** 40 : 0;
  return packNumbers(
    {
      ids: Float64Array.from({ length: n }, (_, i) => big + i + 1),
      feedIds: Int32Array.from({ length: n }, (_, i) => (wide ? 70_000 + i : i)),
      pubDates: Float64Array.from({ length: n }, (_, i) => (wide ? 2 ** 33 : 1_700_000_000) - i),
      flags: Uint8Array.from([0, 1, 2, 3, 1]),
      keyHashes: Uint32Array.from([9, 8, 7, 6, 2 ** 32 - 1]),
      tags: new Map([[big + 2, [4, 5]]]),
    },
    Int32Array.from([0, 1, 2, 3, 4]),
    42,
    'text-token',
  );
}

// A number file's bytes in one buffer (`numberFile`'s pieces put in place), as a read gets them.
function encodeNumbers(s: PackedSnapshot, token: string): Uint8Array {
  const { size, pieces } = numberFile(s, token);
  const out = new Uint8Array(size);
  for (const { at, bytes } of pieces) out.set(bytes, at);
  return out;
}

// The bytes of number file `token`, or null when there is none.
async function readNumberFile(files: NumberFiles, token: string): Promise<Uint8Array | null> {
  const file = await files.dir.open(files.prefix + token, false);
  if (!file) return null;
  const bytes = new Uint8Array(file.getSize());
  file.read(bytes, { at: 0 });
  file.close();
  return bytes;
}

// `bytes` as a file of one piece.
const whole = (bytes: Uint8Array): NumberFileBytes => ({ size: bytes.length, pieces: [{ at: 0, bytes }] });

// A file's read: the bytes at `at`, as many as fit.
const pieceByPiece =
  (bytes: Uint8Array) =>
  (buffer: Uint8Array, { at }: { at: number }) => {
    const part = bytes.subarray(at, at + buffer.byteLength);
    buffer.set(part);
    return part.byteLength;
  };

// `bytes` read as a number file.
const decode = (bytes: Uint8Array, token: string, counter: number) =>
  decodeNumbers({ getSize: () => bytes.length, read: pieceByPiece(bytes) }, token, counter);

const COLUMNS = ['ids', 'feedIds', 'pubDates', 'flags', 'keyHashes', 'order', 'tagItems', 'tagIds'] as const;

describe('number file bytes', () => {
  // Stored narrow or wide, the columns come back in the types they were stored in, which the
  // index keeps as they are (narrowColumns.ts).
  it.each([false, true])('decode gives back every column in its stored type (wide: %s)', (wide) => {
    const s = snapshot(wide);
    const bytes = encodeNumbers(s, 'tok-1');
    const decoded = decode(bytes, 'tok-1', 42);
    expect(decoded).not.toBeNull();
    for (const name of COLUMNS) {
      expect(decoded![name].constructor).toBe(s[name].constructor);
      expect(Array.from(decoded![name])).toEqual(Array.from(s[name]));
    }
    expect(decoded!.ids).toBeInstanceOf(wide ? Float64Array : Uint32Array);
    expect(decoded!.pubDates).toBeInstanceOf(wide ? Float64Array : Int32Array);
  });

  it('large narrow columns come back whole and narrow', () => {
    const n = 300_000;
    const s = packNumbers(
      {
        ids: Float64Array.from({ length: n }, (_, i) => i + 1),
        feedIds: Int32Array.from({ length: n }, (_, i) => i % 1000),
        pubDates: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 - i),
        flags: new Uint8Array(n),
        keyHashes: new Uint32Array(n),
        tags: new Map(),
      },
      Int32Array.from({ length: n }, (_, i) => i),
      7,
      'text-token',
    );
    expect(s.ids).toBeInstanceOf(Uint32Array);
    const decoded = decode(encodeNumbers(s, 'tok'), 'tok', 7)!;
    expect(decoded.ids).toBeInstanceOf(Uint32Array);
    expect(decoded.feedIds).toBeInstanceOf(Uint16Array);
    expect(decoded.pubDates).toBeInstanceOf(Int32Array);
    expect(decoded.ids[n - 1]).toBe(n);
    expect(decoded.feedIds[n - 1]).toBe((n - 1) % 1000);
    expect(decoded.pubDates[n - 1]).toBe(1_700_000_000 - (n - 1));
    expect(Array.from(decoded.ids.subarray(65_530, 65_540))).toEqual(
      Array.from(s.ids.subarray(65_530, 65_540)),
    );
  });

  it('a file that reads short is refused', () => {
    const bytes = encodeNumbers(snapshot(false), 'tok-1');
    const short = {
      getSize: () => bytes.length,
      read: (b: Uint8Array, o: { at: number }) => Math.min(1, pieceByPiece(bytes)(b, o)),
    };
    expect(decodeNumbers(short, 'tok-1', 42)).toBeNull();
  });

  it('refuses bytes of another write, counter or format, and cut or padded bytes', () => {
    const bytes = encodeNumbers(snapshot(false), 'tok-1');
    expect(decode(bytes, 'tok-2', 42)).toBeNull();
    expect(decode(bytes, 'tok-1', 43)).toBeNull();
    expect(decode(bytes.slice(0, bytes.length - 8), 'tok-1', 42)).toBeNull();
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes);
    expect(decode(padded, 'tok-1', 42)).toBeNull();
    const otherFormat = bytes.slice();
    new DataView(otherFormat.buffer).setUint32(4, SNAPSHOT_FORMAT - 1, true);
    expect(decode(otherFormat, 'tok-1', 42)).toBeNull();
    const noMagic = bytes.slice();
    noMagic[0] = 0;
    expect(decode(noMagic, 'tok-1', 42)).toBeNull();
    expect(decode(new Uint8Array(10), 'tok-1', 42)).toBeNull();
    // A row count that promises more than the file holds.
    const moreRows = bytes.slice();
    new DataView(moreRows.buffer).setUint32(16, 1_000_000, true);
    expect(decode(moreRows, 'tok-1', 42)).toBeNull();
  });
});

describe('number files', () => {
  const files = (): NumberFiles & { dir: FakeChunkDir } => ({ dir: new FakeChunkDir(), prefix: 'db.' });

  it('a written file reads back whole, and stays locked until the caller unlocks it', async () => {
    const f = files();
    const bytes = encodeNumbers(snapshot(false), 't1');
    expect(await writeNumberFile(f, 't1', whole(bytes))).toBe('db.t1');
    expect(await f.dir.held()).toEqual(new Set(['db.t1']));
    f.dir.unlock('db.t1');
    expect(await readNumberFile(f, 't1')).toEqual(bytes);
    expect(await readNumberFile(f, 'absent')).toBeNull();
    // Written from its pieces (the columns in place, not one assembled buffer): the same bytes.
    for (const wide of [false, true]) {
      const s = snapshot(wide);
      expect(await writeNumberFile(f, 't2', numberFile(s, 't2'))).toBe('db.t2');
      f.dir.unlock('db.t2');
      expect(await readNumberFile(f, 't2')).toEqual(encodeNumbers(s, 't2'));
      expect(Array.from(decode((await readNumberFile(f, 't2'))!, 't2', s.counter)!.ids)).toEqual(
        Array.from(s.ids),
      );
    }
  });

  it('a file another tab is writing (its name locked) is not written over', async () => {
    const f = files();
    await f.dir.lock('db.t1');
    expect(await writeNumberFile(f, 't1', whole(new Uint8Array(8)))).toBeNull();
  });

  it('clean-up keeps the named file and locked ones, removes the rest of this database only', async () => {
    const f = files();
    for (const t of ['a', 'b', 'c', 'd']) {
      await writeNumberFile(f, t, whole(new Uint8Array(8)));
      f.dir.unlock(`db.${t}`);
    }
    await f.dir.open('other.x', true);
    await f.dir.lock('db.c');
    expect(await collectNumberFiles(f, () => Promise.resolve(['db.b']))).toBe(2);
    expect([...f.dir.files.keys()].sort()).toEqual(['db.b', 'db.c', 'other.x']);
  });
});

describe('index snapshot with number files', () => {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
    vi.restoreAllMocks();
  });
  const make = (dir: FakeChunkDir, dbName?: string): Engine => {
    const e = createTestEngine({ numberFiles: dir, ...(dbName ? { dbName } : {}) });
    engines.push(e);
    return e;
  };
  const seeded = async (dir: FakeChunkDir) => {
    const a = make(dir);
    await a.init();
    await seedEngine(a, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 40, seed: 7 });
    return { a, dbName: internalsOf(a).db.dexie.name };
  };
  const stored = async (e: Engine): Promise<unknown> =>
    (
      await internalsOf(e)
        .db.dexie.table<{ key: string; value: unknown }, string>('meta')
        .get(META_KEYS.indexSnapshot)
    )?.value;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  // Opens `dbName` in another engine and loads its snapshot into `index`, files read from `dir`.
  const loadFrom = async (dir: FakeChunkDir, dbName: string, index = new MetaIndex()) => {
    const b = make(dir, dbName);
    await internalsOf(b).db.open();
    const loaded = await loadIndex(internalsOf(b).db, index, { files: { dir, prefix: `${dbName}.` } });
    return { b, loaded };
  };

  it('the record names a file holding the columns; the next start reads it and answers the same', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    expect(await a.flushSnapshot()).toBe(true);
    const record = await stored(a);
    expect(isPointer(record)).toBe(true);
    const { file, textToken } = record as { file: string; textToken: string };
    // Beside it, the text file the text record names (textFile.ts).
    expect([...dir.files.keys()].sort()).toEqual([`${dbName}.${file}`, `${dbName}.text.${textToken}`].sort());
    expect(await dir.held()).toEqual(new Set());
    const counts = await a.counts();
    const unread = await a.state.unreadIds();
    const page = await a.items.page({ scope: 'all', limit: 30 });
    a.close();
    const { b, loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    const read = dir.bytesRead;
    await b.init();
    expect(dir.bytesRead).toBeGreaterThan(read);
    expect(await b.counts()).toEqual(counts);
    expect(await b.state.unreadIds()).toEqual(unread);
    expect(await b.items.page({ scope: 'all', limit: 30 })).toEqual(page);
  });

  it('a snapshot in files an ingest left behind: a deferred start reads the files, then the new articles', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    expect(await a.flushSnapshot()).toBe(true);
    const feedId = (await a.feeds.list())[0]!.id;
    const late = [
      incoming({ guid: 'late', title: 'Late', pubDate: 2_000_000_000 }),
      incoming({ guid: 'later', title: 'Later', pubDate: 2_000_000_001 }),
    ];
    expect((await a.items.ingest(feedId, late)).added.length).toBe(2);
    const counts = await a.counts();
    const page = await a.items.page({ scope: 'all', limit: 30 });
    a.close(); // before the snapshot's write
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const b = createTestEngine({ numberFiles: dir, dbName, deferIndex: true, countCheckDelayMs: 3_600_000 });
    engines.push(b);
    const read = dir.bytesRead;
    await b.init();
    expect(await b.counts()).toEqual(counts);
    expect(await b.items.page({ scope: 'all', limit: 30 })).toEqual(page);
    expect(dir.bytesRead).toBeGreaterThan(read);
    expect(info).not.toHaveBeenCalledWith(expect.stringContaining('rebuilt'));
    // The new rows' key hashes are in beside the file's: the same articles again are no news.
    expect((await b.items.ingest(feedId, late)).added).toEqual([]);
    expect((await b.counts()).items).toBe(counts.items);
  });

  it('each write makes a new file and the older ones go', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const first = (await stored(a)) as { file: string };
    const id = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await a.state.markRead([id], true);
    await a.flushSnapshot();
    const second = (await stored(a)) as { file: string };
    expect(second.file).not.toBe(first.file);
    // The older file goes in the background (a read of the record first): wait for it. The text
    // file stays: a change of flags keeps the text.
    await vi.waitFor(() =>
      expect([...dir.files.keys()].sort()).toEqual(
        [
          `${dbName}.${second.file}`,
          `${dbName}.text.${(first as { textToken: string } & typeof first).textToken}`,
        ].sort(),
      ),
    );
  });

  it('a write with nothing changed since the last one (a tab hidden again) stores nothing new', async () => {
    const dir = new FakeChunkDir();
    const { a } = await seeded(dir);
    await a.flushSnapshot();
    const first = (await stored(a)) as { file: string };
    const files = [...dir.files.keys()];
    expect(await a.flushSnapshot()).toBe(true);
    expect(((await stored(a)) as { file: string }).file).toBe(first.file);
    expect([...dir.files.keys()]).toEqual(files);
    // A starred article is a change: the next write stores it.
    const id = (await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await a.state.markSaved([id], true);
    await a.flushSnapshot();
    expect(((await stored(a)) as { file: string }).file).not.toBe(first.file);
  });

  it('clear all removes the number and text files', async () => {
    const dir = new FakeChunkDir();
    const { a } = await seeded(dir);
    await a.flushSnapshot();
    expect(dir.files.size).toBe(2); // the numbers' and the text's
    await a.clearAll();
    expect(dir.files.size).toBe(0);
    expect(await a.counts()).toMatchObject({ items: 0 });
  });

  it('a missing or foreign file is an unreadable snapshot: the index is rebuilt, nothing lost', async () => {
    for (const damage of ['remove', 'foreign'] as const) {
      const dir = new FakeChunkDir();
      const { a, dbName } = await seeded(dir);
      await a.flushSnapshot();
      const unread = await a.state.unreadIds();
      const name = `${dbName}.${((await stored(a)) as { file: string }).file}`;
      a.close();
      if (damage === 'remove') dir.files.delete(name);
      else {
        const bytes = dir.contents(name)!;
        bytes[40] = bytes[40]! ^ 1; // the token in the header
        dir.setContents(name, bytes);
      }
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const index = new MetaIndex();
      const { b, loaded } = await loadFrom(dir, dbName, index);
      expect(loaded).toMatchObject({ source: 'rebuild', staleReason: 'index snapshot unreadable' });
      expect(index.liveCount()).toBe(160);
      await b.init();
      expect(await b.state.unreadIds()).toEqual(unread);
      info.mockRestore();
    }
  });

  it('a file removed by a newer write is found again through the newer record', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const files = { dir, prefix: `${dbName}.` };
    const db = internalsOf(a).db;
    // The reader has read the record; then another write replaces the file and removes the old.
    const open = dir.open.bind(dir);
    let swapped = false;
    vi.spyOn(dir, 'open').mockImplementation(async (name, create) => {
      if (!swapped && !create) {
        swapped = true;
        // Another tab's index of the same items (it has written nothing yet, so it writes).
        const other = new MetaIndex();
        other.load((internalsOf(a).index as MetaIndex).columns());
        await writeSnapshot(db, other, internalsOf(a).context.applied.counter, files);
        // The old file goes in the background: one timer turn was not always enough under load.
        await vi.waitFor(() => expect(dir.files.has(name)).toBe(false));
      }
      return open(name, create);
    });
    const index = new MetaIndex();
    const loaded = await loadIndex(db, index, { files });
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(index.liveCount()).toBe(160);
  });

  it('a write whose counter moved on stores nothing and leaves no file', async () => {
    const dir = new FakeChunkDir();
    const { a, dbName } = await seeded(dir);
    await a.flushSnapshot();
    const before = [...dir.files.keys()];
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'late', pubDate: 2_000_000_000 })]);
    const files = { dir, prefix: `${dbName}.` };
    const { index, context } = internalsOf(a);
    expect(
      await writeSnapshot(internalsOf(a).db, index as MetaIndex, context.applied.counter - 1, files),
    ).toBe(false);
    await settle();
    expect([...dir.files.keys()]).toEqual(before);
    expect(await dir.held()).toEqual(new Set());
  });

  it('without a folder the record keeps the columns, and a start with a folder reads it as before', async () => {
    const dir = new FakeChunkDir();
    const a = createTestEngine({ numberFiles: null });
    engines.push(a);
    await a.init();
    await seedEngine(a, { groups: 1, feedsPerGroup: 2, itemsPerFeed: 10, seed: 3 });
    await a.flushSnapshot();
    const record = await stored(a);
    expect(isPointer(record)).toBe(false);
    expect((record as PackedSnapshot).ids.length).toBe(20);
    const dbName = internalsOf(a).db.dexie.name;
    a.close();
    const { loaded } = await loadFrom(dir, dbName);
    expect(loaded).toMatchObject({ source: 'snapshot', staleReason: null });
    expect(dir.files.size).toBe(0);
  });
});
