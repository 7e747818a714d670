/**
 * One-byte copies of feed strings. A feed document that holds a single character beyond
 * Latin-1 (one CJK title, a curly quote, an emoji) decodes into a two-byte string in V8, and
 * every field the parser slices out of it (titles, links, 1 KB descriptions) stays two bytes a
 * character even when it is plain ASCII. Those strings then cost twice the bytes in the
 * structured clone of every IndexedDB write, on disk, in the text store's input and in the
 * index's columns. Measured on the bench corpus (10% CJK titles): every description came out
 * two-byte, 4.48 MB serialised for 2,280 items against 2.47 MB as one-byte copies.
 */

// A character a one-byte string cannot hold: such strings are two-byte by necessity.
const BEYOND_LATIN1 = /[^\0-\xff]/;

/**
 * `s` with the same characters, stored one byte a character where its content allows. JavaScript
 * has no direct way to ask V8 for that, so this goes through JSON: `JSON.parse` builds one-byte
 * strings whenever their characters fit (identity for every string without characters beyond
 * Latin-1, which are the only ones copied). Cost: two linear passes over `s`, run only when `s`
 * is longer than `min` characters and holds nothing beyond Latin-1.
 */
export function oneByte(s: string, min = 16): string {
  if (s.length <= min || BEYOND_LATIN1.test(s)) return s;
  return JSON.parse(JSON.stringify(s)) as string;
}
