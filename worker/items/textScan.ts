/**
 * The fast path of `extractItemText` (snippet.ts): the same events htmlparser2's Parser gives
 * that function (text with entities decoded, start and end tags with the end tags it implies),
 * found with indexOf and the start-tag reader of formats/htmlScan.ts instead of the tokenizer's
 * per-character state machine and the Parser's callbacks.
 *
 * IMPORTANT: ingest runs this for every new article. htmlparser2's Parser was a sixth of the
 * engine's CPU inside the ingest transactions (CDP profile of the 100k ingest benchmark); this
 * reads the same bodies about three times faster (16k bench bodies: 300 → 100 ms in Node). It
 * covers the HTML feeds send: text, start and end tags, comments, and the raw-text elements
 * (script, style, iframe, …) with their content. For anything else (other `<!` constructs, `<?`,
 * hidden, foreign or skipped elements, a title or textarea with content, a tag, quote or comment
 * left open, bodies over the snippet's 64 KiB) it gives up and the caller runs htmlparser2.
 * textScan.test.ts holds the two to the same answers on generated HTML.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';
import { TEXT_BLOCK_TAGS } from '../../shared/htmlText';
import { isCanonicalHttpUrl } from '../../shared/url';
import {
  commentEnd,
  isAsciiAlpha,
  nameAt,
  RAW_TEXT,
  rawTextEnd,
  readAttributes,
  tagNameEnd,
  type OnAttribute,
} from '../formats/htmlScan';

/** What `extractItemText` reads from the parse, before it collapses and cuts. */
export interface RawItemText {
  /** Text with a space at each block element's start and end (hidden elements left out). */
  text: string;
  /** The snippet's text: the first `snipLimit` characters at least. */
  snip: string;
  thumbnail: string;
}

/** `src` resolved against `base` when the result is an http(s) URL, else ''. */
export function absoluteHttpUrl(src: string, base: string): string {
  // Most images are absolute and canonical already: parsing would give them back as they are.
  if (isCanonicalHttpUrl(src)) return src;
  try {
    const url = base ? new URL(src, base) : new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

// htmlparser2's Parser (HTML mode), rule for rule.
const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);
const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
/** The open elements a start tag closes when they are on top of the stack. */
const OPEN_CLOSES = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['p', P],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h): [string, ReadonlySet<string>] => [h, HEADINGS]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (t): [string, ReadonlySet<string>] => [t, FORM],
  ),
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
  ...'address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'
    .split(' ')
    .map((t): [string, ReadonlySet<string>] => [t, P]),
]);
// Elements left to htmlparser2: hidden (their text is dropped, and implied closes decide where
// that ends), foreign (svg and math change how tags are read), skipped by the snippet.
const GIVE_UP = new Set(['template', 'noscript', 'svg', 'math', 'head', 'plaintext']);
// Raw-text elements whose content is neither text nor snippet (hidden and snippet-skipped), and
// those whose content is both, undecoded. `title` and `textarea` (entities decoded, and a title's
// text is not in the snippet) go to the Parser when they hold anything.
const RAW_HIDDEN = new Set(['script', 'style']);
const RAW_SHOWN = new Set(['iframe', 'noembed', 'noframes', 'xmp']);
// Start tags that add a space to the snippet.
const SNIPPET_BREAKS = new Set(['br', 'p', 'div', 'li']);
const BLOCK = TEXT_BLOCK_TAGS;

/** The tag name as the Parser reads it: lower-cased, `image` read as `img`. */
function tagName(html: string, start: number, end: number): string {
  const name = html.slice(start, end).toLowerCase();
  return name === 'image' ? 'img' : name;
}

const ignoreAttributes: OnAttribute = () => {};

/**
 * The text, snippet text and thumbnail htmlparser2's Parser would give `extractItemText` for
 * `html`, or null when `html` holds something this leaves to it (see above). The snippet text
 * stops growing once it holds `snipLimit` characters. Linear in `html`; never throws.
 */
