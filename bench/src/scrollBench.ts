/**
 * scroll (page side): mounts the list fed by the engine or by a static array, records frames
 * while the Node harness drives CDP `Input.synthesizeScrollGesture`, and, for the engine, keeps
 * a background refresh ingesting into a scratch feed meanwhile. Frames: a requestAnimationFrame
 * sampler (share of frame intervals over 25 ms) plus the Long Animation Frames and Long Tasks
 * observers (blocking ms).
 */
import type { IncomingItem, ItemRow } from '../../worker/types';
import { FEED_COUNT, asNewArticle, feedItems, feedTitle, firstItemId, type CorpusSpec } from '../corpus';
import { mountList, unmountList, type RowSource } from './scrollList';
import { corpus } from './seed';
import { frameOver } from './stats';
import { engineWorker } from './workers';
import { inputReporter } from '../../shared/inputReport';

/** What one scroll recording saw. */
export interface FrameReport {
  frames: number;
  over25: number;
  /** Sum over long animation frames of their blockingDuration. */
  loafBlockingMs: number;
  /** Sum over long tasks of (duration − 50 ms). */
  longTaskBlockingMs: number;
  /** Items the background refresh stored during the recording. */
  ingested: number;
}

class Listeners {
  private set = new Set<() => void>();
  subscribe = (fn: () => void) => {
    this.set.add(fn);
    return () => void this.set.delete(fn);
  };
  emit(): void {
    for (const fn of this.set) fn();
  }
}

/** Engine rows: keyset pages of 50 loaded in order (a virtual list scrolls through them in order). */
export function engineSource(count: number): RowSource {
  const engine = engineWorker();
  const pages: ItemRow[][] = [];
  let next: string | null = null;
  let loading = false;
  let wantedPage = 0;
  const listeners = new Listeners();
  const pump = async () => {
    if (loading) return;
    loading = true;
    try {
      while (pages.length <= wantedPage && (pages.length === 0 || next !== null)) {
        const page = await engine.items.page({ scope: 'all', cursor: next });
        pages.push(page.rows);
        next = page.next;
        listeners.emit();
      }
    } finally {
      loading = false;
    }
  };
  return {
    count,
    row: (i) => pages[Math.floor(i / 50)]?.[i % 50],
    want(_from, to) {
      wantedPage = Math.max(wantedPage, Math.floor(to / 50) + 1);
      void pump();
    },
    subscribe: listeners.subscribe,
    // As the app's list does (src/items/VirtualList.tsx → reportInput): scrolling tells the
    // engine, so its upkeep waits for a pause.
    input: inputReporter(() => void engine.interacting()),
  };
}

let staticRows: ItemRow[] | null = null;

/**
 * Drops what the scroll benchmark generated on the main thread, the anchor's in-memory rows and
 * the background refresh's items, before heap measurements: the harness's data, not the app's.
 */
export function releaseStatic(): void {
  staticRows = null;
  refreshBatch = null;
}

/**
 * The anchor keeps the newest rows only, as many as a gesture reaches and more (a 20k px gesture
 * passes ~260 rows of 76 px), and answers the whole corpus's count. Kept whole, the corpus's rows
 * sat on the main thread's heap through the engine's runs too, and every major GC there marked
 * them: in a 200k trace, four GCs in eight engine runs took up to 158 ms each, none in the
 * static runs (which allocate nothing).
 */
const STATIC_ROWS = 2_000;

// Anchor rows: the same corpus as list rows, built once on the main thread (untimed).
function staticSource(): RowSource {
  staticRows ??= buildStaticRows();
  const rows = staticRows;
  return {
    count: corpus().spec.size,
    row: (i) => rows[i],
    want: () => {},
    subscribe: () => () => {},
  };
}

function buildStaticRows(): ItemRow[] {
  const { spec } = corpus();
  const rows: ItemRow[] = [];
  for (let f = 0; f < FEED_COUNT; f++) {
    let id = firstItemId(spec.size, f);
    for (const it of feedItems(spec, f)) {
      rows.push({
        id: id++,
        feedId: f + 1,
        title: it.title,
        author: it.author,
        pubDate: it.pubDate,
        link: it.link,
        flags: (it.read ? 1 : 0) | (it.saved ? 2 : 0),
        snippet: it.plain.slice(0, 200),
        thumbnail: '',
        enclosureType: it.enclosure?.type ?? '',
      });
    }
  }
  return rows.sort((a, b) => b.pubDate - a.pubDate || b.id - a.id).slice(0, STATIC_ROWS);
}

let recording: { stop: () => Promise<FrameReport> } | null = null;
const feedName = (id: number) => (id >= 1 && id <= FEED_COUNT ? feedTitle(id - 1) : 'Refresh');

