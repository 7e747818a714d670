/**
 * search: 200 queries (single words, pairs, prefixes, CJK) against the engine's full-text
 * search (`search.run`) and MiniSearch (default options) over the same documents, each timed on
 * the page. Heaps are measured the same way on both sides: the engine's text structures
 * (worker/search TextStore + SearchIndex, its code) and MiniSearch are each built from the
 * corpus in a worker of their own (both at once), and the harness reads each worker's heap
 * growth after a forced GC over CDP. Those builds also give both build times.
 */
import { CJK, WORDS, asNewArticle, feedItems, prng } from '../corpus';
import { corpus } from './seed';
import { picked, summarize, verdict, type BenchRow } from './stats';
import { MISSING, engineTextWorker, engineWorker, miniSearchWorker, optionalCall } from './workers';

interface SearchQuery {
  q: string;
  prefix: boolean;
}

/** 200 deterministic queries: 110 words, 30 pairs, 40 prefixes, 20 CJK. */
export function searchQueries(): SearchQuery[] {
  const r = prng(4242);
  const word = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const out: SearchQuery[] = [];
  for (let i = 0; i < 110; i++) out.push({ q: word(), prefix: false });
  for (let i = 0; i < 30; i++) out.push({ q: `${word()} ${word()}`, prefix: false });
  for (let i = 0; i < 40; i++) {
    const w = word();
    out.push({ q: w.slice(0, Math.max(2, Math.ceil(w.length / 2))), prefix: true });
  }
  for (let i = 0; i < 20; i++) out.push({ q: CJK[Math.floor(r() * CJK.length)]!, prefix: i % 2 === 1 });
  return out;
}

const MB = 1024 * 1024;

/** Creates both index workers empty (so the harness can read their empty heaps first). */
export async function searchPrepare(): Promise<void> {
  await Promise.all([miniSearchWorker().drop(), engineTextWorker().drop()]);
}

/** Builds the engine's text store + index in their worker; returns build ms, docs, self-counted bytes. */
export async function searchBuildEngine(): Promise<{ ms: number; docs: number; selfCountedBytes: number }> {
  return engineTextWorker().build(corpus().spec);
}

/** Drops the engine text worker's store (`all` = everything). */
export async function searchDropEngine(all: boolean): Promise<void> {
  if (all) await engineTextWorker().drop();
  else await engineTextWorker().dropStore();
}

/** Builds the MiniSearch index (adding stops after `maxMs` of build time); returns ms and docs. */
export async function searchBuild(maxMs: number | null): Promise<{ ms: number; docs: number }> {
  return miniSearchWorker().build(corpus().spec, maxMs ?? Infinity);
}

/** What the harness measured around the builds (heaps: worker heap growth after GC, MB). */
export interface SearchBuilds {
  engine: { ms: number; docs: number; selfCountedBytes: number; heapMb: number; indexHeapMb: number };
  mini: { ms: number; docs: number; heapMb: number };
}

/**
 * Runs the 200 queries interleaved (engine, MiniSearch) after one warm-up pass; returns rows
 * for query p95, build time and heap.
 */
