/**
 * deep paging: pages 1, 100, 1000, 2000 of the "all" list. The engine is asked with the keyset
 * cursor of the page before (collected by walking once, untimed); the anchor is Dexie
 * `orderBy(':id').reverse().offset(k).limit(50)` on the engine's own store (newest stored first:
 * the store has had no date index since schema version 8, so offset paging walks its keys). Both timed
 * on the page, call to rows in hand; the engine's pages round-robin, then the anchor's. Pages
 * past the corpus end are skipped.
 */
import type { ItemRow, Page } from '../../worker/types';
import { corpus } from './seed';
import { interleave, summarize, verdict, type BenchRow } from './stats';
import { engineWorker, rawIdbWorker } from './workers';

const PAGES = [1, 100, 1000, 2000];

/** Runs the paging benchmark; the target compares the engine's last page with its page 1. */
export async function benchPaging(runs: number): Promise<BenchRow[]> {
  const engine = engineWorker();
  const raw = rawIdbWorker();
  const lastPage = Math.ceil(corpus().spec.size / 50);
  const pages = PAGES.filter((p) => p <= lastPage);
  // Walk once (untimed) to learn the keyset cursor that starts each wanted page: in steps of up
  // to 500 rows (the engine's largest page) that land exactly on each wanted page's start, so
  // the cursor is the one a walk in pages of 50 would have handed over.
  const cursors = new Map<number, string | null>([[1, null]]);
  let cursor: string | null = null;
  let at = 0;
  for (const p of pages) {
    const startRow = (p - 1) * 50;
    while (at < startRow) {
      const limit = Math.min(500, startRow - at);
      const page: Page<ItemRow> = await engine.items.page({ scope: 'all', cursor, limit });
      if (page.rows.length !== limit || page.next === null)
        throw new Error(`walk to page ${p}: got ${page.rows.length} of ${limit} rows at row ${at}`);
      cursor = page.next;
      at += limit;
    }
    cursors.set(p, cursor);
  }
  const enginePage = async (p: number) => {
    const start = performance.now();
    const page = await engine.items.page({ scope: 'all', cursor: cursors.get(p) ?? null });
    if (page.rows.length === 0) throw new Error(`engine page ${p} is empty`);
    return performance.now() - start;
  };
  // The engine's pages round-robin, apart from the anchor: the target compares page p with page
  // 1, so both are timed in the same conditions. Interleaved with the anchor instead, each of
  // page 2000's runs followed a Dexie walk over 100k records in another worker (3.5 s at 1M)
  // while page 1's followed a 1.5 ms one, and the walk's after-work on the two cores read as
  // the engine's: at 200k, page 2000 0.67 against page 1 0.44 ms that way, 0.24 ms both
  // round-robin.
  const engineTimes = new Map<number, number[]>(pages.map((p) => [p, []]));
  for (const p of pages) await enginePage(p); // warm-up: each page's rows read once
  for (let i = 0; i < runs; i++) for (const p of pages) engineTimes.get(p)!.push(await enginePage(p));
  const rows: BenchRow[] = [];
  let page1 = NaN;
  for (const p of pages) {
    // Dexie's offset walks every row before the page: 2.4 and 4.7 s a call at pages 1000 and 2000
    // of 1M (these rows are information, and 16 calls of them once took ~95 s of the run), so deep
    // pages of large corpora get a budget and no warm-up call (a call of seconds has nothing left
    // to warm).
    const budget =
      p >= 1000 && corpus().spec.size > 300_000 ? { ms: 10_000, minRuns: 3, warmUp: false } : undefined;
    const dexie = async () => {
      const start = performance.now();
      const res = await raw.dexiePage('rivulet', p);
      if (res.rows === 0) throw new Error(`Dexie page ${p} is empty`);
      return performance.now() - start;
    };
    const times = {
      subject: engineTimes.get(p)!,
      anchor: (await interleave(runs, dexie, null, budget)).subject,
    };
    const subject = summarize(times.subject);
    const anchor = summarize(times.anchor);
    if (p === 1) page1 = subject.median;
    const last = p === pages[pages.length - 1] && p !== 1;
    rows.push({
      bench: 'deep paging',
      case: `page ${p}`,
      unit: 'ms median (p95)',
      subject,
      anchor,
      anchorName: 'Dexie offset().limit(50) by id',
      ratio: subject.median / anchor.median,
      target: last ? 'last page ≤ 1.2× page 1' : '—',
      status: last ? verdict(subject.median <= 1.2 * page1) : 'info',
      note:
        [
          last ? `engine page ${p} / page 1 = ${(subject.median / page1).toFixed(2)}×` : '',
          times.anchor.length < runs ? `Dexie ${times.anchor.length} runs (time budget)` : '',
        ]
          .filter(Boolean)
          .join('; ') || undefined,
    });
  }
  return rows;
}
