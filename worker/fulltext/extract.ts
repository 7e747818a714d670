/**
 * Whole-article extraction: finds the article in a fetched page with `@mozilla/readability` (the
 * code behind Firefox Reader View) over a `linkedom` document.
 *
 * Where it runs, measured (2026-11-25, headless Chromium on this project's shared 2-core machine
 * under heavy load, medians of 5 runs; pages: the fixture article and five real documentation
 * pages of the Rust toolchain's docs, 35–225 KB, with navigation sidebars and scripts):
 *
 *   page     main thread, DOMParser + Readability   worker, linkedom + Readability
 *   4 KB      1.0 ms, all of it blocking the UI        2.6 ms
 *   35 KB     5.0 ms                                   10.4 ms
 *   47 KB    13.5 ms                                   21.3 ms
 *   67 KB    27.4 ms                                   51.4 ms
 *   95 KB    44.6 ms                                   56.8 ms
 *   225 KB   42.5 ms                                   60.5 ms
 *
 * linkedom is 1.3–2× slower than the browser's parser, but in the worker none of it blocks the
 * page (a 1 ms heartbeat on the main thread saw no longer gaps than this loaded machine shows
 * anyway), while each DOMParser run is one long task of up to 45 ms: dropped frames while
 * scrolling. Background extraction after a refresh runs page after page, and the result is stored
 * and indexed in the worker anyway, so extraction runs in the engine's worker. Node gives similar
 * figures. Readability and linkedom (~380 KB) load on first use (fullText.ts), so the worker's
 * start-up does not pay for them. The extracted HTML is not trusted: the reader sanitises it with
 * the same DOMPurify pass as feed HTML when it shows it.
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
