/**
 * Bytes → text for feeds and HTML pages, DOM-free (TextDecoder, plus chardet to guess).
 *
 * Order of evidence: byte-order mark, then a UTF-16/32 byte pattern of `<?`, then the encoding
 * the document declares (`<?xml encoding>`, or `<meta charset>` for HTML), then the HTTP
 * charset, then UTF-8. The declaration beats the HTTP charset because it is written by the tool
 * that produced the bytes, while server charsets are often a blanket default.
 *
 * When nothing names a charset and the bytes are not UTF-8 (an old GB2312, Big5, Shift_JIS,
 * EUC-KR or KOI8-R feed that declares nothing), the statistical detector `chardet` guesses the
 * legacy encoding from the non-ASCII bytes (source 'detected').
 *
 * Two repairs, because real feeds lie about their encoding:
 * - a declared single-byte charset (ISO-8859-1, windows-1252, …) over bytes that are valid,
 *   non-ASCII UTF-8 is decoded as UTF-8 (accidental valid UTF-8 is vanishingly rare);
 * - UTF-8 that is not valid falls back to windows-1252 when most of its non-ASCII bytes are
 *   not UTF-8 sequences (a Latin-1 feed mislabelled UTF-8); otherwise it stays UTF-8 with
 *   U+FFFD for the few bad bytes, so one stray byte does not garble a whole feed.
 */

import { analyse } from 'chardet';

export interface Decoded {
  text: string;
  /** WHATWG name of the encoding used ('utf-8', 'windows-1252', 'utf-32le', …). */
  encoding: string;
  source: 'bom' | 'pattern' | 'declaration' | 'meta' | 'http' | 'default' | 'repair' | 'detected';
  /** chardet's confidence (0–100) when `source` is 'detected'. */
  confidence?: number;
}

/** Labels TextDecoder does not know but feeds use. */
const ALIASES: Record<string, string> = {
  '8859_1': 'iso-8859-1',
  latin_1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
  cp_1252: 'windows-1252',
  'win-1251': 'windows-1251',
  cp932: 'shift_jis',
  ms932: 'shift_jis',
  sjis: 'shift_jis',
  'x-euc-kr': 'euc-kr',
  cp949: 'euc-kr',
  'x-gbk': 'gbk',
  cp936: 'gbk',
  'big5-hkscs': 'big5',
};

/** Resolves a charset label to a TextDecoder encoding name, or null when unsupported. */
export function resolveEncoding(label: string | null | undefined): string | null {
  if (!label) return null;
  const l = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (/^(?:utf-?32|ucs-?4)(le|be)?$/.test(l)) return l.endsWith('be') ? 'utf-32be' : 'utf-32le';
  try {
    const enc = new TextDecoder(ALIASES[l] ?? l).encoding;
    // 'replacement' decodes everything to one U+FFFD: treat as unknown.
    return enc === 'replacement' ? null : enc;
  } catch {
    return null;
  }
}

/** Extracts `charset=` from a Content-Type header value. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const m = /;\s*charset\s*=\s*(["']?)([^"';\s]+)\1/i.exec(contentType ?? '');
  return m?.[2] ?? null;
}

const SINGLE_BYTE = /^(?:windows-125\d|iso-8859-\d+|koi8-[ru]|macintosh|x-mac-cyrillic|ibm866)$/;

function detectBom(b: Uint8Array): { enc: string; skip: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { enc: 'utf-8', skip: 3 };
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return { enc: 'utf-32le', skip: 4 };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { enc: 'utf-32be', skip: 4 };
  if (b[0] === 0xff && b[1] === 0xfe) return { enc: 'utf-16le', skip: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { enc: 'utf-16be', skip: 2 };
  return null;
}

/** `<` (or whitespace then `<`) in UTF-16/32 without a BOM, per XML 1.0 appendix F. */
function detectPattern(b: Uint8Array): string | null {
  const [a, c, d, e] = [b[0], b[1], b[2], b[3]];
  if (a === 0 && c === 0 && d === 0 && e !== 0) return 'utf-32be';
  if (a !== 0 && c === 0 && d === 0 && e === 0) return 'utf-32le';
  if (a === 0 && c !== 0 && d === 0 && e !== 0) return 'utf-16be';
  if (a !== 0 && c === 0 && d !== 0 && e === 0) return 'utf-16le';
  return null;
}

function decodeUtf32(b: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 3 < b.length; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    chunk.push(cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? cp : 0xfffd);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

// windows-1252 bytes 0x80–0x9F. Node 20's TextDecoder maps them to C1 controls (Latin-1), unlike
// browsers, so this one table is done by hand to behave the same in the worker and in the CLI.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeCp1252(b: Uint8Array): string {
  const latin = new TextDecoder('windows-1252').decode(b);
  return latin.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

function decodeWith(b: Uint8Array, enc: string): string {
  if (enc === 'utf-32le' || enc === 'utf-32be') return decodeUtf32(b, enc === 'utf-32le');
  if (enc === 'windows-1252') return decodeCp1252(b);
  return new TextDecoder(enc).decode(b);
}

/** The ASCII-compatible prefix as Latin-1, enough to read a declaration. */
function asciiPrefix(b: Uint8Array, n = 4096): string {
  return new TextDecoder('windows-1252').decode(b.subarray(0, n));
}

function declaredXml(prefix: string): string | null {
  const m = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']{1,40})["']/i.exec(prefix);
  return m?.[1] ?? null;
}

