/**
 * mark read: (a) 10,000 unread items (fewer on small corpora) and (b) every item of the big
 * feed (5,000 at 100k) marked read, timed from the call until `counts()` reflects it, vs one raw
 * IndexedDB read-write transaction flipping the same records. Between runs the items are put
 * back as they were (untimed; the engine through its API, the anchor by putting back the records
 * it kept), so every run starts from the same state. The engine writes its index snapshot 2 s
 * after a change (at 100k a write of tens of MB); a pending one is written before each timed run
 * of either side (untimed), so it lands inside neither window.
 */
import { corpus } from './seed';
import { interleave, summarize, verdict, type BenchRow, type Budget } from './stats';
import { engineWorker, rawIdbWorker } from './workers';

/**
 * Each case's time budget: at 1M one pair of the whole-feed case (50,000 articles read and put
 * back on both sides) takes ~85 s, and 8 pairs were 745 s of a 56-minute run; a pair of the
 * 10,000-article case takes ~15 s. Past its budget a case stops after 3 measured pairs (the row
 * says how many). Past 300k articles there is no warm-up pair either: a call of seconds has
 * nothing left to warm, and the warm-up pair of the whole-feed case alone was 85 s.
 */
function caseBudget(ms: number, size: number): Budget {
  return { ms, minRuns: 3, warmUp: size <= 300_000 };
}

function row(name: string, subject: number[], anchor: number[], note: string, runs: number): BenchRow {
  const s = summarize(subject);
  const a = summarize(anchor);
  const ratio = s.median / a.median;
  return {
    bench: 'mark read',
    case: name,
    unit: 'ms median (p95)',
    subject: s,
    anchor: a,
    anchorName: 'one raw IndexedDB transaction',
    ratio,
    target: '≤ 1.0×',
    status: verdict(ratio <= 1),
    note: subject.length < runs ? `${note}; ${subject.length} pairs (time budget)` : note,
  };
}

/** Runs both mark-read cases. Leaves the read state as the corpus defines it. */
export async function benchMarkRead(runs: number): Promise<BenchRow[]> {
  const engine = engineWorker();
  const raw = rawIdbWorker();
  const c = corpus();
  const n = Math.min(10_000, Math.floor(c.unreadIds.length / 2));
  // Every other unread id: spread over feeds and dates like a "mark these read" selection.
  const ids = c.unreadIds.filter((_, i) => i % 2 === 0).slice(0, n);
  // The seeding's text indexing waits for writes to pause, which these runs never give it: a
  // search drains it now, so it does not share the engine worker with either side's runs.
  await engine.search.run('news', { limit: 1 });
  const before = (await engine.counts()).unread;
  const idsTimes = await interleave(
    runs,
    async () => {
      await engine.flushSnapshot();
      const start = performance.now();
      await engine.state.markRead(ids, true);
      const counts = await engine.counts();
      const ms = performance.now() - start;
      if (counts.unread !== before - ids.length)
        throw new Error(`unread ${counts.unread}, expected ${before - ids.length}`);
      await engine.state.markRead(ids, false);
      return ms;
    },
    async () => {
      await engine.flushSnapshot();
      const start = performance.now();
      await raw.setReadTx('rivulet', { ids }, true);
      const ms = performance.now() - start;
      await raw.undoReadTx('rivulet');
      return ms;
    },
    caseBudget(60_000, c.spec.size),
  );
  const feed = c.feed0Ids;
  const feedTimes = await interleave(
    runs,
    async () => {
      await engine.state.markRead(feed, false);
      await engine.flushSnapshot();
      const start = performance.now();
      const changed = (await engine.state.markAllRead({ scope: 'feed', id: 1 })).ids.length;
      await engine.counts();
      const ms = performance.now() - start;
      if (changed !== feed.length) throw new Error(`markAllRead changed ${changed}, expected ${feed.length}`);
      return ms;
    },
    async () => {
      await engine.state.markRead(feed, false);
      await engine.flushSnapshot();
      const start = performance.now();
      await raw.setReadTx('rivulet', { feedId: 1 }, true);
      const ms = performance.now() - start;
      await raw.undoReadTx('rivulet');
      return ms;
    },
    caseBudget(150_000, c.spec.size),
  );
  const noted =
    'call → counts() updated; pending index snapshot written before each run' +
    (c.spec.size > 300_000 ? '; no warm-up pair' : '');
  // Back to the corpus state: feed 0 unread except its read items.
  await engine.state.markRead(feed, false);
  await engine.state.markRead(c.feed0ReadIds, true);
  return [
    row(
      `${ids.length.toLocaleString('en')} items (markRead)`,
      idsTimes.subject,
      idsTimes.anchor,
      noted,
      runs,
    ),
    row(
      `whole feed of ${feed.length.toLocaleString('en')} (markAllRead)`,
      feedTimes.subject,
      feedTimes.anchor,
      noted,
      runs,
    ),
  ];
}
