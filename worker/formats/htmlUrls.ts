/**
 * Relative URLs inside article HTML → absolute, DOM-free (runs in the worker and in Node).
 * Links within the article (`#fn1`) and links to a site's home page without the path's slash
 * are left as written (see `resolveValue`).
 *
 * IMPORTANT: this runs for every item of every refresh, over the largest strings a feed holds,
 * so it does the least work the input allows, in three tiers that give the same output:
 * 1. `firstUrlRewrite`: one walk over the `=` signs; when no URL attribute value would change
 *    (most feeds carry only absolute, canonical URLs) the HTML is returned as it is, else the
 *    values before the first that changes are known to stay;
 * 2. `scanUrlAttributes` (htmlScan.ts): a character scan of tags and attributes, for HTML
 *    made of plain text, tags and raw-text elements;
 * 3. htmlparser2's tokenizer, for everything else (comments, CDATA, bogus markup, truncation).
 * Tier 3 is the reference; tests hold tiers 1 and 2 to it on generated HTML.
 */
import { QuoteType, Tokenizer } from 'htmlparser2';
import { isCanonicalHttpUrl, resolveUrl } from '../../shared/url';
import { isHtmlSpace, isUrlAttribute, nameAt, scanUrlAttributes, type AttrSpan } from './htmlScan';

function decodeAttr(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(amp|quot|apos|lt|gt|#38|#39|#34);/g, (_m, e: string) =>
    e === 'amp' || e === '#38'
      ? '&'
      : e === 'quot' || e === '#34'
        ? '"'
        : e === 'apos' || e === '#39'
          ? "'"
          : e === 'lt'
            ? '<'
            : '>',
  );
}

function encodeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function resolveSrcset(value: string, base: string): string {
  return value
    .split(/,(?=\s)|,$/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [url = '', ...descriptors] = part.split(/\s+/);
      return [resolveUrl(url, base), ...descriptors].join(' ');
    })
    .join(', ');
}

