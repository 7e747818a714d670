/**
 * A scan (indexOf and character loops) that finds URL attribute values in HTML exactly where
 * htmlparser2's tokenizer (HTML mode, entities not decoded) would report them, several times
 * faster than the tokenizer's per-character state machine. It only covers HTML made of text,
 * start and end tags, comments (`<!--`) and raw-text elements (script, style, title, …); for
 * anything else (other `<!` constructs, `<?`, `</` not followed by a letter, a tag, quote or
 * comment left open at the end) it gives up and the caller uses the tokenizer. Each rule below
 * mirrors one tokenizer state; htmlUrls.test.ts holds the two to the same answers on generated
 * HTML. Its start-tag reader (`tagNameEnd`, `readAttributes`), comment and raw-text end searches
 * (`commentEnd`, `rawTextEnd`) also serve the ingest's text scan (worker/items/textScan.ts).
 */

/** A URL attribute's value: `html.slice(start, end)`, before entity decoding. */
export interface AttrSpan {
  /** Lower-case attribute name. */
  name: string;
  start: number;
  end: number;
  unquoted: boolean;
}

const URL_ATTRS = new Set(['href', 'src', 'srcset', 'poster']);

/** True for the attribute names whose values are URLs (`name` lower-case). */
export function isUrlAttribute(name: string): boolean {
  return URL_ATTRS.has(name);
}

/** Elements whose content is raw text up to their end tag (`plaintext` never ends). */
export const RAW_TEXT: ReadonlySet<string> = new Set([
  'iframe',
  'noembed',
  'noframes',
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
]);
const RAW_INITIALS = 'inpstx';
const rawEnds = new Map<string, RegExp>();
// The tokenizer compares `c | 0x20` with `</name`, so U+001C and U+000F would also match `<`
// and `/`; such (never legitimate) content is left to the tokenizer.
// eslint-disable-next-line no-control-regex -- finding these control characters is the point
const ODD_CONTROLS = /[\x0f\x1c]/;

export const isAsciiAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

export const isHtmlSpace = (c: number): boolean =>
  c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
// Where tag and attribute names end: HTML whitespace, `/` or `>` (NaN past the end is neither).
export const endsName = (c: number): boolean => isHtmlSpace(c) || c === 0x2f || c === 0x3e;

