import { describe, expect, it } from 'vitest';
import { readingThrough } from './chunkDir';
import { READ_STEP, readThrough } from './readThrough';

/** A file of `bytes` that records the size of every read asked of it. */
function fakeFile(bytes: Uint8Array) {
  const reads: number[] = [];
  return {
    reads,
    read(buffer: Uint8Array, { at }: { at: number }): number {
      reads.push(buffer.length);
      const part = bytes.subarray(Math.min(at, bytes.length), Math.min(at + buffer.length, bytes.length));
      buffer.set(part);
      return part.length;
    },
  };
}

/** Where `a` and `b` first differ (-1: same length and bytes). `toEqual` took seconds on MiB arrays. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

const pattern = (n: number): Uint8Array => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * 31 + (i >> 8)) & 255;
  return out;
};

describe('readThrough', () => {
  it('reads a span of several steps into place, in reads of at most one step', () => {
    const bytes = pattern(3 * READ_STEP + 12_345);
    const file = fakeFile(bytes);
    const into = new Uint8Array(2 * READ_STEP + 777);
    expect(readThrough(file, into, 1000)).toBe(into.length);
    expect(firstDifference(into, bytes.subarray(1000, 1000 + into.length))).toBe(-1);
    expect(file.reads).toEqual([READ_STEP, READ_STEP, 777]);
  });

  it('stops where the file ends and says how much it read, leaving the rest as it was', () => {
    const bytes = pattern(READ_STEP + 500);
    const file = fakeFile(bytes);
    const into = new Uint8Array(2 * READ_STEP).fill(7);
    expect(readThrough(file, into, 100)).toBe(READ_STEP + 400);
    expect(firstDifference(into.subarray(0, READ_STEP + 400), bytes.subarray(100))).toBe(-1);
    expect(into.subarray(READ_STEP + 400).findIndex((b) => b !== 7)).toBe(-1);
  });

  it('reads a span under one step straight into place', () => {
    const bytes = pattern(5000);
    const file = fakeFile(bytes);
    const into = new Uint8Array(300);
    expect(readThrough(file, into, 4800)).toBe(200);
    expect(firstDifference(into.subarray(0, 200), bytes.subarray(4800))).toBe(-1);
    expect(file.reads).toEqual([300]);
  });

  it('reads into a view inside a larger buffer without writing outside it', () => {
    const bytes = pattern(READ_STEP + 64);
    const file = fakeFile(bytes);
    const whole = new Uint8Array(READ_STEP + 256).fill(9);
    const view = whole.subarray(100, 100 + READ_STEP + 64);
    expect(readThrough(file, view, 0)).toBe(view.length);
    expect(firstDifference(view, bytes)).toBe(-1);
    expect(whole.subarray(0, 100).findIndex((b) => b !== 9)).toBe(-1);
    expect(whole.subarray(100 + view.length).findIndex((b) => b !== 9)).toBe(-1);
  });
});

describe('readingThrough (the files opfsChunkDir hands out)', () => {
  it('reads large spans in steps and passes every other call to the file as it is', () => {
    const bytes = pattern(READ_STEP + 10);
    const calls: string[] = [];
    const inner = {
      ...fakeFile(bytes),
      write: (buffer: Uint8Array, { at }: { at: number }) => (calls.push(`write ${buffer.length}@${at}`), 3),
      getSize: () => (calls.push('getSize'), 42),
      truncate: (size: number) => void calls.push(`truncate ${size}`),
      flush: () => void calls.push('flush'),
      close: () => void calls.push('close'),
    };
    const file = readingThrough(inner);
    const into = new Uint8Array(READ_STEP + 10);
    expect(file.read(into, { at: 0 })).toBe(into.length);
    expect(firstDifference(into, bytes)).toBe(-1);
    expect(inner.reads).toEqual([READ_STEP, 10]);
    expect(file.write(new Uint8Array(5), { at: 7 })).toBe(3);
    expect(file.getSize()).toBe(42);
    file.truncate(9);
    file.flush();
    file.close();
    expect(calls).toEqual(['write 5@7', 'getSize', 'truncate 9', 'flush', 'close']);
  });
});
