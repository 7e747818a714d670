/**
 * The byte search behind `description LIKE` (`TextStore.matches`), chunk by chunk, in one of two
 * ways per chunk:
 * - read the whole chunk and search it with the fastest `ByteFinder` (byteFinder.ts);
 * - when the caller knows which texts may hold the needle (`among`: the search index narrowed
 *   it, descriptionSource.ts), read just those texts one by one and search each.
 * Which is cheaper depends on where the chunks are: with OPFS files on disk one text cost ~4 µs
 * read and searched in Chromium (~17 µs while the files were out of the system's cache) and a
 * whole 1 MiB chunk ~0.3 ms; in a private window the files live in the browser's memory behind a
 * call to another process, and one small read cost ~0.4 ms, a chunk ~2 ms. So the store
 * measures both as it goes (`ScanCosts`) and picks per chunk: a chunk with no candidate is never
 * read, one with few is read text by text.
 */
import { firstTrue } from '../index/firstTrue';
import { byteFinder, indexOfFinder, type ByteFinder } from './byteFinder';
import { needleGrams, type ChunkGrams } from './chunkGrams';
import type { ChunkSpace } from './chunkSpace';

/** What the scan reads of the store (its live tables: read them, never change them). */
export interface ScanLayout {
  slots: number;
  chunkOf: Int32Array;
  start: Int32Array;
  len: Int32Array;
  alive: Uint8Array;
  space: ChunkSpace;
  grams: ChunkGrams;
  histogram: Float64Array;
}

// Before anything is measured: a text read and searched on its own, µs; a byte of a chunk read
// and searched whole, µs (OPFS on disk in Chromium, 1M articles). Each counts as PRIOR_MS of
// measurements, so a few milliseconds of real ones outweigh it (`performance.now()` is coarse
// in a worker: ~0.1 ms steps, so single reads cannot be timed, only runs of them).
const PRIOR_TEXT_US = 3;
const PRIOR_BYTE_US = 0.0003;
const PRIOR_MS = 0.5;
// Measurements kept: past these the older half is forgotten, so the costs follow changes (the
// files' bytes leaving or entering the system's cache changed a text read from ~4 to ~17 µs).
const KEPT_TEXTS = 4096;
const KEPT_BYTES = 64 << 20;
/**
 * One chunk in this many that would be read whole although its texts alone would cost at most
 * twice as much is read text by text anyway: the way not taken is measured again now and then
 * (a figure measured while the files were out of the cache would otherwise stand for good).
 */
const EXPLORE_EVERY = 32;

/** A cost per unit (µs) from runs of units timed together; past `keep` units the older half goes. */
class RunningCost {
  private ms: number;
  private units: number;

  /** Starts as PRIOR_MS of measurements at `priorUs` a unit. */
  constructor(
    priorUs: number,
    private readonly keep: number,
  ) {
    this.ms = PRIOR_MS;
    this.units = (PRIOR_MS * 1000) / priorUs;
  }
  get us(): number {
    return (this.ms * 1000) / this.units;
  }
  noted(units: number, ms: number): void {
    this.units += units;
    this.ms += ms;
    while (this.units > this.keep) {
      this.units /= 2;
      this.ms /= 2;
    }
  }
}

/** Running costs of the two ways to read, from what the scans took. */
export class ScanCosts {
  private readonly text = new RunningCost(PRIOR_TEXT_US, KEPT_TEXTS);
  private readonly byte = new RunningCost(PRIOR_BYTE_US, KEPT_BYTES);
  private close = 0;

  /** µs to read and search one text on its own. */
  get perText(): number {
    return this.text.us;
  }
  /** µs per byte to read and search a whole chunk. */
  get perByte(): number {
    return this.byte.us;
  }
  /** Whether to read `texts` texts one by one rather than `bytes` bytes whole (see EXPLORE_EVERY). */
  byText(texts: number, bytes: number): boolean {
    const byText = texts * this.perText;
    const whole = bytes * this.perByte;
    if (byText < whole) return true;
    return byText < 2 * whole && ++this.close % EXPLORE_EVERY === 0;
  }
  /** `n` texts were read one by one in `ms`. */
  notedTexts(n: number, ms: number): void {
    this.text.noted(n, ms);
  }
  /** `n` bytes of whole chunks were read and searched in `ms`. */
  notedBytes(n: number, ms: number): void {
    this.byte.noted(n, ms);
  }
}

