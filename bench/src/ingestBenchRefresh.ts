/**
 * refresh while reading (page side): the "a refresh of 1,000 feeds × 50 new articles
 * completes without a frame over 50 ms on the main thread, measured as articles per second".
 * The feeds are subscribed once (untimed); each run then mounts the list fed by the engine
 * (scrollBench's engine source) and starts the engine's own refresh job (`refresh.start` →
 * fetch through `/api/fetch`, served by the bench server from bench/run/refreshFeeds.mjs, every
 * fetch 50 new articles → read → ingest → status), while the Node harness scrolls the list with
 * CDP gestures until the job is over. Like the app, the page hears every engine event and
 * re-reads the counts on each `items-added` / `feeds-changed` (shown in the title, as badges).
 * Frames: requestAnimationFrame intervals (longest, share over 50 ms) and Long Animation
 * Frames (the longest, with the script that ran longest in it, to tell our work from a starved
 * machine). Articles/s = new articles stored ÷ time from `refresh.start` to the job's end event.
 */
import * as Comlink from 'comlink';
import type { EngineEvent, JobProgress } from '../../worker/types';
import { engineSource } from './scrollBench';
import { mountList, unmountList } from './scrollList';
import { frameOver, summarize, verdict, type BenchRow } from './stats';
import { engineWorker } from './workers';

/** New articles in each refresh feed per fetch (bench/run/refreshFeeds.mjs serves 50). */
const PER_FEED = 50;
const feedUrl = (n: number) => `https://refresh.bench.test/${n}.xml`;

/** What one refresh run saw. */
interface RefreshRun {
  /** False for a control run (no refresh). */
  refresh: boolean;
  ms: number;
  added: number;
  failed: number;
  frames: number;
  over50: number;
  maxFrameMs: number;
  loafMaxMs: number;
  /** Where the longest long animation frame went: scripts, style and layout, the rest. */
  loafScript: string;
  events: number;
}

type LoafEntry = PerformanceEntry & {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts?: LoafScript[];
};
type LoafScript = { invoker?: string; sourceURL?: string; duration: number };

let feedIds: number[] = [];
const runs: RefreshRun[] = [];
let current: { done: () => boolean; stop: () => Promise<RefreshRun> } | null = null;

/** Subscribes `feeds` refresh feeds (once per page; untimed) and forgets earlier runs. */
export async function refreshSetup(feeds: number): Promise<number> {
  const engine = engineWorker();
  runs.length = 0;
  if (feedIds.length !== feeds) {
    feedIds = [];
    for (let n = 0; n < feeds; n += 50) {
      const batch = Array.from({ length: Math.min(50, feeds - n) }, (_, i) =>
        engine.feeds.save({ url: feedUrl(n + i), title: `Refresh feed ${n + i}` }),
      );
      feedIds.push(...(await Promise.all(batch)));
    }
  }
  return feedIds.length;
}

/** Gestures in a control run (the list scrolled with no refresh). */
const CONTROL_GESTURES = 8;

/**
 * Mounts the list, starts recording frames and starts the refresh of every refresh feed; with
 * `refresh` false, a control run: the same list and gestures (CONTROL_GESTURES), no refresh.
 */