function declaredMeta(prefix: string): string | null {
  if (!/<(?:!doctype\s+html|html[\s>]|head[\s>]|meta\s)/i.test(prefix)) return null;
  const m = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(prefix);
  return m?.[1] ?? null;
}

/** The text of `b` when it is valid UTF-8, else null. One decoding pass. */
function strictUtf8(b: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return null;
  }
}

function hasHighBytes(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (b[i]! >= 0x80) return true;
  return false;
}

// How much of the body chardet reads, from the first non-ASCII byte: its recognisers are linear
// but run one after another (~30 of them), and 64 KiB of non-ASCII text settles the guess.
const DETECT_SAMPLE = 64 * 1024;
// chardet's multi-byte recognisers answer 100 on real CJK text and single-byte ones 25–60 on real
// text; below this the guess is noise (a few stray bytes) and the windows-1252 repair is kept.
const DETECT_MIN_CONFIDENCE = 20;

/**
 * Guesses the legacy encoding of bytes that are not UTF-8 and name no charset, or null when
 * chardet has no confident answer that TextDecoder can decode. The sample starts at the first
 * non-ASCII byte (a character boundary, since everything before it is ASCII), so a long ASCII
 * head does not push the text out of the sample.
 */
function detectLegacy(b: Uint8Array): { enc: string; confidence: number } | null {
  let start = 0;
  while (start < b.length && b[start]! < 0x80) start++;
  if (start === b.length) return null;
  for (const match of analyse(b.subarray(start, start + DETECT_SAMPLE))) {
    if (match.confidence < DETECT_MIN_CONFIDENCE) return null;
    const enc = resolveEncoding(match.name);
    if (enc && enc !== 'utf-8' && !/^utf-(?:16|32)/.test(enc)) return { enc, confidence: match.confidence };
  }
  return null;
}

function decodeUtf8OrLatin(b: Uint8Array, source: Decoded['source'], detect = false): Decoded {
  // Valid UTF-8 (nearly every feed) costs one strict pass; searching the lenient result for
  // U+FFFD instead is slow on big non-Latin-1 texts and needs a second pass when one is found.
  const valid = strictUtf8(b);
  if (valid !== null) return { text: valid, encoding: 'utf-8', source };
  const text = new TextDecoder('utf-8').decode(b);
  let bad = 0;
  let good = 0;
  for (const ch of text) {
    if (ch === '\ufffd') bad++;
    else if (ch.charCodeAt(0) >= 0x80) good++;
  }
  if (good > bad) return { text, encoding: 'utf-8', source };
  const guess = detect ? detectLegacy(b) : null;
  if (guess) {
    return {
      text: decodeWith(b, guess.enc),
      encoding: guess.enc,
      source: 'detected',
      confidence: guess.confidence,
    };
  }
  return { text: decodeCp1252(b), encoding: 'windows-1252', source: 'repair' };
}

/**
 * Decodes feed or page bytes to text (BOM stripped). `httpContentType` is the response's
 * Content-Type, if any. Costs one or two passes over the bytes (plus chardet over at most 64 KiB
 * when nothing names a charset and the bytes are not UTF-8); never throws (unknown labels are
 * skipped, undecodable bytes become U+FFFD or fall back to windows-1252, see above).
 */
export function decodeBytes(bytes: Uint8Array, httpContentType?: string | null): Decoded {
  const bom = detectBom(bytes);
  if (bom) {
    return { text: decodeWith(bytes.subarray(bom.skip), bom.enc), encoding: bom.enc, source: 'bom' };
  }
  const pattern = detectPattern(bytes);
  if (pattern) return { text: decodeWith(bytes, pattern), encoding: pattern, source: 'pattern' };

  const prefix = asciiPrefix(bytes);
  const xmlLabel = declaredXml(prefix);
  const metaLabel = xmlLabel ? null : declaredMeta(prefix);
  const candidates: Array<[string | null, Decoded['source']]> = [
    [xmlLabel ?? metaLabel, xmlLabel ? 'declaration' : 'meta'],
    [charsetFromContentType(httpContentType), 'http'],
  ];
  for (const [label, source] of candidates) {
    const enc = resolveEncoding(label);
    // A 16/32-bit label read through an ASCII-compatible prefix cannot be true.
    if (!enc || /^utf-(?:16|32)/.test(enc)) continue;
    if (enc === 'utf-8') return decodeUtf8OrLatin(bytes, source);
    if (SINGLE_BYTE.test(enc) && hasHighBytes(bytes)) {
      const utf8 = strictUtf8(bytes);
      if (utf8 !== null) return { text: utf8, encoding: 'utf-8', source: 'repair' };
    }
    return { text: decodeWith(bytes, enc), encoding: enc, source };
  }
  return decodeUtf8OrLatin(bytes, 'default', true);
}