/**
 * The match map by slot (1 = the live text holds `pat`, UTF-8 without a 0 byte, not empty).
 * `earlier`: a map of the same needle over the same numbering; its slots are kept (less those
 * removed since) and only later ones are searched. `among`: 1 for every slot that may hold the
 * needle (a superset of the matches); chunks without one are skipped.
 * Cost: per chunk searched, the cheaper of one read and search of the chunk and one of each
 * candidate text in it (`costs`, measured); plus the map's O(slots) (a zero fill) and, without
 * `among`, a walk over the slots; with it, O(candidates).
 */
export function scanMatches(
  t: ScanLayout,
  pat: Uint8Array,
  costs: ScanCosts,
  earlier?: Uint8Array,
  among?: Uint8Array,
): Uint8Array {
  const out = new Uint8Array(t.slots);
  const from = earlier ? Math.min(earlier.length, t.slots) : 0;
  for (let s = 0; s < from; s++) out[s] = (earlier![s] as number) & (t.alive[s] as number);
  if (from === t.slots) return out;
  const grams = needleGrams(pat);
  // Made on first use: a narrowed scan may read no chunk whole.
  let chunkFinder: ByteFinder | null = null;
  let textFinder: ByteFinder | null = null;
  const first = t.chunkOf[from] as number;
  // Searches chunk c, whose slots from `from` on are [slot, end), `marked` of them live candidates.
  const searchChunk = (c: number, slot: number, end: number, marked: number): void => {
    if (grams && !t.grams.mayHold(c, grams)) return;
    const began = performance.now();
    if (among && costs.byText(marked, t.space.usedOf(c))) {
      textFinder ??= indexOfFinder(pat, t.histogram);
      for (let s = slot; s < end; s++) {
        if (among[s] !== 1 || t.alive[s] !== 1) continue;
        textFinder.load(t.space.view(c, t.start[s] as number, t.len[s] as number));
        if (textFinder.next(0) >= 0) out[s] = 1;
      }
      costs.notedTexts(marked, performance.now() - began);
      return;
    }
    const chunk = t.space.chunk(c);
    if (!t.grams.known(c)) t.grams.fill(c, chunk);
    chunkFinder ??= byteFinder(pat, t.histogram);
    chunkFinder.load(chunk);
    // In the first chunk, the texts before `from` are `earlier`'s.
    let at = chunkFinder.next(c === first ? (t.start[from] as number) : 0);
    let s = slot;
    while (at >= 0) {
      while (s + 1 < end && (t.start[s + 1] as number) <= at) s++;
      if (t.alive[s] === 1) out[s] = 1;
      // Later matches in the same text add nothing: go on after its separator.
      at = chunkFinder.next((t.start[s] as number) + (t.len[s] as number) + 1);
    }
    costs.notedBytes(chunk.length, performance.now() - began);
  };
  if (among) {
    // Only the chunks of the candidates, found from them: the slots between are not walked
    // (O(candidates) beside the reads; the walk over every slot took ~0.7 ms a filter at 100k
    // articles in a Node probe, over half of a narrowed filter whose candidates were all sure).
    for (let s = among.indexOf(1, from); s >= 0 && s < t.slots;) {
      const c = t.chunkOf[s] as number;
      let marked = 0;
      for (; s >= 0 && s < t.slots && t.chunkOf[s] === c; s = among.indexOf(1, s + 1))
        if (t.alive[s] === 1) marked++;
      if (marked > 0) searchChunk(c, Math.max(from, firstSlotOf(t, c)), firstSlotOf(t, c + 1), marked);
    }
    return out;
  }
  const count = t.space.count();
  // Slots of one chunk are contiguous and in byte order: [slot, end) are chunk c's.
  let slot = from;
  for (let c = first; c < count; c++) {
    while (slot < t.slots && (t.chunkOf[slot] as number) < c) slot++;
    let end = slot;
    let live = 0;
    for (; end < t.slots && t.chunkOf[end] === c; end++) if (t.alive[end] === 1) live++;
    if (live > 0) searchChunk(c, slot, end, live);
  }
  return out;
}

// The first slot whose chunk is `c` or later (slots are in chunk order). O(log slots).
function firstSlotOf(t: ScanLayout, c: number): number {
  return firstTrue(t.slots, (slot) => (t.chunkOf[slot] as number) >= c);
}
