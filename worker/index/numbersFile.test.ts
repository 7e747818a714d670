import { describe, expect, it } from 'vitest';
import { FakeChunkDir } from '../search/fakeOpfs';
import {
  collectNumberFiles,
  decodeNumbers,
  numberFile,
  writeNumberFile,
  type NumberFileBytes,
  type NumberFiles,
} from './numbersFile';
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
