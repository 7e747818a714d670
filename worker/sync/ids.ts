/**
 * Item ids of the two protocols. Google Reader API servers name one item two ways: the long
 * form `tag:google.com,2005:reader/item/<16 hex digits>` (in contents) and a decimal "short"
 * id (in `stream/items/ids`), which Google-style servers print as a signed 64-bit number, so an
 * id above 2^63 arrives negative. Rivulet keeps one canonical form: the unsigned decimal string.
 * Fever ids are integers that some servers send as strings; they are kept as decimal strings.
 */

/** Prefix of a long-form Google Reader item id. */
export const LONG_ID_PREFIX = 'tag:google.com,2005:reader/item/';
const U64_MAX = (1n << 64n) - 1n;

/**
 * Canonical unsigned decimal id of a Google Reader item id in any of its forms (long form,
 * signed or unsigned decimal). Throws a TypeError for anything else (empty, not a number, more
 * than 64 bits), since guessing would attach state to the wrong article. O(length).
 */
export function canonicalItemId(raw: string): string {
  const value = String(raw).trim();
  let n: bigint;
  if (value.startsWith(LONG_ID_PREFIX)) {
    const hex = value.slice(LONG_ID_PREFIX.length);
    if (!/^[0-9a-fA-F]{1,16}$/.test(hex)) throw new TypeError(`Not a Google Reader item id: ${value}`);
    n = BigInt(`0x${hex}`);
  } else if (/^-?\d{1,20}$/.test(value)) {
    n = BigInt(value);
    if (n < -(1n << 63n) || n > U64_MAX) throw new TypeError(`Item id out of range: ${value}`);
    n = BigInt.asUintN(64, n);
  } else {
    throw new TypeError(`Not a Google Reader item id: ${value}`);
  }
  return n.toString();
}

/** The long form (`tag:google.com,2005:reader/item/` + 16 lower-case hex digits) of an id. */
export function longItemId(raw: string): string {
  return LONG_ID_PREFIX + BigInt(canonicalItemId(raw)).toString(16).padStart(16, '0');
}

/** The signed decimal short form Google-style servers use (negative above 2^63). */
export function shortItemId(raw: string): string {
  return BigInt.asIntN(64, BigInt(canonicalItemId(raw))).toString();
}

/**
 * A Fever id (number or numeric string) as a decimal string. Throws a TypeError for anything
 * else: a missing or non-integer id means the server sent something we must not store.
 */
export function feverId(raw: unknown): string {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return String(raw);
  if (typeof raw === 'string' && /^\d{1,19}$/.test(raw.trim())) return BigInt(raw.trim()).toString();
  throw new TypeError(`Not a Fever id: ${JSON.stringify(raw)}`);
}

/** Splits Fever's comma-separated id lists (`"1,2,3"`, sometimes with spaces or empty). */
export function feverIdList(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'number') return [feverId(raw)];
  if (typeof raw !== 'string') throw new TypeError(`Not a Fever id list: ${JSON.stringify(raw)}`);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(feverId);
}
