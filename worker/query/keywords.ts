/**
 * Keyword filters: items ranked by weighted keyword occurrences. Occurrences come from the
 * full-text index (word matches after case and accent folding, not substrings): a title
 * occurrence counts 3, an author or text occurrence 1 (the index's field-weighted frequency),
 * and each occurrence in the feed's title counts 1. A keyword of several words counts the
 * occurrences of its rarest word in items holding all of them. Ties: newest first.
 */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { SearchIndex } from '../search/searchIndex';
import { forEachTerm } from '../search/tokenize';
import type { TextStore } from '../search/textStore';
import { FLAG_READ } from '../../shared/flags';

/** One weighted keyword of a keyword filter. */
export interface Keyword {
  keyword: string;
  weight: number;
}

function termsOf(text: string): string[] {
  const out: string[] = [];
  forEachTerm(text, (t) => out.push(t));
  return [...new Set(out)];
}

/** Occurrences per doc of one keyword (all its terms present; the rarest term's count). */
function occurrences(search: SearchIndex, terms: string[]): Map<number, number> {
  const ids = terms.map((t) => search.termId(t));
  if (ids.some((id) => id < 0)) return new Map();
  ids.sort((a, b) => search.docFreq(a) - search.docFreq(b));
  const out = new Map<number, number>();
  search.forEachPosting(ids[0] as number, (doc, tf) => out.set(doc, tf));
  for (const id of ids.slice(1)) {
    const next = new Map<number, number>();
    search.forEachPosting(id, (doc) => {
      const tf = out.get(doc);
      if (tf !== undefined) next.set(doc, tf);
    });
    out.clear();
    for (const [d, tf] of next) out.set(d, tf);
  }
  return out;
}

/**
 * Ranked ids for a keyword list. Fails: EngineError('bad_query') for a keyword list that is not
 * an array of { keyword: string, weight: finite number }.
 * Cost: the postings of the keywords' terms + a sort of the matched items.
 */
export function rankKeywords(
  ctx: EngineContext,
  store: TextStore,
  search: SearchIndex,
  keywords: Keyword[],
  unreadOnly: boolean,
): Int32Array {
  if (!Array.isArray(keywords))
    throw new EngineError('bad_query', 'Keywords must be a list of { keyword, weight }');
  const score = new Map<number, number>();
  const feedTitles = new Map<number, string[]>();
  for (const feed of ctx.feedCache.values()) {
    const terms: string[] = [];
    forEachTerm(feed.title, (t) => terms.push(t));
    feedTitles.set(feed.id, terms);
  }
  for (const k of keywords) {
    if (typeof k?.keyword !== 'string' || typeof k.weight !== 'number' || !Number.isFinite(k.weight))
      throw new EngineError('bad_query', 'Each keyword needs a text and a numeric weight');
    const terms = termsOf(k.keyword);
    if (terms.length === 0 || k.weight === 0) continue;
    for (const [doc, n] of occurrences(search, terms)) score.set(doc, (score.get(doc) ?? 0) + k.weight * n);
    for (const [feedId, titleTerms] of feedTitles) {
      const n = Math.min(...terms.map((t) => titleTerms.filter((x) => x === t).length));
      if (n === 0) continue;
      for (const row of ctx.index.rowsOfFeed(feedId)) {
        const doc = store.slotOf(ctx.index.id(row));
        if (doc >= 0) score.set(doc, (score.get(doc) ?? 0) + k.weight * n);
      }
    }
  }
  const { index } = ctx;
  const ranked: { id: number; score: number; date: number }[] = [];
  for (const [doc, s] of score) {
    if (s <= 0 || !search.isLive(doc)) continue;
    const id = store.idOf(doc);
    const row = index.rowOf(id);
    if (row < 0 || (unreadOnly && (index.flags(row) & FLAG_READ) !== 0)) continue;
    ranked.push({ id, score: s, date: index.pubDate(row) });
  }
  ranked.sort((a, b) => b.score - a.score || b.date - a.date || b.id - a.id);
  return Int32Array.from(ranked, (r) => r.id);
}
