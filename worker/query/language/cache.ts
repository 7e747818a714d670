import { parseQuery, type ParseResult, type QueryError } from './parse';
import { planAndRun } from './plan';
import type { QuerySource, RunOptions, RunResult } from './source';
import { usesNow } from './validate';
import type { QueryWarning } from './warnings';

export type RunTextResult =
  ({ ok: true } & RunResult & { warnings: QueryWarning[] }) | { ok: false; error: QueryError };

/** A small LRU map. */
class Lru<V> {
  private map = new Map<string, V>();
  constructor(private capacity: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }
}

/**
 * Parses and runs query text, caching parses by text and results by (text, page, index.version,
 * source.feedsVersion). Results are cached only when the source sets `feedsVersion`; a query using
 * NOW() is reused only within the same second. One runner per engine.
 */
export class QueryRunner {
  private parses = new Lru<ParseResult>(64);
  private results = new Lru<RunResult>(32);

  /** Runs `text`; never throws. Cost: a cache hit is O(page); a miss is one planAndRun. */
  run(text: string, source: QuerySource, opts: RunOptions = {}): RunTextResult {
    let parsed = this.parses.get(text);
    if (!parsed) {
      parsed = parseQuery(text);
      this.parses.set(text, parsed);
    }
    if (!parsed.ok) return parsed;
    const { query, warnings } = parsed;
    let key: string | null = null;
    if (source.feedsVersion !== undefined) {
      const nowKey = usesNow(query) ? Math.floor(source.now()) : '';
      key = [
        source.index.version,
        source.feedsVersion,
        opts.offset ?? 0,
        opts.pageSize ?? '',
        nowKey,
        text,
      ].join('\u0000');
      const hit = this.results.get(key);
      if (hit)
        return {
          ok: true,
          ids: hit.ids.slice(),
          total: hit.total,
          warnings: [...warnings, ...(hit.warnings ?? [])],
        };
    }
    const result = planAndRun(query, source, opts);
    if (key !== null) this.results.set(key, { ...result, ids: result.ids.slice() });
    return {
      ok: true,
      ids: result.ids,
      total: result.total,
      warnings: [...warnings, ...(result.warnings ?? [])],
    };
  }
}
