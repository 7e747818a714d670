/**
 * Keywords for the feed assistant's retrieval: parsing the model's JSON answer, and a local
 * fallback when there is no model or its answer is unusable.
 */

/** A weighted keyword (the engine's `query.keywords` takes the same shape). */
export interface WeightedKeyword {
  keyword: string;
  weight: number;
}

// Question words and fillers that never help a full-text search.
const STOP = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to was we were what when where ' +
    'which who whom why will with would you your about any some tell show find give articles article news ' +
    'latest recent recently anything everything please know say said new' +
    ' 的 了 是 在 和 有 吗 呢 什么 怎么 哪些 关于 最近 一下 请 我 你'
  ).split(' '),
);

/**
 * Local keyword extraction: lower-cased words of the question (letters and digits, any script)
 * minus stop words and one-letter Latin words, unique, in order, weight 1 (CJK runs stay whole:
 * the search index splits them into bigrams itself). At most 8. Pure.
 */
export function localKeywords(question: string): WeightedKeyword[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const out: WeightedKeyword[] = [];
  const seen = new Set<string>();
  for (const raw of words) {
    const w = raw.replace(/['’-]+$/, '');
    if (STOP.has(w) || seen.has(w)) continue;
    if (/^[a-z0-9]$/.test(w)) continue;
    seen.add(w);
    out.push({ keyword: w, weight: 1 });
    if (out.length === 8) break;
  }
  return out;
}

/**
 * Reads `{"keywords":[{keyword, weight}]}` (or a bare array) from a model answer, tolerating a
 * ```json fence and text around the JSON. Weights are clamped to 1–5; blank keywords dropped.
 * Null when nothing usable is found (the caller falls back to {@link localKeywords}).
 */
export function parseModelKeywords(answer: string): WeightedKeyword[] | null {
  const start = answer.search(/[[{]/);
  if (start === -1) return null;
  const end = Math.max(answer.lastIndexOf('}'), answer.lastIndexOf(']'));
  if (end <= start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { keywords?: unknown }).keywords;
  if (!Array.isArray(list)) return null;
  const out: WeightedKeyword[] = [];
  for (const entry of list) {
    const keyword = typeof entry === 'string' ? entry : (entry as { keyword?: unknown } | null)?.keyword;
    if (typeof keyword !== 'string' || keyword.trim() === '') continue;
    const w = Number((entry as { weight?: unknown }).weight ?? 1);
    out.push({
      keyword: keyword.trim().slice(0, 80),
      weight: Number.isFinite(w) ? Math.min(5, Math.max(1, w)) : 1,
    });
    if (out.length === 8) break;
  }
  return out.length > 0 ? out : null;
}

/** Joins keywords into one full-text search string (the engine's search ORs and ranks terms). */
export function keywordsToSearch(keywords: WeightedKeyword[]): string {
  return keywords.map((k) => k.keyword).join(' ');
}
