import { PAGE_SIZE } from '../db/itemRow';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { Pager } from '../query/pager';
import type { ItemRow, Page } from '../types';
import { findRelated } from './related';
import { readText } from './textLoss';
import {
  orderDocs,
  queryTerms,
  Scratch,
  scoreQuery,
  type DocIds,
  type FeedTerms,
  type Scored,
} from './scoring';
import type { TextIndex } from './textIndex';
import {
  hasPhrase,
  parseSearch,
  titleHoldsAll,
  titleTerms,
  type Phrase,
  type TitleTerm,
} from './searchQuery';
import type { TextStore } from './textStore';
import { forEachTerm } from './tokenize';

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
   * Full-text results (syntax in searchQuery.ts): every word must match, the last word also as
   * a prefix unless the text ends in a space, "quoted phrases" as written. Best first: articles
   * whose title holds every word (among the best TITLE_FIRST_WINDOW), then BM25 over title ×3, author, feed title and text; newest
   * first on equal scores. No match gives no rows (total 0); `anyIfNone` (the AI assistant's
   * keyword lists) instead falls back to articles matching any word. `terms` are the index terms
   * used (for highlighting). Cost: the postings of the query's terms + a sort of the matches
   * (+ a title check per match, + a text check per match for phrases), one bulkGet per page.
   * Fails: 'bad_cursor', storage errors.
   */
  run(
    text: string,
    opts?: { cursor?: string | null; limit?: number; anyIfNone?: boolean },
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

/**
 * How many of the best matches (by BM25) are checked for a title holding every word and moved
 * up. The title weighs 3× in BM25, so such articles already sit near the top; checking every
 * match instead (half the corpus for a common word) cost ~10 ms per query at 20k articles in
 * the search benchmark, for moves far below anything a reader scrolls to.
 */
export const TITLE_FIRST_WINDOW = 1_000;
/** A search pause after which the scoring arrays are given back. */
export const SCRATCH_IDLE_MS = 20_000;
/** The suggestions are the first few of this many best matches after the title check. */
const SUGGEST_WINDOW = 50;

/**
 * Keeps only the matches that contain every phrase (in title, author or text), in place in
 * `s`'s arrays; returns `s`. Cost: per match one index lookup and a fold of its title, author, maybe text.
 */
function keepPhrases(ctx: EngineContext, store: TextStore, s: Scored, phrases: Phrase[]): Scored {
  if (phrases.length === 0) return s;
  let k = 0;
  for (let i = 0; i < s.docs.length; i++) {
    const doc = s.docs[i] as number;
    const row = ctx.index.rowOf(store.idOf(doc));
    const title = row < 0 ? '' : ctx.index.title(row);
    const author = row < 0 ? '' : ctx.index.author(row);
    let body: string | null = null;
    const all = phrases.every(
      (p) => hasPhrase(title, p) || hasPhrase(author, p) || hasPhrase((body ??= store.textOfSlot(doc)), p),
    );
    if (!all) continue;
    s.docs[k] = doc;
    s.scores[k++] = s.scores[i] as number;
  }
  s.docs = s.docs.subarray(0, k);
  s.scores = s.scores.subarray(0, k);
  return s;
}

/**
 * Reorders the first `window` item ids (best first) so those whose title holds every term come
 * first, each part keeping its order. Mutates `ids`. Cost: one title check per id looked at.
 */
function titleFirst(ctx: EngineContext, ids: Int32Array, terms: TitleTerm[], window: number): Int32Array {
  const n = Math.min(ids.length, window);
  if (terms.length === 0 || n < 2) return ids;
  const holders: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i] as number;
    const row = ctx.index.rowOf(id);
    (row >= 0 && titleHoldsAll(ctx.index.titleLower(row), terms) ? holders : others).push(id);
  }
  ids.set(holders, 0);
  ids.set(others, holders.length);
  return ids;
}

/** Builds the search domain over an engine context and its text index. */
export function createSearchApi(ctx: EngineContext, text: TextIndex): SearchApi {
  const scratch = new Scratch();
  // The scratch's per-query arrays go once searching pauses (see Scratch.release).
  let idle: ReturnType<typeof setTimeout> | undefined;
  const used = () => {
    clearTimeout(idle);
    idle = setTimeout(() => scratch.release(), SCRATCH_IDLE_MS);
    (idle as { unref?: () => void }).unref?.();
  };
  const pager = new Pager((ids) => ctx.rows.byIds(ids));
  const feedCache = new Map<number, { title: string; terms: string[] }>();

  const score = (query: string, anyIfNone = false): Scored & { titleTerms: TitleTerm[] } => {
    used();
    const parsed = parseSearch(query);
    const scored = scoreQuery(text.search, parsed.words, feedTermsOf(ctx, feedCache), scratch, anyIfNone);
    return { ...keepPhrases(ctx, text.store, scored, parsed.phrases), titleTerms: titleTerms(parsed.words) };
  };

  // Item ids of text store slots, and when slots were renumbered (ordered results then expire).
  const slotIds: DocIds = { idOf: (slot) => text.store.idOf(slot), numbering: () => text.store.numbering };

  return {
    async run(query, opts = {}) {
      if (typeof query !== 'string') throw new EngineError('bad_query', 'Search text must be a string');
      const any = opts.anyIfNone === true;
      const key = `s${any ? '|' : '\u0000'}${query}`;
      const words = parseSearch(query).words;
      // Quoted phrases read article texts: a lost chunk file is rebuilt and the page asked again.
      const page = await readText(text, () =>
        pager.page(key, opts.cursor, opts.limit ?? PAGE_SIZE, () => {
          // Best first (score desc, then pubDate desc), ordered as far as pages are read.
          const ranked = orderDocs(text.search, scratch, () => score(query, any), slotIds);
          const first = ranked.prefix(TITLE_FIRST_WINDOW);
          if (first) titleFirst(ctx, first, titleTerms(words), TITLE_FIRST_WINDOW);
          return ranked;
        }),
      );
      return { ...page, terms: queryTerms(text.search, words) };
    },

    async suggest(query, limit = 8) {
      if (typeof query !== 'string') throw new EngineError('bad_query', 'Search text must be a string');
      const shown = Math.min(Math.max(Math.floor(limit), 1), 50);
      // The best few dozen, of which those with every word in the title come first.
      const n = Math.max(shown, SUGGEST_WINDOW);
      const s = await readText(text, () => score(query));
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
      const ids = titleFirst(
        ctx,
        Int32Array.from(best, (b) => text.store.idOf(b.doc)),
        s.titleTerms,
        n,
      );
      return ctx.rows.byIds(Array.from(ids.subarray(0, shown)));
    },

    async related(itemId, limit = 10) {
      const n = Math.min(Math.max(Math.floor(limit), 1), 100);
      used();
      const found = await readText(text, () =>
        findRelated(itemId, n, text.store, text.search, ctx.index, scratch),
      );
      const rows = await ctx.rows.byIds([...found.related.map((r) => r.id), ...found.duplicates]);
      const byId = new Map(rows.map((r) => [r.id, r]));
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
