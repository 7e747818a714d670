/** A run of the query text for the editor's overlay; `error` runs get the wavy underline. */
export interface Segment {
  text: string;
  error: boolean;
}

/**
 * Splits `text` into plain and error segments for the error at `offset` spanning `length`
 * characters. Out-of-range positions are clamped. A zero-length error (the parser stopped before
 * a token, or at the end) underlines the next character, or a single space appended when the
 * error sits at the end of the text or of a line, so there is always something to see.
 * Never splits a surrogate pair. The segments' texts joined give `text` (plus that space).
 */
export function errorSegments(text: string, position: { offset: number; length: number } | null): Segment[] {
  if (!position) return text ? [{ text, error: false }] : [];
  let start = clamp(Math.trunc(position.offset) || 0, 0, text.length);
  let end = clamp(start + (Math.trunc(position.length) || 0), start, text.length);
  if (start > 0 && isLowSurrogate(text, start)) start--;
  if (end === start && start < text.length && text[start] !== '\n') end = start + 1;
  if (end < text.length && isLowSurrogate(text, end)) end++;
  const out: Segment[] = [];
  if (start > 0) out.push({ text: text.slice(0, start), error: false });
  out.push({ text: end > start ? text.slice(start, end) : ' ', error: true });
  if (end < text.length) out.push({ text: text.slice(end), error: false });
  return out;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function isLowSurrogate(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
}
