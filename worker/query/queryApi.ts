import { PAGE_SIZE } from '../db/itemRow';
import type { EngineContext } from '../engineContext';
import { queryErrorToEngineError } from './language/engineError';
import type { QueryError } from './language/parse';
import type { QueryWarning } from './language/warnings';
import type { TextIndex } from '../search/textIndex';
import type { ItemRow, Page } from '../types';
import { FLAG_READ } from '../../shared/flags';
import { QueryEvaluator } from './evaluate';
import { rankKeywords, type Keyword } from './keywords';
import { MAX_PAGE, Pager } from './pager';
import { rowList } from './rowList';
import type { MatchRows } from './matchRows';

/** Paging options of `query.run` and `query.keywords`. */
export interface QueryPageOptions {
  cursor?: string | null;
  /** Page size; default 50 (or the query's LIMIT, up to 500). */
  limit?: number;
  /** Only unread items (for a filter: `AND isRead = false`, then LIMIT). */
  unreadOnly?: boolean;
}

/** Answer of `query.check`. */
export type QueryCheck =
  { ok: true; total: number; warnings: QueryWarning[] } | { ok: false; error: QueryError };

/** Sidebar counts of one saved filter. */
export interface FilterCounts {
  total: number;
  unread: number;
  /** Why the filter cannot run (its syntax error). */
  error?: QueryError;
}

/** The `query` domain: the filter language over the engine's index. */
export interface QueryApi {
  /**
   * One page of a filter's results (rows without bodies) plus the query's warnings. Cursors are
   * stable while a list is open (see pager.ts). Cost: one planAndRun per new list (cached by
   * index version), one bulkGet per page. Fails: EngineError('query_syntax' | 'query_too_long')
   * with details { position, expected }, 'bad_cursor', storage errors.
   */
  run(text: string, opts?: QueryPageOptions): Promise<Page<ItemRow> & { warnings: QueryWarning[] }>;
  /** Live count for the editor; a syntax error is an answer, never a rejection. */
  check(text: string): Promise<QueryCheck>;
  /** Total and unread counts of saved filters, by filter id (from the results cache when current). */
  counts(filters: { id: string; query: string }[]): Promise<Record<string, FilterCounts>>;
  /** Keyword filter results ranked by weighted occurrences (see keywords.ts), newest first on ties. */
  keywords(keywords: Keyword[], opts?: QueryPageOptions): Promise<Page<ItemRow>>;
  /**
   * The unread matches of a filter (a query, or keywords), in its list's order, only those with
   * pubDate < olderThan when given: what "mark all read" of its results marks. From the index
   * (no row is read), so a filter of 300,000 matches at a million articles is one call, where
   * walking its list read 600 pages of rows. Fails: as `run` for a query that cannot run.
   */
  unreadIds(filter: FilterSource, olderThan?: number): Promise<number[]>;
}

/** A filter's selection: its query text, or its keywords. */
export type FilterSource = { query: string } | { keywords: Keyword[] };

/** Builds the query domain over an engine context and its text index. */
export function createQueryApi(ctx: EngineContext, text: TextIndex): QueryApi {
  const evaluator = new QueryEvaluator(ctx, text);
  const pager = new Pager((ids) => ctx.rows.byIds(ids));

  const unreadLive = (row: number) => ctx.index.isLive(row) && (ctx.index.flags(row) & FLAG_READ) === 0;
  const countUnread = (rows: MatchRows): number => {
    let n = 0;
    for (const part of rows.parts()) for (const row of part) if (unreadLive(row)) n++;
    return n;
  };

  return {
    async run(queryText, opts = {}) {
      const unread = opts.unreadOnly === true;
      const first = await evaluator.evaluate(queryText, unread);
      if (!first.ok) throw queryErrorToEngineError(first.error);
      const size =
        opts.limit ??
        (first.ast.limit !== null ? Math.min(Math.max(first.ast.limit, 1), MAX_PAGE) : PAGE_SIZE);
      let answer = first;
      const page = await pager.page(
        `q\u0000${unread ? 1 : 0}\u0000${queryText}`,
        opts.cursor,
        size,
        // The pager asks only within this call, after the evaluation above. Between the two there
        // are microtask hops, in which another call's deletion may compact the index: the rows
        // are then of an old numbering (the list cannot tell), and the query is evaluated again.
        async () => {
          if (answer.numbering !== ctx.index.numbering) {
            const again = await evaluator.evaluate(queryText, unread);
            if (again.ok) answer = again;
          }
          return rowList(answer.rows, ctx.index, answer.numbering);
        },
      );
      return { ...page, warnings: first.warnings };
    },

    async check(queryText) {
      const result = await evaluator.evaluate(queryText);
      return result.ok ? { ok: true, total: result.rows.length, warnings: result.warnings } : result;
    },

    async counts(filters) {
      const out: Record<string, FilterCounts> = {};
      for (const { id, query } of filters) {
        const result = await evaluator.evaluate(query);
        out[id] = result.ok
          ? { total: result.rows.length, unread: countUnread(result.rows) }
          : { total: 0, unread: 0, error: result.error };
      }
      return out;
    },

    async unreadIds(filter, olderThan = Infinity) {
      const { index } = ctx;
      const ids: number[] = [];
      const take = (row: number) => {
        if (unreadLive(row) && index.pubDate(row) < olderThan) ids.push(index.id(row));
      };
      if ('keywords' in filter) {
        await text.fresh();
        // Ranked ids (keywords.ts), as the filter's list shows them (read ones too).
        for (const id of rankKeywords(ctx, text.store, text.search, filter.keywords, false)) {
          const row = index.rowOf(id);
          if (row >= 0) take(row);
        }
        return ids;
      }
      const result = await evaluator.evaluate(filter.query);
      if (!result.ok) throw queryErrorToEngineError(result.error);
      for (const part of result.rows.parts()) for (const row of part) take(row);
      return ids;
    },

    async keywords(list, opts = {}) {
      await text.fresh();
      const unread = opts.unreadOnly === true;
      return pager.page(
        `k\u0000${unread ? 1 : 0}\u0000${JSON.stringify(list)}`,
        opts.cursor,
        opts.limit ?? PAGE_SIZE,
        () => rankKeywords(ctx, text.store, text.search, list, unread),
      );
    },
  };
}
