import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { WASM_MODULES, compileWat } from '../../scripts/lib/wasm.mjs';
import { indexOfFinder, wasmFinder, type ByteFinder } from './byteFinder';
import { BYTE_SCAN_WASM } from './byteScanWasm';

const enc = new TextEncoder();

/** Every start of `pat` in `hay` found by repeated `next`, each search from one past the last. */
function all(finder: ByteFinder, hay: Uint8Array, from = 0): number[] {
  finder.load(hay);
  const out: number[] = [];
  for (let p = finder.next(from); p >= 0; p = finder.next(p + 1)) out.push(p);
  return out;
}

/** The same, written out by hand. */
function plain(pat: Uint8Array, hay: Uint8Array, from = 0): number[] {
  const out: number[] = [];
  for (let s = Math.max(0, from); s + pat.length <= hay.length; s++) {
    let i = 0;
    while (i < pat.length && hay[s + i] === pat[i]) i++;
    if (i === pat.length) out.push(s);
  }
  return out;
}

const wasm = (pat: Uint8Array, histogram: ArrayLike<number>): ByteFinder => {
  const finder = wasmFinder(pat, histogram);
  if (!finder) throw new Error('WebAssembly SIMD is missing in this Node');
  return finder;
};
const finders = { wasm, indexOf: indexOfFinder };

describe('byte finders', () => {
  it('embeds the binary of byteScan.wat as it is now (run `node scripts/wasm.mjs` after an edit)', async () => {
    const scan = WASM_MODULES.find((m) => m.name === 'BYTE_SCAN_WASM')!;
    const built = await compileWat(join(__dirname, '..', '..', scan.wat));
    expect(Array.from(BYTE_SCAN_WASM)).toEqual(Array.from(built));
  });

  it('falls back to indexOf where WebAssembly cannot be compiled (a CSP without wasm-unsafe-eval), and the store still finds every text', async () => {
    vi.resetModules();
    const compile = vi.spyOn(WebAssembly, 'Module').mockImplementation(() => {
      throw new WebAssembly.CompileError('Refused to compile or instantiate WebAssembly module');
    });
    try {
      const fresh = await import('./byteFinder');
      const { TextStore } = await import('./textStore');
      expect(fresh.finderKind()).toBe('indexOf');
      expect(fresh.wasmFinder(enc.encode('ab'), new Float64Array(256))).toBeNull();
      const store = new TextStore();
      for (let id = 1; id <= 50; id++) store.put(id, id % 7 === 0 ? `${id} a zeppelin here` : `${id} plain`);
      expect(store.scanKind()).toBe('indexOf');
      const map = store.matches('zeppelin');
      expect([...map.keys()].filter((s) => map[s] === 1).map((s) => store.idOf(s))).toEqual([
        7, 14, 21, 28, 35, 42, 49,
      ]);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
      vi.resetModules();
    }
  });

  describe.each(Object.entries(finders))('%s', (_, make) => {
    it('finds every occurrence, at the edges of a chunk and of its sixteen-byte blocks too', () => {
      const hay = enc.encode(`abcab${'x'.repeat(40)}abc${'y'.repeat(13)}abc`);
      const pat = enc.encode('abc');
      const hist = new Float64Array(256);
      expect(all(make(pat, hist), hay)).toEqual(plain(pat, hay));
      expect(all(make(pat, hist), hay, 1)).toEqual(plain(pat, hay, 1));
      expect(all(make(enc.encode('c'), hist), hay)).toEqual(plain(enc.encode('c'), hay));
      expect(all(make(enc.encode('yabc'), hist), hay)).toEqual([hay.length - 4]);
      expect(all(make(enc.encode('abcaby'), hist), hay)).toEqual([]);
    });

    it('never finds what a longer chunk before left past the end of this one', () => {
      const pat = enc.encode('zeppelin');
      const finder = make(pat, new Float64Array(256));
      const long = new Uint8Array(100).fill(0x61);
      long.set(pat, 92);
      for (const end of [100, 99, 95, 92, 91, 80, 79]) {
        // Loaded again each time: the previous bytes stay in memory beyond the new end. Every
        // start offset, so every way the sixteen-byte blocks can fall against the end is met.
        finder.load(long);
        finder.load(long.subarray(0, end));
        for (let from = 0; from <= end; from++)
          expect([end, from, finder.next(from)]).toEqual([end, from, end === 100 && from <= 92 ? 92 : -1]);
      }
    });

    it('finds nothing in a chunk shorter than the needle, or from past its end', () => {
      const finder = make(enc.encode('needle'), new Float64Array(256));
      finder.load(enc.encode('need'));
      expect(finder.next(0)).toBe(-1);
      finder.load(enc.encode('a needle'));
      expect(finder.next(3)).toBe(-1);
      expect(finder.next(100)).toBe(-1);
      expect(finder.next(2)).toBe(2);
    });

    it('agrees with a plain search on generated chunks, needles and histograms', () => {
      // A small alphabet makes partial matches, overlaps and repeats common.
      const bytes = (min: number, max: number) =>
        fc.array(fc.constantFrom(0x61, 0x62, 0x63, 0x20, 0xc3, 0xa9), { minLength: min, maxLength: max });
      fc.assert(
        fc.property(
          bytes(1, 6),
          bytes(0, 300),
          fc.array(fc.nat(1000), { minLength: 256, maxLength: 256 }),
          fc.nat(40),
          (p, h, hist, from) => {
            const pat = Uint8Array.from(p);
            const hay = Uint8Array.from(h);
            expect(all(make(pat, hist), hay, from)).toEqual(plain(pat, hay, from));
          },
        ),
        { numRuns: 500 },
      );
    });

    it('takes chunks of any size one after another, larger than its memory first held', () => {
      const pat = enc.encode('zeppelin');
      const finder = make(pat, new Float64Array(256));
      for (const size of [10, 200_000, 3, 70_000]) {
        const hay = new Uint8Array(size).fill(0x61);
        if (size >= 8) hay.set(pat, size - 8);
        expect(all(finder, hay)).toEqual(size >= 8 ? [size - 8] : []);
      }
    });
  });
});