export async function benchSearch(runs: number, builds: SearchBuilds): Promise<BenchRow[]> {
  const mini = miniSearchWorker();
  const size = corpus().spec.size;
  const queries = searchQueries();
  const probe = await optionalCall('search', 'run', queries[0]!.q);
  const engineMs: number[] = [];
  const miniMs: number[] = [];
  const passes = Math.max(1, Math.round(runs / 7));
  // The warm-up pass (untimed, same for both sides) uses every 5th query: 40 queries that cover
  // every kind (words, pairs, prefixes, CJK) warm the code paths; the measured passes run all 200.
  const warmUp = queries.filter((_, i) => i % 5 === 0);
  // Past 300k MiniSearch answers in seconds (1.2 s median, 2.8 s p95 at 1M: 240 queries were ~5
  // of a run's 56 minutes), so it runs every other query there and every 4th past 600k, with no
  // warm-up pass (a query of a second or more has nothing left to warm); the engine runs all.
  const miniEvery = size > 600_000 ? 4 : size > 300_000 ? 2 : 1;
  const miniAsks = (pass: number, i: number) => !(pass < 0 && miniEvery > 1) && picked(i, miniEvery);
  for (let pass = -1; pass < passes; pass++) {
    for (const [i, { q, prefix }] of (pass < 0 ? warmUp : queries).entries()) {
      if (probe !== MISSING) {
        const start = performance.now();
        // The engine treats the last word as a prefix unless the text ends in a space.
        await optionalCall('search', 'run', prefix ? q : `${q} `);
        if (pass >= 0) engineMs.push(performance.now() - start);
      }
      if (!miniAsks(pass, i)) continue;
      const start = performance.now();
      await mini.search(q, prefix);
      if (pass >= 0) miniMs.push(performance.now() - start);
    }
  }
  const afterNew = probe === MISSING ? [] : [await searchAfterNew()];
  await mini.drop();
  const m = summarize(miniMs);
  const missing = probe === MISSING ? 'n/a (engine API missing: search.run)' : undefined;
  const e = probe === MISSING ? null : summarize(engineMs);
  const p95Ratio = e ? e.p95 / m.p95 : null;
  const { engine: eb, mini: mb } = builds;
  const partial = mb.docs < size;
  const miniScope = partial
    ? `MiniSearch holds the first ${mb.docs.toLocaleString('en')} of ${size.toLocaleString('en')} articles (its build was stopped at the time limit)`
    : '';
  // With a partial MiniSearch the heap ratio compares bytes per document.
  const heapRatio = partial ? eb.heapMb / eb.docs / (mb.heapMb / mb.docs) : eb.heapMb / mb.heapMb;
  return [
    {
      bench: 'search',
      case: `${queries.length} queries × ${passes} (p95)`,
      unit: 'ms p95 (median)',
      subject: e && { ...e, median: e.p95, p95: e.median },
      anchor: { ...m, median: m.p95, p95: m.median },
      anchorName: 'MiniSearch (defaults)',
      ratio: p95Ratio,
      target: '≤ 50 ms and ≤ 1.0× MiniSearch p95',
      status: verdict(p95Ratio === null || !e ? null : p95Ratio <= 1 && e.p95 <= 50),
      note:
        missing ??
        ([
          partial ? `${miniScope}; the engine searches all of them` : '',
          miniEvery > 1
            ? `MiniSearch ran every ${miniEvery === 2 ? 'other' : `${miniEvery}th`} query (its p95 over those), no warm-up pass`
            : '',
        ]
          .filter(Boolean)
          .join('; ') ||
          undefined),
    },
    {
      bench: 'search',
      case: 'index build',
      unit: 's',
      subject: summarize([eb.ms / 1000]),
      anchor: summarize([mb.ms / 1000]),
      anchorName: 'MiniSearch (defaults)',
      ratio: partial ? null : eb.ms / mb.ms,
      target: '—',
      status: 'info',
      note:
        `each built in its own worker from the corpus texts, both at once (engine: worker/search TextStore + SearchIndex over ${eb.docs.toLocaleString('en')} articles; the engine itself indexes during ingest)` +
        (partial ? `; ${miniScope}` : ''),
    },
    {
      bench: 'search',
      case: 'index heap',
      unit: 'MB',
      subject: summarize([eb.heapMb]),
      anchor: summarize([mb.heapMb]),
      anchorName: 'MiniSearch (defaults)',
      ratio: heapRatio,
      target: '≤ 1.0× MiniSearch heap',
      status: verdict(heapRatio <= 1),
      note:
        `both: worker heap growth after a forced GC (CDP, used + ArrayBuffer backing stores), each index built in its own worker; ` +
        `engine = text store (which also serves description LIKE and phrases) ${(eb.heapMb - eb.indexHeapMb).toFixed(0)} MB + search index ${eb.indexHeapMb.toFixed(0)} MB ` +
        `(its own count: ${(eb.selfCountedBytes / MB).toFixed(0)} MB)` +
        (partial ? `; ${miniScope}, so the ratio is per article` : ''),
    },
    ...afterNew,
  ];
}

/** Rounds of the "search right after new articles" case, and the articles each round brings. */
const AFTER_ROUNDS = 7;
const AFTER_NEW = 50;

/**
 * A search right after new articles arrive (a refresh, then the reader searches): each round
 * ingests 50 new articles into a scratch feed, then times a one-word query, on the engine (the
 * call includes taking the new articles into its text index) and on MiniSearch (after adding the
 * same articles, untimed). Different words each round, so no round answers from a kept result.
 * The scratch feed and its articles are deleted after.
 */
async function searchAfterNew(): Promise<BenchRow> {
  const engine = engineWorker();
  const mini = miniSearchWorker();
  const { spec } = corpus();
  const words = searchQueries()
    .filter((q) => !q.prefix && /^[a-z]+$/.test(q.q))
    .map((q) => q.q);
  const fresh = feedItems({ ...spec, seed: spec.seed + 7, size: 100_000 }, 1).slice(
    0,
    AFTER_ROUNDS * AFTER_NEW,
  );
  const feed = await engine.feeds.save({
    url: 'https://search-after.example.test/rss.xml',
    title: 'Search after',
  });
  const engineMs: number[] = [];
  const miniMs: number[] = [];
  try {
    for (let r = 0; r < AFTER_ROUNDS; r++) {
      const batch = fresh.slice(r * AFTER_NEW, (r + 1) * AFTER_NEW);
      await engine.items.ingest(
        feed,
        batch.map((it) => asNewArticle(it, 'after')),
      );
      const q = words[(r * 7) % words.length] as string;
      let start = performance.now();
      await engine.search.run(`${q} `);
      engineMs.push(performance.now() - start);
      await mini.add(
        batch.map((it, i) => ({ id: 50_000_000 + r * AFTER_NEW + i, title: it.title, text: it.plain })),
      );
      start = performance.now();
      await mini.search(q, false);
      miniMs.push(performance.now() - start);
    }
  } finally {
    await engine.feeds.delete(feed);
  }
  const e = summarize(engineMs);
  const m = summarize(miniMs);
  return {
    bench: 'search',
    case: `a one-word query right after ${AFTER_NEW} new articles arrive`,
    unit: 'ms median (p95)',
    subject: e,
    anchor: m,
    anchorName: 'MiniSearch (defaults), the same articles added',
    ratio: e.median / m.median,
    target: '—',
    status: 'info',
    note: `${AFTER_ROUNDS} rounds; the engine's time includes taking the new articles into its text index`,
  };
}
