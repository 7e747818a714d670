/**
 * Where a needle (UTF-8 bytes) occurs in a chunk of text bytes: the inner loop of
 * `TextStore.matches`, i.e. of every `description LIKE` that is not answered from a cache.
 *
 * Two ways, the same answers (byteFinder.test.ts holds them to a plain search):
 * - `wasmFinder`: a WebAssembly SIMD loop (byteScan.wat) that keeps, sixteen starts at a time,
 *   only those where the needle's two rarest bytes match, then compares those in full. Why not
 *   JS alone: in Node over 200 MB of generated English text, the `indexOf` loop below ran at
 *   ~2.4 GB/s and this one at ~8 GB/s (~5.7 GB/s with the copy of each chunk into the module's
 *   memory); Chromium's `Uint8Array.indexOf` ran at ~1.4 GB/s over the 1M-article store.
 * - `indexOfFinder`: the native `indexOf` on the needle's rarest byte, then a compare. Used where
 *   WebAssembly SIMD cannot run (an engine without it, or a page whose Content-Security-Policy
 *   forbids compiling WebAssembly).
 */
import { BYTE_SCAN_WASM } from './byteScanWasm';

/** A needle's search over one chunk at a time. */
export interface ByteFinder {
  /** Searches `hay` from now on (a view the caller keeps unchanged until the next `load`). */
  load(hay: Uint8Array): void;
  /** Start of the first whole occurrence at or after `from`, or -1. */
  next(from: number): number;
}

/** The needle's position whose byte is rarest by `histogram` (byte → count), first on ties. */
function rarest(pat: Uint8Array, histogram: ArrayLike<number>, except = -1): number {
  let best = -1;
  for (let i = 0; i < pat.length; i++)
    if (i !== except && (best < 0 || (histogram[pat[i]!] ?? 0) < (histogram[pat[best]!] ?? 0))) best = i;
  return best;
}

/** `ByteFinder` by `indexOf` on the needle's rarest byte. `pat` must not be empty. */
export function indexOfFinder(pat: Uint8Array, histogram: ArrayLike<number>): ByteFinder {
  const pivot = rarest(pat, histogram);
  const key = pat[pivot]!;
  const m = pat.length;
  let hay: Uint8Array = new Uint8Array(0);
  return {
    load(bytes) {
      hay = bytes;
    },
    next(from) {
      const end = hay.length;
      for (let p = hay.indexOf(key, from + pivot); p !== -1; p = hay.indexOf(key, p + 1)) {
        const at = p - pivot;
        if (at + m > end) return -1;
        let i = 0;
        while (i < m && hay[at + i] === pat[i]) i++;
        if (i === m) return at;
      }
      return -1;
    },
  };
}

interface ScanExports {
  memory: WebAssembly.Memory;
  find(pat: number, m: number, p1: number, p2: number, from: number, end: number): number;
}

const PAGE = 65_536;
// undefined: not tried yet; null: cannot run here.
let scanModule: WebAssembly.Module | null | undefined;

/** The compiled scan module, or null where WebAssembly SIMD cannot be compiled. */
function compiledScan(): WebAssembly.Module | null {
  if (scanModule !== undefined) return scanModule;
  scanModule = null;
  try {
    // validate() is false on an engine without SIMD; the compile throws when a CSP forbids it.
    if (typeof WebAssembly === 'object' && WebAssembly.validate(BYTE_SCAN_WASM))
      scanModule = new WebAssembly.Module(BYTE_SCAN_WASM);
  } catch {
    scanModule = null;
  }
  return scanModule;
}

/**
 * `ByteFinder` by the SIMD scan, or null where it cannot run. Each finder has its own instance
 * (its memory holds the needle, then a copy of the loaded chunk), dropped with the finder.
 */
export function wasmFinder(pat: Uint8Array, histogram: ArrayLike<number>): ByteFinder | null {
  const module = compiledScan();
  if (!module || pat.length === 0) return null;
  const scan = new WebAssembly.Instance(module).exports as unknown as ScanExports;
  const a = rarest(pat, histogram);
  const b = pat.length > 1 ? rarest(pat, histogram, a) : a;
  const p1 = Math.min(a, b);
  const p2 = Math.max(a, b);
  const m = pat.length;
  // The needle at 0, the chunk from the next multiple of 16.
  const base = (m + 15) & ~15;
  let end = base;
  const fit = (bytes: number): void => {
    const short = bytes - scan.memory.buffer.byteLength;
    if (short > 0) scan.memory.grow(Math.ceil(short / PAGE));
  };
  fit(base);
  new Uint8Array(scan.memory.buffer).set(pat, 0);
  return {
    load(hay) {
      fit(base + hay.length);
      new Uint8Array(scan.memory.buffer).set(hay, base);
      end = base + hay.length;
    },
    next(from) {
      const at = scan.find(0, m, p1, p2, base + Math.max(0, from), end);
      return at < 0 ? -1 : at - base;
    },
  };
}

/** Which search `byteFinder` gives in this runtime. */
export function finderKind(): 'simd' | 'indexOf' {
  return compiledScan() ? 'simd' : 'indexOf';
}

/** The fastest `ByteFinder` this runtime allows for `pat` (not empty). */
export function byteFinder(pat: Uint8Array, histogram: ArrayLike<number>): ByteFinder {
  return wasmFinder(pat, histogram) ?? indexOfFinder(pat, histogram);
}
