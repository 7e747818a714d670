/**
 * Related articles and likely duplicates of one article.
 * - Related: the article's 24 most distinctive terms (weighted tf × idf over title ×3 and text)
 *   as a BM25 OR-query; the article itself and its duplicates are left out.
 * - Duplicates: among the best related candidates and the items with the same normalised link,
 *   those with the same link, or whose word-pair shingles overlap ≥ 60% (Jaccard), or whose
 *   folded titles are equal with ≥ 30% shingle overlap. Word pairs, not single words: two
 *   unrelated articles share many words but few adjacent pairs.
 */
import type { MetaIndexView } from '../index/types';
import { bm25, idfOf, type Scratch } from './scoring';
import { termFrequencies, type SearchIndex } from './searchIndex';
import { foldText, tokenize } from './tokenize';
import type { TextStore } from './textStore';

const QUERY_TERMS = 24;
const CANDIDATES = 60;
const DUP_JACCARD = 0.6;
const TITLE_DUP_JACCARD = 0.3;

/** Link without scheme, www., fragment, tracking parameters and trailing slash. */
export function normaliseLink(link: string): string {
  const raw = link.trim();
  if (raw === '') return '';
  try {
    const u = new URL(raw);
    for (const key of [...u.searchParams.keys()])
      if (/^(utm_|fbclid$|gclid$|ref$|mc_)/i.test(key)) u.searchParams.delete(key);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.replace(/\/+$/, '');
    const query = u.searchParams.toString();
    return `${host}${path}${query ? `?${query}` : ''}`;
  } catch {
    return raw.toLowerCase();
  }
}

function shingles(title: string, text: string): Set<number> {
  const words = tokenize(`${title} ${text}`);
  const out = new Set<number>();
  for (let i = 0; i + 1 < words.length; i++) {
    let h = 2166136261;
    const pair = `${words[i] as string} ${words[i + 1] as string}`;
    for (let j = 0; j < pair.length; j++) h = Math.imul(h ^ pair.charCodeAt(j), 16777619);
    out.add(h >>> 0);
  }
  return out;
}

function jaccard(a: Set<number>, b: Set<number>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** What `findRelated` returns: item ids with scores, and duplicate ids. */
export interface RelatedIds {
  related: { id: number; score: number }[];
  duplicates: number[];
}

/**
 * Related and duplicate item ids of `itemId` (empty when the item is not indexed).
 * Cost: postings of ≤ 24 terms, a linear scan of links, tokenising ≤ 60 candidate texts.
 */
export function findRelated(
  itemId: number,
  limit: number,
  store: TextStore,
  search: SearchIndex,
  index: MetaIndexView,
  scratch: Scratch,
): RelatedIds {
  const self = store.slotOf(itemId);
  const row = index.rowOf(itemId);
  if (self < 0 || row < 0) return { related: [], duplicates: [] };
  const title = index.title(row);
  const text = store.textOfSlot(self);
  const live = Math.max(1, search.docCount());
  const weighted: { id: number; w: number }[] = [];
  for (const [term, tf] of termFrequencies({ title, author: '', text })) {
    const id = search.termId(term);
    if (id >= 0) weighted.push({ id, w: tf * idfOf(search.docFreq(id), live) });
  }
  weighted.sort((a, b) => b.w - a.w);
  const n = search.slotCount();
  scratch.prepare(n);
  const acc = scratch.acc;
  const touched: number[] = [];
  const avg = search.avgLength();
  for (const { id } of weighted.slice(0, QUERY_TERMS)) {
    const idf = idfOf(search.docFreq(id), live);
    search.forEachPosting(id, (doc, tf) => {
      if (acc[doc] === 0) touched.push(doc);
      acc[doc] = (acc[doc] as number) + bm25(idf, tf, search.length(doc), avg);
    });
  }
  const scored = touched.filter((d) => d !== self).map((d) => ({ doc: d, score: acc[d] as number }));
  for (const d of touched) acc[d] = 0;
  scored.sort((a, b) => b.score - a.score || search.pubDate(b.doc) - search.pubDate(a.doc));

  const link = normaliseLink(index.link(row));
  const candidates = new Set(scored.slice(0, CANDIDATES).map((s) => s.doc));
  if (link !== '') {
    // Parsing 100k URLs takes ~200 ms; only links containing the path's tail are parsed.
    const path = link.split('?')[0] as string;
    const tail = path.slice(path.lastIndexOf('/') + 1);
    const holds = index.linkIncludes
      ? index.linkIncludes.bind(index)
      : (r: number) => index.link(r).includes(tail);
    for (const r of index.rowsByDate()) {
      if (r === row || (tail !== '' && !holds(r, tail))) continue;
      const other = index.link(r);
      if (other === '') continue;
      if (normaliseLink(other) === link) {
        const doc = store.slotOf(index.id(r));
        if (doc >= 0) candidates.add(doc);
      }
    }
  }
  const mine = shingles(title, text);
  const foldedTitle = foldText(title).trim();
  const dups = new Set<number>();
  for (const doc of candidates) {
    const id = store.idOf(doc);
    const r = index.rowOf(id);
    if (r < 0) continue;
    const sameLink = link !== '' && normaliseLink(index.link(r)) === link;
    const overlap = jaccard(mine, shingles(index.title(r), store.textOfSlot(doc)));
    const sameTitle = foldedTitle !== '' && foldText(index.title(r)).trim() === foldedTitle;
    if (sameLink || overlap >= DUP_JACCARD || (sameTitle && overlap >= TITLE_DUP_JACCARD)) dups.add(doc);
  }
  const related = scored
    .filter((s) => !dups.has(s.doc) && s.score > 0)
    .slice(0, limit)
    .map((s) => ({ id: store.idOf(s.doc), score: s.score }));
  const duplicates = [...dups].map((d) => store.idOf(d));
  return { related, duplicates };
}
