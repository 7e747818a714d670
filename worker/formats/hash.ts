/**
 * A fast non-cryptographic 53-bit hash (two 32-bit lanes mixed with Math.imul), for "has this
 * body/content changed?" checks. Not for security: collisions are merely unlikely.
 */

function mix(h1: number, h2: number, length: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${value.toString(36)}-${length.toString(36)}`;
}

/** Hashes bytes (one pass, no allocation). The length is part of the result. */
export function hashBytes(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  return mix(h1, h2, bytes.length);
}

/** Hashes a string by UTF-16 code units (one pass). The length is part of the result. */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  return mix(h1, h2, text.length);
}