export async function refreshStart(refresh = true): Promise<void> {
  if (current) throw new Error('a refresh run is already recording');
  const engine = engineWorker();
  const source = engineSource((await engine.counts()).items);
  mountList(source, (id) => `Feed ${id}`);
  for (let i = 0; i < 200 && !source.row(0); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => requestAnimationFrame(r));

  // Frames.
  const intervals: number[] = [];
  let running = true;
  let last = 0;
  const tick = (t: number) => {
    if (last) intervals.push(t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let loafMax: LoafEntry | null = null;
  const loaf = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? new PerformanceObserver((list) => {
        for (const e of list.getEntries() as LoafEntry[])
          if (!loafMax || e.duration > loafMax.duration) loafMax = e;
      })
    : null;
  loaf?.observe({ type: 'long-animation-frame', buffered: false });

  // Events, as the app hears them: counts re-read on each arrival (answers may overlap).
  const jobs = new Map<string, JobProgress>();
  let events = 0;
  const unsubscribe = await engine.onEvent(
    Comlink.proxy((e: EngineEvent) => {
      events++;
      if (e.type === 'job') jobs.set(e.job.id, e.job);
      if (e.type === 'items-added' || e.type === 'feeds-changed')
        void engine.counts().then((c) => (document.title = `${c.unread} unread`));
    }),
  );

  const start = performance.now();
  const jobId = refresh ? await engine.refresh.start({ scope: 'feeds', ids: feedIds }) : '';
  let end = 0;
  let asked = 0;
  const finished = () => {
    const job = jobs.get(jobId);
    if (!end && (refresh ? job && job.state !== 'running' : ++asked > CONTROL_GESTURES))
      end = performance.now();
    return end !== 0;
  };
  current = {
    done: finished,
    stop: async () => {
      while (!finished()) await new Promise((r) => setTimeout(r, 20));
      running = false;
      loaf?.takeRecords().forEach((e) => {
        if (!loafMax || e.duration > loafMax.duration) loafMax = e as LoafEntry;
      });
      loaf?.disconnect();
      void unsubscribe();
      unmountList();
      const job = jobs.get(jobId);
      const worst = loafMax;
      const scripts = worst?.scripts ?? [];
      const longest = scripts.reduce((a, b) => (b.duration > a.duration ? b : a), {
        duration: 0,
      } as LoafScript);
      const layout = worst?.styleAndLayoutStart
        ? worst.startTime + worst.duration - worst.styleAndLayoutStart
        : 0;
      return {
        ms: end - start,
        refresh,
        added: job?.summary?.newItems ?? job?.newItems ?? 0,
        failed: job?.failed ?? 0,
        frames: intervals.length,
        over50: intervals.filter((d) => frameOver(d, 50)).length,
        maxFrameMs: Math.max(0, ...intervals),
        loafMaxMs: loafMax?.duration ?? 0,
        loafScript: worst
          ? `scripts ${scripts.reduce((t, x) => t + x.duration, 0).toFixed(0)} ms (longest: ${longest.invoker || longest.sourceURL?.split('/').pop() || 'none'} ${longest.duration.toFixed(0)} ms), style and layout ${layout.toFixed(0)} ms`
          : 'none',
        events,
      };
    },
  };
}

/** True once the refresh job of the running run has ended. */
export function refreshDone(): boolean {
  if (!current) throw new Error('refreshStart was not called');
  return current.done();
}

/** Stops recording (after the job's end), unmounts the list and keeps the run's figures. */
export async function refreshStop(): Promise<RefreshRun> {
  if (!current) throw new Error('refreshStart was not called');
  const run = await current.stop();
  current = null;
  runs.push(run);
  const expected = feedIds.length * PER_FEED;
  if (run.refresh && run.added !== expected)
    throw new Error(
      `the refresh stored ${run.added} new articles, expected ${expected} (${run.failed} feeds failed)`,
    );
  return run;
}

/** Unsubscribes the refresh feeds (their articles go with them). */
export async function refreshCleanup(): Promise<void> {
  const engine = engineWorker();
  for (const id of feedIds) await engine.feeds.delete(id);
  feedIds = [];
}

/** The rows of the runs recorded since refreshSetup. */
export function refreshRows(): BenchRow[] {
  const feeds = feedIds.length;
  const label = `${feeds.toLocaleString('en')} feeds × ${PER_FEED} new articles, list scrolled`;
  const wave = runs.filter((r) => r.refresh);
  const control = runs.filter((r) => !r.refresh);
  const rate = summarize(wave.map((r) => r.added / (r.ms / 1000)));
  const share = (rs: RefreshRun[]) =>
    summarize(rs.map((r) => (100 * r.over50) / Math.max(1, r.frames))).median.toFixed(2);
  const maxFrame = summarize(wave.map((r) => r.maxFrameMs));
  const controlMax = control.length ? summarize(control.map((r) => r.maxFrameMs)) : null;
  const worst = wave.reduce((a, b) => (b.loafMaxMs > a.loafMaxMs ? b : a), wave[0]!);
  return [
    {
      bench: 'refresh',
      case: label,
      unit: 'articles/s',
      subject: rate,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '—',
      status: 'info',
      note: `refresh.start → job end, ${summarize(wave.map((r) => r.ms / 1000)).median.toFixed(1)} s (median); ${summarize(wave.map((r) => r.events)).median.toFixed(0)} engine events heard per run`,
    },
    {
      bench: 'refresh',
      case: `${label}: longest main-thread frame`,
      unit: 'ms (max per run)',
      subject: maxFrame,
      anchor: controlMax,
      anchorName: 'the same list and gestures, no refresh',
      ratio: null,
      target: '≤ 50 ms',
      status: verdict(!frameOver(maxFrame.max, 50)),
      note: `frames > 50 ms: ${share(wave)}% vs ${share(control)}% without the refresh (median of ${summarize(wave.map((r) => r.frames)).median.toFixed(0)} frames/run); longest long animation frame ${worst.loafMaxMs.toFixed(0)} ms: ${worst.loafScript}`,
    },
  ];
}
