/**
 * Row tests the compiler builds around costly or repeated work: a test that answers every row at
 * once when most rows will be asked (`scanned`, `titleLike`), and a feed-level test decided once
 * per feed (`memoByFeed`).
 */
import type { MetaIndexView } from '../../index/types';
import type { CompileEnv, RowTest } from './compileEnv';

/**
 * `not test`, answering every row at once when `test` does (rows past the end of test's answer
 * read as no match, so they pass).
 */
export function negate(index: MetaIndexView, test: RowTest): RowTest {
  const not = (r: number) => !test(r);
  const all = test.all;
  if (!all) return not;
  return Object.assign(not, {
    all: () => {
      const hits = all();
      const out = new Uint8Array(index.rowCount()).fill(1);
      const n = Math.min(out.length, hits.length);
      for (let r = 0; r < n; r++) out[r] = hits[r]! ^ 1;
      return out;
    },
  });
}

/**
 * Any of `tests`. With `index` (tests of its rows) it also answers every row at once when each
 * test does: their answers OR-ed byte by byte; without it (tests of feed ids) it is the plain OR.
 * At 1M articles `feedId = 3 OR title LIKE 'orbit'` walked the date order through one closure per
 * part and row, ~26 of its ~46 ms in Node; the answers at once and a walk reading one byte per
 * row, ~8 ms.
 */
export function anyOf(index: MetaIndexView | undefined, tests: RowTest[]): RowTest {
  const [a, b] = tests as [RowTest, RowTest];
  const any = tests.length === 2 ? (r: number) => a(r) || b(r) : (r: number) => tests.some((t) => t(r));
  if (!index || !tests.every((t) => t.all)) return any;
  return Object.assign(any, {
    all: () => {
      const out = new Uint8Array(index.rowCount());
      for (const t of tests) {
        const hits = t.all!();
        const n = Math.min(out.length, hits.length);
        for (let r = 0; r < n; r++) out[r]! |= hits[r]!;
      }
      return out;
    },
  });
}

/** `test` of every row at once, in row order (RowTest's `all`). Cost: one call per row slot. */
export function everyRow(index: MetaIndexView, test: (row: number) => boolean): Uint8Array {
  const hits = new Uint8Array(index.rowCount());
  for (let r = 0; r < hits.length; r++) hits[r] = test(r) ? 1 : 0;
  return hits;
}

/**
 * A costly row test asked row by row at first; once a sixteenth of the rows were asked about at
 * one index version (a scan, not a few candidates), every row is answered at once, in row order
 * (`all`: default `test` over each row), and the rows look up the answer. Rows come in date
 * order, which is scattered in memory: at 1M rows `enclosure LIKE` took 64 ms that way and
 * 14 ms in row order. A rule's matcher, asked row by row as articles arrive, stays row by row.
 * `lent`: `all` answers in an array its source fills again on the next call (RowTest), so the
 * test keeps a copy of it for its own row-by-row answers and hands out the lent one unkept.
 */
export function scanned(
  env: CompileEnv,
  test: (row: number) => boolean,
  all: () => Uint8Array = () => everyRow(env.source.index, test),
  lent = false,
): RowTest {
  const { index } = env.source;
  let version = index.version;
  // Known candidates count as asked: a planner's walk over most rows scans from the first row.
  let asked = env.candidates ?? 0;
  let hits: Uint8Array | null = null;
  const current = () => {
    if (index.version !== version) {
      version = index.version;
      asked = 0;
      hits = null;
    }
  };
  // The answer for every row, as this test may keep it (a lent one copied).
  const kept = () => {
    const got = all();
    const whole = fullLength(got, index.rowCount());
    return lent && whole === got ? whole.slice() : whole;
  };
  const answer = (r: number) => {
    current();
    if (hits) return hits[r] === 1;
    if (++asked > index.rowCount() >> 4) {
      hits = kept();
      return hits[r] === 1;
    }
    return test(r);
  };
  return Object.assign(answer, {
    all: () => {
      current();
      if (hits) return hits;
      if (lent) return fullLength(all(), index.rowCount());
      return (hits = fullLength(all(), index.rowCount()));
    },
  });
}

// `hits` over `rows` slots: an answer that stops early (titleMatches and DescriptionSource.rowHits
// may: rows past it read as no match) is copied into a full one, as RowTest's `all` promises.
function fullLength(hits: Uint8Array, rows: number): Uint8Array {
  if (hits.length >= rows) return hits;
  const full = new Uint8Array(rows);
  full.set(hits);
  return full;
}

/**
 * `title LIKE needle`: scanned, and all at once through the index's native search over every
 * title (titleMatches) when it has one. At 1M articles row by row was 107–165 ms.
 */
export function titleLike(env: CompileEnv, needle: string): RowTest {
  const { index } = env.source;
  const test = (r: number) => index.titleLower(r).includes(needle);
  const matches = index.titleMatches?.bind(index);
  return scanned(env, test, matches && (() => matches(needle)));
}

// Feed ids below this are memoised in a typed array (1 = false, 2 = true), others in a Map. A
// Map lookup per row was ~20 ms of a 1M-row walk.
const DENSE_FEED_IDS = 1 << 20;

export function memoByFeed(pred: (f: number) => boolean, env: CompileEnv): RowTest {
  const { index } = env.source;
  let dense = new Uint8Array(256);
  const sparse = new Map<number, boolean>();
  const test = (r: number) => ofFeed(index.feedId(r));
  const ofFeed = (f: number): boolean => {
    if (f >= 0 && f < DENSE_FEED_IDS) {
      if (f >= dense.length) {
        const grown = new Uint8Array(Math.min(DENSE_FEED_IDS, Math.max(f + 1, dense.length * 2)));
        grown.set(dense);
        dense = grown;
      }
      let known = dense[f]!;
      if (known === 0) dense[f] = known = pred(f) ? 2 : 1;
      return known === 2;
    }
    let hit = sparse.get(f);
    if (hit === undefined) {
      hit = pred(f);
      sparse.set(f, hit);
    }
    return hit;
  };
  // Every row at once: one answer per feed, read through the feed id column.
  const all = (): Uint8Array => {
    if (!index.rowColumns) return everyRow(index, test);
    const { feedIds } = index.rowColumns();
    const hits = new Uint8Array(index.rowCount());
    let last = NaN;
    let hit = 0;
    for (let r = 0; r < hits.length; r++) {
      const f = feedIds[r]!;
      if (f !== last) {
        last = f;
        hit = ofFeed(f) ? 1 : 0;
      }
      hits[r] = hit;
    }
    return hits;
  };
  return Object.assign(test, { all });
}
