/**
 * Row tests the compiler builds around costly or repeated work: a test that answers every row at
 * once when most rows will be asked (`scanned`, `titleLike`), and a feed-level test decided once
 * per feed (`memoByFeed`).
 */
import type { CompileEnv } from './compileEnv';

/**
 * A costly row test asked row by row at first; once a sixteenth of the rows were asked about at
 * one index version (a scan, not a few candidates), every row is answered at once, in row order
 * (`all`: default `test` over each row), and the rows look up the answer. Rows come in date
 * order, which is scattered in memory: at 1M rows `enclosure LIKE` took 64 ms that way and
 * 14 ms in row order. A rule's matcher, asked row by row as articles arrive, stays row by row.
 */
export function scanned(
  env: CompileEnv,
  test: (row: number) => boolean,
  all: () => Uint8Array = () => {
    const hits = new Uint8Array(env.source.index.rowCount());
    for (let r = 0; r < hits.length; r++) hits[r] = test(r) ? 1 : 0;
    return hits;
  },
): (row: number) => boolean {
  const { index } = env.source;
  let version = index.version;
  // Known candidates count as asked: a planner's walk over most rows scans from the first row.
  let asked = env.candidates ?? 0;
  let hits: Uint8Array | null = null;
  return (r) => {
    if (index.version !== version) {
      version = index.version;
      asked = 0;
      hits = null;
    }
    if (hits) return hits[r] === 1;
    if (++asked > index.rowCount() >> 4) {
      hits = all();
      return hits[r] === 1;
    }
    return test(r);
  };
}

/**
 * `title LIKE needle`: scanned, and all at once through the index's native search over every
 * title (titleMatches) when it has one. At 1M articles row by row was 107–165 ms.
 */
export function titleLike(env: CompileEnv, needle: string): (row: number) => boolean {
  const { index } = env.source;
  const test = (r: number) => index.titleLower(r).includes(needle);
  const matches = index.titleMatches?.bind(index);
  return scanned(env, test, matches && (() => matches(needle)));
}

// Feed ids below this are memoised in a typed array (1 = false, 2 = true), others in a Map. A
// Map lookup per row was ~20 ms of a 1M-row walk.
const DENSE_FEED_IDS = 1 << 20;

export function memoByFeed(pred: (f: number) => boolean, env: CompileEnv): (r: number) => boolean {
  const { index } = env.source;
  let dense = new Uint8Array(256);
  const sparse = new Map<number, boolean>();
  return (r) => {
    const f = index.feedId(r);
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
}
