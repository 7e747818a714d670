/**
 * Upkeep of the text store and the search index (textIndex.ts hands it both): merging pending
 * postings and compacting dead texts, along a burst by a geometric rule and once writes pause.
 * Compaction renumbers slots, so the search index is always merged with its remap in the same
 * step. The text index decides when upkeep may run (`between`: between syncs, queue empty).
 */
import type { SearchIndex } from './searchIndex';
import type { TextStore } from './textStore';

/** Pending postings worth an idle merge, and the pause that counts as idle. */
const IDLE_MERGE_MIN = 50_000;
const IDLE_MERGE_MS = 400;
/**
 * An idle merge rewrites the whole index, so its cost grows with the account (~0.3 s per 100k
 * articles): the pause it waits for grows with it, to this many times the last merge's duration.
 * A burst's short gaps (seeding 600k items: one merge per feed, 75 s of 449 in a CPU profile,
 * and more the larger the index) then leave merging to the burst's own geometric rule
 * (`maintain`), and the compact form still follows the first real pause.
 */
const IDLE_MERGE_COST_FACTOR = 4;

/** How long writes must pause before an idle merge, after a merge that took `lastMergeMs`. */
export function idleMergeWait(lastMergeMs: number): number {
  return Math.max(IDLE_MERGE_MS, Math.ceil(IDLE_MERGE_COST_FACTOR * lastMergeMs));
}
/** Dead text bytes below which an idle compaction is not worth its merge. */
const IDLE_COMPACT_MIN_BYTES = 1 << 20;
/**
 * With the texts in files, dead bytes cost disk, not memory (the heap keeps ~80 bytes of slot
 * tables and postings per deleted article): an idle compaction then waits for this share of the
 * store to be dead. It rewrites every live text and merges the whole index: at 1M articles
 * ~6 s of a core (the bench's scroll profile), which 5 MB of a refresh's deleted articles had
 * set off against a 700 MB store.
 */
const IDLE_COMPACT_FILE_SHARE = 1 / 16;

export class TextUpkeep {
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** How long the last merge of the search index took, ms (see `idleMergeWait`). */
  private lastMergeMs = 0;
  private closed = false;

  constructor(
    private readonly store: TextStore,
    private readonly search: SearchIndex,
    private readonly between: (fn: () => void) => void,
    /** Resolves when the reader's input pauses (an idle merge is one long step: it waits). */
    private readonly quiet: () => Promise<void> = () => Promise.resolve(),
    /**
     * Called after an idle merge, so its result is stored (the engine schedules a snapshot
     * write). Nothing else writes after one: no items changed, so a start that restored the
     * unmerged tail merged it again, and at 1M articles each start after the seeding spent
     * ~0.5 s of a core on the same merge, sometimes inside the next page's start (a worker in a
     * long task outlives its page by up to 2 s).
     */
    private readonly merged: () => void = () => {},
  ) {}

  /** During a burst: compacts at a third dead, merges when pending postings outgrow the index. */
  maintain(): void {
    const remap = this.store.compact();
    if (remap) this.timedMerge(remap);
    else if (this.search.pendingSize() > Math.max(100_000, this.search.mainBytes() / 3)) this.timedMerge();
    this.scheduleIdleMerge();
  }

  /** Merges the search index (with a compaction's remap, if any) and notes how long it took. */
  timedMerge(remap?: Parameters<SearchIndex['merge']>[0]): void {
    const start = performance.now();
    this.search.merge(remap);
    this.lastMergeMs = performance.now() - start;
  }

  /** No idle merge after this (the engine closed). */
  close(): void {
    this.closed = true;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  // Unmerged postings cost ~3 bytes each against ~1 merged (pendingPostings.ts), and a search
  // walks each term's pending chain beside its merged list: once writes pause, fold them in, so
  // memory between bursts is the compact form. Likewise texts of deleted items
  // (a feed unsubscribed, retention): during a burst the store compacts only at one third dead,
  // but once writes pause 1 MiB is enough, so deleted articles do not keep their memory.
  // Cost: one merge (~0.3 s per 100k articles) per pause, only when enough is owed to matter,
  // and only after a pause of `idleMergeWait` (longer as merges grow longer).
  private scheduleIdleMerge(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.closed || (this.search.pendingSize() < IDLE_MERGE_MIN && !this.idleCompactOwed())) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      // A timer left after the engine closed only merges memory. The merge is one step of up to
      // seconds, so it starts only once the reader's input pauses; a burst resuming meanwhile
      // reschedules it (maintain), and the check below finds nothing owed after a burst merge.
      void this.quiet().then(() => {
        if (this.closed || this.idleTimer !== null) return;
        this.between(() => {
          if (this.idleCompactOwed()) this.timedMerge(this.store.compact(true));
          else if (this.search.pendingSize() >= IDLE_MERGE_MIN) this.timedMerge();
          else return;
          this.merged();
        });
      });
    }, idleMergeWait(this.lastMergeMs));
  }

  // Dead texts worth reclaiming at a pause: 1 MiB (~1,000 deleted articles) in memory, a
  // sixteenth of the store in files (IDLE_COMPACT_FILE_SHARE). A tenth of the store was the bar
  // before, which let a 100k account keep ~10 MB of deleted texts (plus their
  // postings and slack slots) for good after a few feeds came and went; the compaction this
  // asks for instead costs ~0.3 s per 100k articles, once per pause after such a deletion.
  private idleCompactOwed(): boolean {
    const { live, dead } = this.store.bytes();
    const share = this.store.chunks.kind === 'file' ? (live + dead) * IDLE_COMPACT_FILE_SHARE : 0;
    return dead >= Math.max(IDLE_COMPACT_MIN_BYTES, share);
  }
}