export function scanItemText(
  html: string,
  baseUrl: string,
  maxLength: number,
  snipLimit: number,
): RawItemText | null {
  const n = html.length;
  if (n > maxLength) return null;
  let text = '';
  let snip = '';
  let thumbnail = '';
  // Open elements, innermost last.
  const stack: string[] = [];
  const close = (name: string): void => {
    if (BLOCK.has(name)) text += ' ';
  };
  // The first `src` attribute of the image being read (the Parser keeps the first of a name):
  // its value's span, or -1 when the attribute has no value, or -2 when there is none.
  let srcStart = -2;
  let srcEnd = -1;
  const findSrc: OnAttribute = (nameStart, nameLength, start, end) => {
    if (srcStart === -2 && nameLength === 3 && nameAt(html, nameStart, 'src')) {
      srcStart = start;
      srcEnd = end;
    }
  };
  // Text runs from `pos` up to the next `<` that starts markup.
  let pos = 0;
  let from = 0;
  for (;;) {
    const lt = html.indexOf('<', from);
    if (lt < 0) break;
    const c = html.charCodeAt(lt + 1);
    const isEnd = c === 0x2f; /* / */
    // A comment ends the text run before it and adds nothing, as in the Parser.
    const isComment = c === 0x21 /* ! */ && html.startsWith('--', lt + 2);
    if (!isAsciiAlpha(c) && !isEnd && !isComment) {
      // Other `<!`, `<?` and a `<` ending the input are left to the tokenizer; any other `<` is text.
      if (c === 0x21 || c === 0x3f || lt + 1 >= n) return null;
      from = lt + 1;
      continue;
    }
    if (isEnd && !isAsciiAlpha(html.charCodeAt(lt + 2))) return null;
    if (lt > pos) {
      const run = html.slice(pos, lt);
      const decoded = run.includes('&') ? decodeHTML(run) : run;
      text += decoded;
      if (snip.length < snipLimit) snip += decoded;
    }
    if (isComment) {
      const end = commentEnd(html, lt);
      if (end < 0) return null;
      pos = from = end + 1;
      continue;
    }
    if (isEnd) {
      const nameEnd = tagNameEnd(html, lt + 1);
      const gt = html.indexOf('>', nameEnd);
      if (gt < 0) return null;
      const name = tagName(html, lt + 2, nameEnd);
      if (!VOID.has(name)) {
        const at = stack.lastIndexOf(name);
        if (at >= 0) while (stack.length > at) close(stack.pop() as string);
        else if (name === 'p') {
          // A stray `</p>` is an empty paragraph.
          text += '  ';
          if (snip.length < snipLimit) snip += ' ';
        }
      } else if (name === 'br') {
        // A `</br>` is a line break.
        text += '  ';
        if (snip.length < snipLimit) snip += ' ';
      }
      pos = from = gt + 1;
      continue;
    }
    const nameEnd = tagNameEnd(html, lt);
    const name = tagName(html, lt + 1, nameEnd);
    if (GIVE_UP.has(name)) return null;
    srcStart = -2;
    const end = readAttributes(html, nameEnd, name === 'img' ? findSrc : ignoreAttributes);
    if (end < 0) return null;
    // Raw text with content: the tokenizer hands it over as it is, up to the element's end tag
    // (or the end of the input). Hidden elements add none of it; embeds' fallback text is text.
    let raw = '';
    let after = end;
    if (RAW_TEXT.has(name)) {
      after = rawTextEnd(html, end, name);
      if (after < 0) return null;
      if (after > end) {
        if (RAW_SHOWN.has(name)) raw = html.slice(end, after);
        else if (!RAW_HIDDEN.has(name)) return null;
      }
    }
    pos = from = after;
    // A second form inside a form is ignored altogether.
    if (name === 'form' && stack.includes('form')) continue;
    const closes = OPEN_CLOSES.get(name);
    if (closes)
      while (stack.length > 0 && closes.has(stack[stack.length - 1] as string)) close(stack.pop() as string);
    if (BLOCK.has(name)) text += ' ';
    if (name === 'img' && thumbnail === '' && srcStart >= 0 && srcEnd > srcStart) {
      const src = html.slice(srcStart, srcEnd);
      thumbnail = absoluteHttpUrl(src.includes('&') ? decodeHTMLAttribute(src) : src, baseUrl);
    }
    if (SNIPPET_BREAKS.has(name) && snip.length < snipLimit) snip += ' ';
    if (VOID.has(name)) close(name);
    else stack.push(name);
    if (raw !== '') {
      text += raw;
      if (snip.length < snipLimit) snip += raw;
    }
  }
  if (n > pos) {
    const run = html.slice(pos);
    const decoded = run.includes('&') ? decodeHTML(run) : run;
    text += decoded;
    if (snip.length < snipLimit) snip += decoded;
  }
  // The elements still open close at the end: their spaces are trailing, which collapsing drops.
  return { text, snip, thumbnail };
}
