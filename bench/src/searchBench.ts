/**
 * search: 200 queries (single words, pairs, prefixes, CJK) against the engine's full-text
 * search (`search.run`) and MiniSearch (default options) over the same documents, each timed on
 * the page. MiniSearch's build time and heap are measured in its own worker; the engine builds
 * its index as items arrive, so its build figure is what `search` reports when it can.
 */
import { CJK, WORDS, prng } from '../corpus';
import { corpus } from './seed';
import { summarize, verdict, type BenchRow } from './stats';
import { MISSING, miniSearchWorker, optionalCall } from './workers';

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

/** Creates the MiniSearch worker (so the harness can read its empty heap first). */
export async function searchPrepare(): Promise<void> {
  await miniSearchWorker().drop();
}

/** Builds the MiniSearch index; returns build ms. */
export async function searchBuild(): Promise<number> {
  return (await miniSearchWorker().build(corpus().spec)).ms;
}

/**
 * Runs the 200 queries interleaved (engine, MiniSearch) after one warm-up pass; returns rows
 * for query p95, build time and heap (`heapMb` = MiniSearch worker heap growth, from the harness).
 */
export async function benchSearch(runs: number, buildMs: number, heapMb: number): Promise<BenchRow[]> {
  const mini = miniSearchWorker();
  const stats = await optionalCall('search', 'stats');
  const engineBytes = stats === MISSING ? null : (stats as { bytes: number; docs: number }).bytes;
  const queries = searchQueries();
  const probe = await optionalCall('search', 'run', queries[0]!.q);
  const engineMs: number[] = [];
  const miniMs: number[] = [];
  const passes = Math.max(1, Math.round(runs / 7));
  // The warm-up pass (untimed, same for both sides) uses every 5th query: 40 queries that cover
  // every kind (words, pairs, prefixes, CJK) warm the code paths; the measured passes run all 200.
  const warmUp = queries.filter((_, i) => i % 5 === 0);
  for (let pass = -1; pass < passes; pass++) {
    for (const { q, prefix } of pass < 0 ? warmUp : queries) {
      if (probe !== MISSING) {
        const start = performance.now();
        // The engine treats the last word as a prefix unless the text ends in a space.
        await optionalCall('search', 'run', prefix ? q : `${q} `);
        if (pass >= 0) engineMs.push(performance.now() - start);
      }
      const start = performance.now();
      await mini.search(q, prefix);
      if (pass >= 0) miniMs.push(performance.now() - start);
    }
  }
  await mini.drop();
  const m = summarize(miniMs);
  const missing = probe === MISSING ? 'n/a (engine API missing: search.run)' : undefined;
  const e = probe === MISSING ? null : summarize(engineMs);
  const p95Ratio = e ? e.p95 / m.p95 : null;
  return [
    {
      bench: 'search',
      case: `${queries.length} queries × ${passes} (p95)`,
      unit: 'ms p95 (median)',
      subject: e && { ...e, median: e.p95, p95: e.median },
      anchor: { ...m, median: m.p95, p95: m.median },
      anchorName: 'MiniSearch (defaults)',
      ratio: p95Ratio,
      target: '≤ 1.0× MiniSearch p95',
      status: verdict(p95Ratio === null ? null : p95Ratio <= 1),
      note: missing,
    },
    {
      bench: 'search',
      case: 'index build',
      unit: 's',
      subject: null,
      anchor: summarize([buildMs / 1000]),
      anchorName: 'MiniSearch (defaults)',
      ratio: null,
      target: '—',
      status: missing ? 'n/a' : 'info',
      note: missing ?? 'engine indexes during ingest; no separate build to time',
    },
    {
      bench: 'search',
      case: 'index heap',
      unit: 'MB',
      subject: engineBytes === null ? null : summarize([engineBytes / MB]),
      anchor: summarize([heapMb]),
      anchorName: 'MiniSearch (defaults)',
      ratio: engineBytes === null ? null : engineBytes / MB / heapMb,
      target: '≤ 1.0× MiniSearch heap',
      status: engineBytes === null ? 'n/a' : verdict(engineBytes / MB <= heapMb),
      note:
        missing ??
        'engine: search.stats().bytes (typed arrays of its text store + index, which also serves description LIKE); MiniSearch: worker heap growth after GC (CDP)',
    },
  ];
}
