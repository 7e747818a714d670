/**
 * One fast non-cryptographic 53-bit hash (cyrb53: two 32-bit lanes mixed with Math.imul) for
 * "has this changed?" checks and dedupe keys. Not for security: collisions are merely unlikely
 * (about 2^-53 per pair). Two spellings of the result exist because both are stored: item
 * content hashes and summary keys use {@link hashString}; feed body hashes use {@link hashBytes}.
 * Changing either spelling makes stored values look changed.
 */

const SEED1 = 0xdeadbeef;
const SEED2 = 0x41c6ce57;

/** Folds the two lanes into one 53-bit integer. */
function finish(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// The 53-bit hash of a string by UTF-16 code units.
function hashNumber(text: string, seed: number): number {
  let h1 = SEED1 ^ seed;
  let h2 = SEED2 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  return finish(h1, h2);
}

/**
 * Hash of a string by UTF-16 code units, as 14 hex digits. `seed` gives an independent hash
 * of the same text. One pass, no allocation beyond the result.
 */
export function hashString(text: string, seed = 0): string {
  return hashNumber(text, seed).toString(16).padStart(14, '0');
}

/**
 * Hash of bytes as `<hash>-<length>` in base 36 (the length is part of the result, so bodies of
 * different sizes never match). One pass, no allocation beyond the result.
 */
export function hashBytes(bytes: Uint8Array): string {
  let h1 = SEED1;
  let h2 = SEED2;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  return `${finish(h1, h2).toString(36)}-${bytes.length.toString(36)}`;
}

/**
 * A 32-bit hash of a string, never 0 (0 can then mean "not known"): the in-memory index keeps one
 * per article for its dedupe key (worker/index/indexRows.ts `idsWithKeys`), 4 bytes a row where
 * the 53-bit hash would need 8. Collisions are expected at this width and are always checked
 * against the stored record.
 */
export function hash32(text: string): number {
  return hashNumber(text, 0) % 4294967296 || 1;
}
