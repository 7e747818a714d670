import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { mergeSticky, visibleRows, type StickyRow } from './stickyRows';

const row = (id: number, pubDate: number, flags = 0): ItemRow => ({
  id,
  feedId: 1,
  title: `t${id}`,
  author: '',
  pubDate,
  link: '',
  flags,
  snippet: '',
  thumbnail: '',
  enclosureType: '',
});
const sticky = (...entries: [ItemRow, number][]) =>
  new Map<number, StickyRow>(entries.map(([r, index]) => [r.id, { row: r, index }]));

describe('mergeSticky', () => {
  const a = row(5, 500);
  const b = row(4, 400);
  const c = row(3, 300);
  const d = row(2, 200);

  it('puts a row read this visit back where its date says', () => {
    const out = mergeSticky([a, c, d], sticky([b, 1]), { ranked: false, complete: true });
    expect(out.map((r) => r.id)).toEqual([5, 4, 3, 2]);
  });
  it('breaks date ties by id, like the engine', () => {
    const x = row(10, 400);
    const out = mergeSticky([x, c], sticky([b, 1]), { ranked: false, complete: true });
    expect(out.map((r) => r.id)).toEqual([10, 4, 3]);
  });
  it('does not duplicate rows the refetch still has', () => {
    expect(mergeSticky([a, b], sticky([b, 1]), { ranked: false, complete: true })).toHaveLength(2);
  });
  it('leaves out rows beyond the loaded part of an incomplete list', () => {
    const out = mergeSticky([a, b], sticky([d, 3]), { ranked: false, complete: false });
    expect(out.map((r) => r.id)).toEqual([5, 4]);
    const done = mergeSticky([a, b], sticky([d, 3]), { ranked: false, complete: true });
    expect(done.map((r) => r.id)).toEqual([5, 4, 2]);
  });
  it('keeps old positions in ranked lists (dates do not matter)', () => {
    const out = mergeSticky([d, a], sticky([c, 1]), { ranked: true, complete: true });
    expect(out.map((r) => r.id)).toEqual([2, 3, 5]);
  });
  it('returns the input unchanged when nothing is sticky', () => {
    const input = [a, b];
    expect(mergeSticky(input, new Map(), { ranked: false, complete: true })).toBe(input);
  });
});

describe('visibleRows', () => {
  const flags = (r: ItemRow) => r.flags;
  it('hides read rows unless they were read this visit', () => {
    const read = row(1, 1, 1);
    const readNow = row(2, 2, 1);
    const unread = row(3, 3, 0);
    const out = visibleRows([read, readNow, unread], true, sticky([readNow, 1]), flags, 1);
    expect(out.map((r) => r.id)).toEqual([2, 3]);
  });
  it('shows everything when only-unread is off', () => {
    const rows = [row(1, 1, 1), row(2, 2, 0)];
    expect(visibleRows(rows, false, new Map(), flags, 1)).toHaveLength(2);
  });
  it('uses the local flags, not the fetched ones', () => {
    const r = row(1, 1, 0);
    expect(visibleRows([r], true, new Map(), () => 1, 1)).toHaveLength(0);
  });
});