/** `html` holds `name` (lower-case ASCII letters) at `start`, in any case. */
export function nameAt(html: string, start: number, name: string): boolean {
  for (let i = 0; i < name.length; i++)
    if ((html.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * The URL attribute whose name `html` holds at `start` (`length` characters), lower-case, or ''.
 * Compares in place: slicing and lower-casing every attribute name of every tag was a quarter
 * of the scan's time. `c | 0x20` equals a lower-case letter only for that letter in either
 * case, so this matches exactly the names `toLowerCase` would.
 */
function urlAttributeAt(html: string, start: number, length: number): string {
  if (length === 3) return nameAt(html, start, 'src') ? 'src' : '';
  if (length === 4) return nameAt(html, start, 'href') ? 'href' : '';
  if (length !== 6) return '';
  return nameAt(html, start, 'srcset') ? 'srcset' : nameAt(html, start, 'poster') ? 'poster' : '';
}

/**
 * Receives each attribute of a start tag: its name is `html.slice(nameStart, nameStart +
 * nameLength)` (any case), its value `html.slice(start, end)` before entity decoding, or
 * `start` is -1 for an attribute written without a value.
 */
export type OnAttribute = (
  nameStart: number,
  nameLength: number,
  start: number,
  end: number,
  unquoted: boolean,
) => void;

/** Where the name of the tag whose `<` is at `lt` ends (its first character is at `lt + 1`). */
export function tagNameEnd(html: string, lt: number): number {
  const n = html.length;
  let i = lt + 1;
  while (i < n && !endsName(html.charCodeAt(i))) i++;
  return i;
}

/**
 * Reads the attributes of a start tag whose name ends at `i`, reporting each to `onAttribute`;
 * returns the index after the tag's `>`, or -1 to give up (a tag or quote left open at the end).
 * IMPORTANT: a character loop, not regexes: this walks every tag of long articles, and match
 * arrays with a substring per attribute value cost as much as the tokenizer it replaces.
 * Inside the tag: skip whitespace and `/`; then `>` ends the tag, or an attribute name starts
 * (its first character may be `=`) and runs to whitespace, `/`, `>` or `=`; an optional value
 * follows whitespace, `=`, whitespace: quoted up to the same quote, or unquoted up to
 * whitespace or `>` (possibly empty).
 */
export function readAttributes(html: string, i: number, onAttribute: OnAttribute): number {
  const n = html.length;
  for (;;) {
    let c = html.charCodeAt(i);
    while (isHtmlSpace(c) || c === 0x2f) c = html.charCodeAt(++i);
    // Only the end of the input stops here: a tag left open, which the tokenizer drops.
    if (i >= n) return -1;
    if (c === 0x3e) return i + 1;
    const nameStart = i++;
    while (i < n && !endsName((c = html.charCodeAt(i))) && c !== 0x3d) i++;
    const nameLength = i - nameStart;
    let j = i;
    while (isHtmlSpace(html.charCodeAt(j))) j++;
    if (html.charCodeAt(j) !== 0x3d) {
      onAttribute(nameStart, nameLength, -1, -1, false);
      continue;
    }
    j++;
    while (isHtmlSpace(html.charCodeAt(j))) j++;
    if (j >= n) return -1;
    const q = html.charCodeAt(j);
    let start: number;
    let end: number;
    const unquoted = q !== 0x22 && q !== 0x27;
    if (unquoted) {
      start = j;
      end = j;
      while (end < n && !isHtmlSpace((c = html.charCodeAt(end))) && c !== 0x3e) end++;
      i = end;
    } else {
      start = j + 1;
      end = html.indexOf(q === 0x22 ? '"' : "'", start);
      // An opening quote without its closing one: the tokenizer reads to the end and drops it.
      if (end < 0) return -1;
      i = end + 1;
    }
    onAttribute(nameStart, nameLength, start, end, unquoted);
  }
}

/**
 * Reads one start tag from `<` at `lt`, giving its attributes to `onAttribute`, and the content
 * of a raw-text element after it; returns the index after all that, or -1 to give up.
 */
function startTag(html: string, lt: number, onAttribute: OnAttribute): number {
  const nameEnd = tagNameEnd(html, lt);
  const pos = readAttributes(html, nameEnd, onAttribute);
  if (pos < 0) return -1;
  // Raw-text names are 3–9 letters starting with i, n, p, s, t or x: most tags stop here.
  const length = nameEnd - lt - 1;
  if (length < 3 || length > 9 || !RAW_INITIALS.includes(html.charAt(lt + 1).toLowerCase())) return pos;
  const tag = html.slice(lt + 1, nameEnd).toLowerCase();
  if (tag === 'plaintext') return html.length;
  if (!RAW_TEXT.has(tag)) return pos;
  const stop = rawTextEnd(html, pos, tag);
  if (stop < 0) return -1;
  if (stop === html.length) return stop;
  // The end tag itself: everything up to its `>` is skipped.
  const gt = html.indexOf('>', stop);
  return gt < 0 ? html.length : gt + 1;
}

/**
 * Where the content of raw-text element `tag` (lower-case, one of RAW_TEXT) that starts at `pos`
 * ends, as the tokenizer reads it: the `<` of the first `</tag` followed by whitespace, `/` or
 * `>`, in any case, or the end of `html` when none follows; -1 when the content holds a control
 * character the tokenizer could take for part of the end tag (left to it).
 */
export function rawTextEnd(html: string, pos: number, tag: string): number {
  let end = rawEnds.get(tag);
  if (!end) rawEnds.set(tag, (end = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'gi')));
  end.lastIndex = pos;
  const close = end.exec(html);
  const stop = close ? close.index : html.length;
  return ODD_CONTROLS.test(html.slice(pos, stop)) ? -1 : stop;
}

/**
 * Where the comment whose `<!--` is at `lt` ends (the index of its closing `>`), or -1 when it is
 * left open. As htmlparser2 reads it in HTML mode: `<!-->` and `<!--->` close at once; otherwise
 * the first `-->` or `--!>` after the opening `<!--` closes it (its dashes cannot count twice).
 */
export function commentEnd(html: string, lt: number): number {
  const start = lt + 4;
  if (html.charCodeAt(start) === 0x3e /* > */) return start;
  if (html.charCodeAt(start) === 0x2d /* - */ && html.charCodeAt(start + 1) === 0x3e) return start + 1;
  const plain = html.indexOf('-->', start);
  const bang = html.indexOf('--!>', start);
  if (bang >= 0 && (plain < 0 || bang < plain)) return bang + 3;
  return plain < 0 ? -1 : plain + 2;
}

/**
 * The `href`, `src`, `srcset` and `poster` attribute values of `html`'s start tags, in order,
 * exactly as htmlparser2's tokenizer would report them; or null when `html` holds a construct
 * this scan leaves to the tokenizer (see above). Linear in `html`; never throws.
 */
export function scanUrlAttributes(html: string): AttrSpan[] | null {
  const spans: AttrSpan[] = [];
  const collect: OnAttribute = (nameStart, nameLength, start, end, unquoted) => {
    if (start < 0) return;
    const name = urlAttributeAt(html, nameStart, nameLength);
    if (name !== '') spans.push({ name, start, end, unquoted });
  };
  let pos = 0;
  for (;;) {
    const lt = html.indexOf('<', pos);
    if (lt < 0 || lt + 1 >= html.length) return spans;
    const c = html.charCodeAt(lt + 1);
    if (isAsciiAlpha(c)) {
      pos = startTag(html, lt, collect);
      if (pos < 0) return null;
    } else if (c === 0x2f /* / */) {
      if (!isAsciiAlpha(html.charCodeAt(lt + 2))) return null;
      // An end tag: the tokenizer skips everything up to its `>` (quotes mean nothing there).
      const gt = html.indexOf('>', lt + 2);
      if (gt < 0) return spans;
      pos = gt + 1;
    } else if (c === 0x21 /* ! */ && html.startsWith('--', lt + 2)) {
      const end = commentEnd(html, lt);
      if (end < 0) return null;
      pos = end + 1;
    } else if (c === 0x21 /* ! */ || c === 0x3f /* ? */) {
      return null;
    } else {
      // `<` before anything else is text.
      pos = lt + 1;
    }
  }
}