// An http(s) URL in canonical form but for the `/` of its empty path: `https://host`, a link to
// a site's home page. Resolving it only adds that slash, which the reader's sanitiser adds
// again when it shows the link (src/reader/urls.ts), so it is left as written. In real feeds it
// was the commonest value that changed (large_rss.xml: 42 of 42; atp.rss: 31 of 31), and one
// change sends the whole article through the attribute scan: `readFeed` of large_atom.xml took
// 4.7 ms with it and 3.9 ms without (Node, medians of 15; feedsmith alone 3.5 ms). The host rule
// is CANONICAL_URL's (shared/url.ts).
const BARE_HOST = /^https?:\/\/(?![^/]*xn--)(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*$/;
// A fragment-only value (`#fn1`, after whitespace as `String.trim` counts it): a link within the
// article, such as a footnote and its way back. The reader keeps these as they are, so they
// move within the article it shows (src/reader/urls.ts); resolved here against the feed's URL
// they became links to the feed document, opened in a new tab. Left as written.
const FRAGMENT = /^\s*#/;

/** The resolved form of one decoded attribute value (`name` lower-case). */
function resolveValue(name: string, value: string, base: string): string {
  if (name === 'srcset') return resolveSrcset(value, base);
  // The canonical test first: it is what nearly every value passes, and it alone settles it.
  if (isCanonicalHttpUrl(value) || BARE_HOST.test(value) || FRAGMENT.test(value)) return value;
  return resolveUrl(value, base);
}

/** `name` (lower-case ASCII) ends at `end` in `html`, compared case-insensitively. */
function endsWithName(html: string, end: number, name: string): boolean {
  const start = end - name.length;
  return start >= 0 && nameAt(html, start, name);
}

/** The URL attribute name ending at `end` ('' for none). No name is a suffix of another. */
function urlNameBefore(html: string, end: number): string {
  // The names end in c, f, r or t (either case): most `=` signs are ruled out by one compare.
  const last = html.charCodeAt(end - 1) | 0x20;
  if (last !== 0x63 && last !== 0x66 && last !== 0x72 && last !== 0x74) return '';
  for (const name of ['srcset', 'poster', 'href', 'src']) if (endsWithName(html, end, name)) return name;
  return '';
}

/**
 * Where the first candidate URL attribute value of `html` starts whose resolution against
 * `base` could change it (relative, or absolute but not in canonical form, or its quoting is
 * broken); -1 when there is none, which means `resolveHtmlUrlsFull` returns `html` as is.
 * Candidates are every `href`/`src`/`srcset`/`poster`, HTML whitespace, `=` anywhere (text,
 * comments and scripts too, so this over-approximates the tokenizer), each with the value the
 * tokenizer would read after it: quoted up to the same quote, or unquoted up to whitespace or
 * `>`. Each `=` is examined without consuming its value, so a fake value in text cannot hide a
 * real attribute. Costs an indexOf walk over the `=` signs plus a URL check per candidate.
 */
export function firstUrlRewrite(html: string, base: string): number {
  const n = html.length;
  for (let eq = html.indexOf('='); eq >= 0; eq = html.indexOf('=', eq + 1)) {
    let k = eq;
    while (k > 0 && isHtmlSpace(html.charCodeAt(k - 1))) k--;
    const name = urlNameBefore(html, k);
    if (name === '') continue;
    let start = eq + 1;
    while (start < n && isHtmlSpace(html.charCodeAt(start))) start++;
    const q = html.charCodeAt(start);
    let end: number;
    if (q === 0x22 /* " */ || q === 0x27 /* ' */) {
      end = html.indexOf(q === 0x22 ? '"' : "'", ++start);
      // An unterminated quote: let the scanners decide what it is.
      if (end < 0) return start;
    } else {
      end = start;
      while (end < n) {
        const c = html.charCodeAt(end);
        if (c === 0x3e /* > */ || isHtmlSpace(c)) break;
        end++;
      }
    }
    const value = decodeAttr(html.slice(start, end));
    if (resolveValue(name, value, base) !== value) return start;
  }
  return -1;
}

/**
 * URL attribute values as htmlparser2's tokenizer reports them: the reference the scan in
 * htmlScan.ts must match (exported for its tests). One full tokenizer pass; never throws.
 */
export function tokenizeUrlAttributes(html: string): AttrSpan[] {
  const spans: AttrSpan[] = [];
  let name = '';
  let start = -1;
  let end = -1;
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onattribname(s, e) {
        name = html.slice(s, e).toLowerCase();
        start = -1;
      },
      onattribdata(s, e) {
        if (start < 0) start = s;
        end = e;
      },
      onattribend(quote) {
        if (start >= 0 && isUrlAttribute(name))
          spans.push({ name, start, end, unquoted: quote === QuoteType.Unquoted });
        start = -1;
      },
      onattribentity() {},
      oncdata() {},
      onclosetag() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onopentagend() {},
      onopentagname() {},
      onprocessinginstruction() {},
      onselfclosingtag() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return spans;
}

/**
 * Replaces each span's value by its resolved form where that differs. Spans starting before
 * `from` are known to stay as they are and are not resolved again.
 */
function rewriteSpans(html: string, spans: readonly AttrSpan[], base: string, from = 0): string {
  let out = '';
  let pos = 0;
  let changed = false;
  for (const span of spans) {
    if (span.start < from) continue;
    const value = decodeAttr(html.slice(span.start, span.end));
    const resolved = resolveValue(span.name, value, base);
    if (resolved === value) continue;
    const text = encodeAttr(resolved);
    // Unquoted values gain quotes so a resolved URL can never break out of the tag.
    out += html.slice(pos, span.start) + (span.unquoted ? `"${text}"` : text);
    pos = span.end;
    changed = true;
  }
  return changed ? out + html.slice(pos) : html;
}

/**
 * Rewrites relative `href`, `src`, `srcset` and `poster` attribute values in `html` to absolute
 * URLs against `base`. Everything else is left byte-for-byte as it was (it is sanitised later,
 * on the main thread). Linear in the input; returns `html` itself when nothing changes or
 * `base` is empty. Never throws.
 */
export function resolveHtmlUrls(html: string, base: string): string {
  const from = base ? firstUrlRewrite(html, base) : -1;
  if (from < 0) return html;
  const spans = scanUrlAttributes(html);
  // The scan reads each value exactly as `firstUrlRewrite` did at the same `=`, so every span
  // before `from` was checked there and stays as it is: only the rest are resolved (a long
  // article with one relative link near its end is resolved once, not twice).
  return spans ? rewriteSpans(html, spans, base, from) : resolveHtmlUrlsFull(html, base);
}

/**
 * `resolveHtmlUrls` done by htmlparser2's tokenizer alone: the reference the fast tiers are
 * tested against, and the path for HTML the scanner leaves alone. Same promises; costs a full
 * tokenizer pass whenever `html` mentions a URL attribute.
 */
export function resolveHtmlUrlsFull(html: string, base: string): string {
  if (!base || !/\b(?:href|src|srcset|poster)\s*=/i.test(html)) return html;
  return rewriteSpans(html, tokenizeUrlAttributes(html), base);
}
