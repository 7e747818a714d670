import { PAGE_SIZE, toItemRow } from '../db/itemRow';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { Pager } from '../queryService/pager';
import type { ItemRow, Page } from '../types';
import { findRelated } from './related';
import { orderDocs, Scratch, scoreQuery, type FeedTerms, type Scored } from './scoring';
import type { TextIndex } from './textIndex';
import { forEachTerm, queryWords } from './tokenize';

/** Sizes of the search index. `bytes`: typed arrays of the text store and the index. */
export interface SearchStats {
  docs: number;
  terms: number;
  bytes: number;
  ready: boolean;
}

/** The `search` domain: full-text search, instant suggestions and related articles. */
export interface SearchApi {
  /**
   * Full-text results, best first (BM25 over title ×3, author, feed title and text; newest
   * first on equal scores); the last word matches as a prefix unless the text ends in a space.
   * `terms` are the index terms used (for highlighting). Cost: the postings of the query's
   * terms + a sort of the matches, one bulkGet per page. Fails: 'bad_cursor', storage errors.
   */
  run(
    text: string,
    opts?: { cursor?: string | null; limit?: number },
  ): Promise<Page<ItemRow> & { terms: string[] }>;
  /** The best `limit` (default 8, at most 50) results as you type; no total, no paging. */
  suggest(text: string, limit?: number): Promise<ItemRow[]>;
  /**
   * Most similar articles to `itemId` (itself and its duplicates excluded) with their scores,
   * and its likely duplicates across feeds. Empty lists for an unknown id. See related.ts.
   */
  related(
    itemId: number,
    limit?: number,
  ): Promise<{ related: (ItemRow & { score: number })[]; duplicates: ItemRow[] }>;
  /** Index sizes and whether the index is loaded. Never waits. */
  stats(): Promise<SearchStats>;
}

// Folded title terms per feed, recomputed only for feeds whose title changed.
function feedTermsOf(ctx: EngineContext, cache: Map<number, { title: string; terms: string[] }>): FeedTerms {
  const out: FeedTerms = new Map();
  for (const feed of ctx.feedCache.values()) {
    let hit = cache.get(feed.id);
    if (!hit || hit.title !== feed.title) {
      const terms: string[] = [];
      forEachTerm(feed.title, (t) => terms.push(t));
      hit = { title: feed.title, terms };
      cache.set(feed.id, hit);
    }
    out.set(feed.id, hit.terms);
  }
  return out;
}

/** Builds the search domain over an engine context and its text index. */
export function createSearchApi(ctx: EngineContext, text: TextIndex): SearchApi {
  const scratch = new Scratch();
  const pager = new Pager(ctx.stores.items);
  const feedCache = new Map<number, { title: string; terms: string[] }>();

  const score = (query: string): Scored =>
    scoreQuery(text.search, queryWords(query), feedTermsOf(ctx, feedCache), scratch);

  // Best first: score desc, then pubDate desc.
  const order = (s: Scored): Int32Array => {
    const docs = orderDocs(text.search, s, scratch);
    const ids = new Int32Array(docs.length);
    for (let i = 0; i < docs.length; i++) ids[i] = text.store.idOf(docs[i] as number);
    return ids;
  };

  return {
    async run(query, opts = {}) {
      if (typeof query !== 'string') throw new EngineError('bad_query', 'Search text must be a string');
      await text.fresh();
      let terms: string[] = [];
      const key = `s\u0000${query}`;
      const page = await pager.page(key, opts.cursor, opts.limit ?? PAGE_SIZE, () => {
        const scored = score(query);
        terms = scored.terms;
        return order(scored);
      });
      if (terms.length === 0 && opts.cursor) terms = score(query).terms;
      return { ...page, terms };
    },

    async suggest(query, limit = 8) {
      if (typeof query !== 'string') throw new EngineError('bad_query', 'Search text must be a string');
      await text.fresh();
      const n = Math.min(Math.max(Math.floor(limit), 1), 50);
      const s = score(query);
      // Top n by selection: one pass keeping a small sorted list (no full sort of every match).
      const best: { doc: number; score: number; date: number }[] = [];
      for (let i = 0; i < s.docs.length; i++) {
        const doc = s.docs[i] as number;
        const sc = s.scores[i] as number;
        const date = text.search.pubDate(doc);
        const worst = best[best.length - 1];
        if (best.length === n && worst && (sc < worst.score || (sc === worst.score && date <= worst.date)))
          continue;
        let at = best.length;
        while (at > 0) {
          const prev = best[at - 1] as { score: number; date: number };
          if (prev.score > sc || (prev.score === sc && prev.date >= date)) break;
          at--;
        }
        best.splice(at, 0, { doc, score: sc, date });
        if (best.length > n) best.pop();
      }
      const records = await ctx.stores.items.byIds(best.map((b) => text.store.idOf(b.doc)));
      return records.map(toItemRow);
    },

    async related(itemId, limit = 10) {
      await text.fresh();
      const n = Math.min(Math.max(Math.floor(limit), 1), 100);
      const found = findRelated(itemId, n, text.store, text.search, ctx.index, scratch);
      const records = await ctx.stores.items.byIds([...found.related.map((r) => r.id), ...found.duplicates]);
      const byId = new Map(records.map((r) => [r.id, toItemRow(r)]));
      return {
        related: found.related.flatMap((r) => {
          const row = byId.get(r.id);
          return row ? [{ ...row, score: r.score }] : [];
        }),
        duplicates: found.duplicates.flatMap((id) => {
          const row = byId.get(id);
          return row ? [row] : [];
        }),
      };
    },

    stats: () => Promise.resolve(text.stats()),
  };
}