/**
 * Mounts the list for `kind` and waits until its first rows are on screen; for an engine run with
 * `refresh`, first makes the items its background refresh will store.
 */
export async function scrollMount(kind: 'engine' | 'static', refresh = kind === 'engine'): Promise<number> {
  refreshBatch = refresh ? nextRefreshItems(corpus().spec) : null;
  const source = kind === 'engine' ? engineSource((await engineWorker().counts()).items) : staticSource();
  mountList(source, feedName);
  for (let i = 0; i < 200 && !source.row(0); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => requestAnimationFrame(r));
  return source.count;
}

// The next engine run's refresh items, generated in scrollMount (before the recording):
// generating 5,000 items on the main thread inside the recording would add the harness's own
// jank to the frames. Always 5,000 (feed 0 of a 100k corpus): a run stores 250 a batch and never
// gets near the end, and at 1M the corpus's feed 0 (50,000 items, ~80 MB) was most of the
// main-thread heap figure. Each run's are new articles (their guids and links name the run), so
// one scratch feed serves every run and is deleted once, by scrollCleanup.
let refreshBatch: IncomingItem[] | null = null;
let refreshRuns = 0;
let scratchFeed: number | null = null;
function nextRefreshItems(spec: CorpusSpec): IncomingItem[] {
  const run = refreshRuns++;
  return feedItems({ ...spec, seed: spec.seed + 1, size: 100_000 }, 0).map((it) =>
    asNewArticle(it, `run${run}`),
  );
}

// Background refresh: the run's items into the scratch feed, 250 per ingest, until stopped.
function backgroundIngest(items: IncomingItem[]): { stop: () => Promise<number> } {
  const engine = engineWorker();
  let stopped = false;
  let stored = 0;
  const run = (async () => {
    scratchFeed ??= await engine.feeds.save({
      url: 'https://refresh.example.test/rss.xml',
      title: 'Refresh',
    });
    for (let i = 0; !stopped && i < items.length; i += 250)
      stored += (await engine.items.ingest(scratchFeed, items.slice(i, i + 250))).added.length;
  })();
  return {
    stop: async () => {
      stopped = true;
      await run;
      return stored;
    },
  };
}

/** Deletes the refresh's scratch feed and what it stored (after the scroll step's last run). */
export async function scrollCleanup(): Promise<void> {
  if (scratchFeed !== null) await engineWorker().feeds.delete(scratchFeed);
  scratchFeed = null;
}

/** Starts recording frames (and, for the engine, the background refresh). */
export function frameStart(withIngest: boolean): void {
  const intervals: number[] = [];
  let last = performance.now();
  let running = true;
  const tick = (t: number) => {
    intervals.push(t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(tick);
  });
  let loaf = 0;
  let longTask = 0;
  const observers: PerformanceObserver[] = [];
  const observe = (type: string, fn: (e: PerformanceEntry) => void) => {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    const o = new PerformanceObserver((list) => list.getEntries().forEach(fn));
    o.observe({ type, buffered: false });
    observers.push(o);
  };
  observe(
    'long-animation-frame',
    (e) => (loaf += (e as PerformanceEntry & { blockingDuration: number }).blockingDuration),
  );
  observe('longtask', (e) => (longTask += Math.max(0, e.duration - 50)));
  const ingest = withIngest ? backgroundIngest(refreshBatch ?? []) : null;
  // Marks the run in a trace (RIVULET_BENCH_TRACE_SCROLL, bench/run/trace.mjs); free otherwise.
  const run = withIngest ? 'engine' : 'static';
  console.timeStamp(`rivulet-run ${run} start`);
  recording = {
    stop: async () => {
      running = false;
      console.timeStamp(`rivulet-run ${run} stop`);
      for (const o of observers) {
        o.takeRecords().forEach((e) => {
          if (e.entryType === 'longtask') longTask += Math.max(0, e.duration - 50);
          else loaf += (e as PerformanceEntry & { blockingDuration: number }).blockingDuration;
        });
        o.disconnect();
      }
      const ingested = ingest ? await ingest.stop() : 0;
      return {
        frames: intervals.length,
        over25: intervals.filter((d) => frameOver(d, 25)).length,
        loafBlockingMs: loaf,
        longTaskBlockingMs: longTask,
        ingested,
      };
    },
  };
}

/** Stops recording, unmounts the list and reports. */
export async function frameStop(): Promise<FrameReport> {
  if (!recording) throw new Error('frameStart was not called');
  const report = await recording.stop();
  recording = null;
  unmountList();
  return report;
}
