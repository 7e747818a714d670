/**
 * ingest: corpus feeds as RSS bytes → engine read path + `items.ingest` (one transaction per
 * feed) into a fresh database, vs what a straightforward reader does with the same bytes:
 * feedsmith's `parseFeed`, one record per item, a raw IndexedDB `put` loop with the same
 * transaction sizes into a fresh database with the same indexes (the target). The raw `put`
 * loop of pre-built records alone (no parse) runs in the same rounds and is reported as
 * information: the floor IndexedDB itself sets. Runs use a slice of the corpus
 * (≤ 10,000 items) so 8 interleaved pairs fit the time budget; items/s does not depend on N
 * much because every feed is its own transaction. A second case ingests the same feeds with 20
 * enabled rules (worker/rules) against the same ingest without rules: the time ratio.
 */
import { FEED_COUNT, feedItemCount } from '../corpus';
import { corpus } from './seed';
import { interleave, mapSummary, summarize, verdict, type BenchRow } from './stats';
import { ingestWorker, rawIdbWorker } from './workers';

/** Enabled rules in the "ingest with rules" case. */
const RULES = 20;

/** Runs the ingest benchmark. */
export async function benchIngest(runs: number): Promise<BenchRow[]> {
  const spec = corpus().spec;
  const target = Math.min(10_000, spec.size);
  // Feeds 1… (the big feed 0 would make one giant transaction) until the slice is big enough.
  const feeds: number[] = [];
  let items = 0;
  for (let f = 1; f < FEED_COUNT && items < target; f++) {
    feeds.push(f);
    items += feedItemCount(spec.size, f);
  }
  const w = ingestWorker();
  const raw = rawIdbWorker();
  // Rounds of three (engine, parse + put, put only), so all three see the same machine load.
  const putOnly: number[] = [];
  const indexMs: number[] = [];
  const times = await interleave(
    runs,
    async (i) => {
      const r = await w.ingest(spec, feeds, `bench-ingest-${i + 1}`);
      if (r.items !== items) throw new Error(`engine stored ${r.items} items, expected ${items}`);
      if (i >= 0) indexMs.push(r.indexMs);
      return r.ms;
    },
    async (i) => {
      const r = await raw.parsePutLoop(spec, feeds, `bench-parseput-${i + 1}`);
      if (r.items !== items) throw new Error(`parse + put stored ${r.items} items, expected ${items}`);
      const p = await raw.putLoop(spec, feeds, `bench-raw-${i + 1}`);
      if (i >= 0) putOnly.push(p.ms);
      return r.ms;
    },
  );
  const perSec = (ms: number) => items / (ms / 1000);
  const subject = mapSummary(summarize(times.subject), perSec);
  const anchor = mapSummary(summarize(times.anchor), perSec);
  const ratio = subject.median / anchor.median;
  const putAnchor = mapSummary(summarize(putOnly), perSec);
  const rules = await interleave(
    runs,
    async (i) => {
      const r = await w.ingest(spec, feeds, `bench-rules-${i + 1}`, RULES);
      if (r.items !== items) throw new Error(`engine stored ${r.items} items, expected ${items}`);
      return r.ms;
    },
    async (i) => (await w.ingest(spec, feeds, `bench-norules-${i + 1}`)).ms,
    // Past 300k a pair is ~18 s (8 pairs were ~144 s of the 1M run): 3 pairs at least, 40 s
    // budget, and no warm-up pair (the worker is warm from the case above).
    spec.size > 300_000 ? { ms: 40_000, minRuns: 3, warmUp: false } : undefined,
  );
  const withRules = summarize(rules.subject);
  const without = summarize(rules.anchor);
  const timeRatio = withRules.median / without.median;
  return [
    {
      bench: 'ingest',
      case: `${items.toLocaleString('en')} items, ${feeds.length} feeds from RSS`,
      unit: 'items/s',
      subject,
      anchor,
      anchorName: 'feedsmith parse + raw IndexedDB put loop',
      ratio,
      target: '≥ 1.0×',
      status: verdict(ratio >= 1),
      note: `then a search waits ${summarize(indexMs).median.toFixed(0)} ms (median) for the text index to take in the burst`,
    },
    {
      bench: 'ingest',
      case: `${items.toLocaleString('en')} items, ${feeds.length} feeds from RSS`,
      unit: 'items/s',
      subject,
      anchor: putAnchor,
      anchorName: 'raw IndexedDB put loop (records pre-built, no parse)',
      ratio: subject.median / putAnchor.median,
      target: '—',
      status: 'info',
    },
    {
      bench: 'ingest',
      case: `${items.toLocaleString('en')} items with ${RULES} rules`,
      unit: 'ms',
      subject: withRules,
      anchor: without,
      anchorName: 'the same ingest without rules',
      ratio: timeRatio,
      target: '≤ 1.2×',
      status: verdict(timeRatio <= 1.2),
      note: rules.subject.length < runs ? `${rules.subject.length} pairs (time budget)` : undefined,
    },
  ];
}
