import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MetaIndex, type IndexRow } from './metaIndex';
import {
  SNAPSHOT_FORMAT,
  packSnapshot,
  unpackSnapshot,
  unpackText,
  type PackedSnapshot,
  type PackedText,
  type Unpacked,
} from './snapshotFormat';

const row = (id: number, pubDate: number, title: string, extra: Partial<IndexRow> = {}): IndexRow => ({
  id,
  feedId: 1 + (id % 3),
  pubDate,
  flags: id % 4,
  title,
  author: `Author ${id}`,
  link: `https://x.test/${id}`,
  enclosure: id % 2 ? `https://x.test/${id}.mp3` : '',
  guid: `g${id}`,
  keyHash: 1000 + id,
  ...extra,
});

function packedBoth(rows: IndexRow[]): { numbers: PackedSnapshot; text: PackedText } {
  const index = new MetaIndex();
  index.upsert(rows);
  const { columns, text, order } = index.packable();
  return packSnapshot(columns, text, order, 7);
}
const packed = (rows: IndexRow[]): PackedSnapshot => packedBoth(rows).numbers;
const wellFormed = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));

// Both records through a structured clone (as IndexedDB stores them), decoded and put together.
function roundTrip(rows: IndexRow[]): Unpacked & { ok: true; text: ReturnType<typeof unpackText> } {
  const stored = structuredClone(packedBoth(rows));
  const out = unpackSnapshot(stored.numbers);
  if (!out.ok) throw new Error(out.reason);
  return { ...out, text: unpackText(stored.text, out.columns.ids.length) };
}

describe('snapshot format', () => {
  it('stores ids, feed ids and dates narrow when every value fits, wide when one does not', () => {
    const small = packed([row(1, 100, 'a'), row(2, 90, 'b', { feedId: 65_535 })]);
    expect([small.ids, small.feedIds, small.pubDates].map((c) => c.constructor.name)).toEqual([
      'Uint32Array',
      'Uint16Array',
      'Int32Array',
    ]);
    const wide = packed([row(2 ** 32, 1.5, 'a', { feedId: 65_536 }), row(2, 2 ** 31, 'b')]);
    expect([wide.ids, wide.feedIds, wide.pubDates].map((c) => c.constructor.name)).toEqual([
      'Float64Array',
      'Int32Array',
      'Float64Array',
    ]);
    expect(packed([row(1, -(2 ** 31), 'a', { feedId: -1 })]).feedIds).toBeInstanceOf(Int32Array);
    // Either way the index loads the same rows, dates and feeds.
    for (const snap of [small, wide]) {
      const out = unpackSnapshot(structuredClone(snap));
      if (!out.ok) throw new Error(out.reason);
      const index = new MetaIndex();
      index.load(out.columns, out.order);
      const rows = Array.from(index.rowsByDate(), (r) => [index.id(r), index.pubDate(r), index.feedId(r)]);
      expect(rows).toEqual(
        snap === small
          ? [
              [1, 100, 2],
              [2, 90, 65_535],
            ]
          : [
              [2, 2 ** 31, 3],
              [2 ** 32, 1.5, 65_536],
            ],
      );
    }
  });

  it('round-trips item tags (format 3)', () => {
    const out = unpackSnapshot(
      structuredClone(packed([row(1, 100, 'a', { tags: [3, 5] }), row(2, 90, 'b')])),
    );
    if (!out.ok) throw new Error(out.reason);
    const index = new MetaIndex();
    index.load(out.columns, out.order);
    expect(index.tags(index.rowOf(1))).toEqual([3, 5]);
    expect(index.tags(index.rowOf(2))).toEqual([]);
    expect(index.tagCounts().get(5)).toEqual({ total: 1, unread: 0 }); // row 1 is read (flags = id % 4)
    expect(unpackSnapshot({ ...packed([row(1, 1, 'a')]), tagIds: new Int32Array(2) })).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('round-trips every column, the date order and the counter, odd strings included', () => {
    const rows = [
      row(1, 100, 'Plain'),
      row(2, 300, '中文标题 🚀 emoji'),
      row(3, 300, ''),
      row(4, 200, 'ΟΔΟΣ İstanbul', { author: '', guid: '' }),
      row(5, 50, 'tab\tnew\nline\u0000nul', { link: 'https://x.test/ünï/\u0000', guid: 'x'.repeat(300) }),
    ];
    const out = roundTrip(rows);
    if (!out.text.ok) throw new Error(out.text.reason);
    expect(out.counter).toBe(7);
    // The two records name each other by a token, not by the counter (format 6).
    expect(out.text.token).toBe(out.textToken);
    const index = new MetaIndex();
    index.load(out.columns, out.order);
    // The numbers alone answer ids, dates and flags; every string is '' until the text is in.
    expect(index.title(index.rowOf(1))).toBe('');
    expect(index.attachText(out.text.columns)).toBe(true);
    expect(Array.from(index.rowsByDate(), (r) => index.id(r))).toEqual([3, 2, 4, 1, 5]);
    for (const r of rows) {
      const at = index.rowOf(r.id);
      expect([
        index.title(at),
        index.author(at),
        index.link(at),
        index.enclosure(at),
        index.guid(at),
      ]).toEqual([r.title, r.author, r.link, r.enclosure, r.guid]);
      expect(index.flags(at)).toBe(r.flags);
      expect(index.feedId(at)).toBe(r.feedId);
    }
  });

  it('round-trips arbitrary strings (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.string({ unit: 'grapheme' })), { maxLength: 30 }),
        (cells) => {
          const rows = cells.map(([title, author], i) =>
            row(i + 1, i % 5, title, { author, link: author, guid: title }),
          );
          const out = roundTrip(rows);
          if (!out.text.ok) return false;
          const index = new MetaIndex();
          index.load(out.columns, out.order);
          expect(index.attachText(out.text.columns)).toBe(true);
          for (const r of rows) {
            const at = index.rowOf(r.id);
            expect([index.title(at), index.author(at), index.link(at), index.guid(at)]).toEqual([
              r.title,
              r.author,
              // UTF-8 cannot hold a lone surrogate: packed strings read it back as U+FFFD.
              wellFormed(r.author),
              wellFormed(r.title),
            ]);
          }
          return true;
        },
      ),
    );
  });

  it('keeps the date order right when the index has dead rows', () => {
    const index = new MetaIndex();
    index.upsert([row(1, 10, 'a'), row(2, 40, 'b'), row(3, 30, 'c'), row(4, 20, 'd')]);
    index.remove([2]);
    const { columns, text: strings, order } = index.packable();
    const both = packSnapshot(columns, strings, order, 1);
    const out = unpackSnapshot(both.numbers);
    if (!out.ok) throw new Error(out.reason);
    const text = unpackText(both.text, 3);
    if (!text.ok) throw new Error(text.reason);
    const back = new MetaIndex();
    back.load(out.columns, out.order);
    expect(back.attachText(text.columns)).toBe(true);
    expect(Array.from(back.rowsByDate(), (r) => back.id(r))).toEqual([3, 4, 1]);
    expect(back.title(back.rowOf(3))).toBe('c');
  });

  it('reports an older format apart from a corrupt one', () => {
    const index = new MetaIndex();
    index.upsert([row(1, 1, 'a')]);
    expect(unpackSnapshot({ format: 1, counter: 1, ...index.columns() })).toEqual({
      ok: false,
      reason: 'old format',
    });
    expect(unpackSnapshot(null)).toEqual({ ok: false, reason: 'unreadable' });
    expect(unpackSnapshot('x')).toEqual({ ok: false, reason: 'unreadable' });
    expect(unpackSnapshot({ format: SNAPSHOT_FORMAT + 1 })).toEqual({ ok: false, reason: 'unreadable' });
    expect(unpackText({ format: 4, counter: 1, text: [], ends: new Uint32Array(0) }, 0)).toEqual({
      ok: false,
      reason: 'old format',
    });
    expect(unpackText(null, 0)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('rejects malformed snapshots: lengths, types, offsets, order', () => {
    const both = packedBoth([row(1, 10, 'one'), row(2, 20, 'two'), row(3, 30, 'three')]);
    const good = both.numbers;
    expect(unpackSnapshot(good).ok).toBe(true);
    expect(unpackText(both.text, 3).ok).toBe(true);
    const bad = (patch: Partial<Record<keyof PackedSnapshot, unknown>>) =>
      unpackSnapshot({ ...good, ...patch });
    const badText = (patch: Partial<Record<keyof PackedText, unknown>>, rows = 3) =>
      unpackText({ ...both.text, ...patch }, rows);
    const unreadable = { ok: false, reason: 'unreadable' };
    expect(bad({ counter: '1' })).toEqual(unreadable);
    expect(bad({ ids: [1, 2, 3] })).toEqual(unreadable);
    expect(bad({ flags: new Uint8Array(2) })).toEqual(unreadable);
    expect(bad({ feedIds: new Float64Array(3) })).toEqual(unreadable);
    expect(badText({ titles: ['one', 'two', 'three'] })).toEqual(unreadable);
    expect(badText({ titles: 'onetwothree' })).toEqual(unreadable);
    expect(badText({ titleWide: Uint8Array.of(0, 2, 0) })).toEqual(unreadable);
    expect(badText({ titleWide: Uint8Array.of(0, 1, 0) })).toEqual(unreadable);
    expect(badText({ authorNames: ['', 5] })).toEqual(unreadable);
    expect(badText({ authorNames: ['Author 1'] })).toEqual(unreadable);
    expect(badText({ authorCodes: Int32Array.of(1, 2, 99) })).toEqual(unreadable);
    expect(badText({ authorCodes: Int32Array.of(1, -1, 2) })).toEqual(unreadable);
    expect(badText({ counter: '7' })).toEqual(unreadable);
    // Text of another row count than the numbers.
    expect(badText({}, 2)).toEqual(unreadable);
    // The titles text is longer or shorter than its offsets say.
    expect(badText({ titles: ['onetwothreeX', ''] })).toEqual(unreadable);
    expect(badText({ titles: ['onetwo', ''] })).toEqual(unreadable);
    const ends = both.text.titleEnds.slice();
    ends[1] = 1; // below the previous end
    expect(badText({ titleEnds: ends })).toEqual(unreadable);
    expect(badText({ titleEnds: both.text.titleEnds.slice(1) })).toEqual(unreadable);
    // Packed link/enclosure/guid records cut short, overlong, or with a length past the end.
    expect(badText({ refs: both.text.refs.slice(0, -1) })).toEqual(unreadable);
    expect(badText({ refs: Uint8Array.of(...both.text.refs, 0) })).toEqual(unreadable);
    expect(badText({ refs: Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x7f) })).toEqual(unreadable);
    expect(badText({ refs: [...both.text.refs] })).toEqual(unreadable);
    // Not a permutation, out of range, or not newest first.
    expect(bad({ order: Int32Array.of(2, 2, 0) })).toEqual(unreadable);
    expect(bad({ order: Int32Array.of(2, 1, 3) })).toEqual(unreadable);
    expect(bad({ order: Int32Array.of(0, 1, 2) })).toEqual(unreadable);
    expect(bad({ order: Int32Array.of(2, 1) })).toEqual(unreadable);
    // Checked later (orderLater), an order still has to hold row numbers in range now.
    const later = (order: Int32Array) => unpackSnapshot({ ...good, order }, { orderLater: true });
    expect(later(Int32Array.of(0, 1, 2)).ok).toBe(true);
    expect(later(Int32Array.of(2, 1, 3))).toEqual(unreadable);
    expect(later(Int32Array.of(2, -1, 0))).toEqual(unreadable);
    expect(later(Int32Array.of(2, 1))).toEqual(unreadable);
  });

  it('lower-cases columns exactly as per-cell toLowerCase, final sigma and İ included', () => {
    const titles = ['ΟΔΟΣ', 'Σ', 'ΑΣ Β', 'İSTANBUL', 'Hello WORLD', '中文', '', 'ÀÉÎ'];
    const index = new MetaIndex();
    index.upsert(titles.map((t, i) => row(i + 1, i, t, { author: t.toUpperCase() })));
    index.load(index.columns());
    for (const t of titles) {
      const r = titles.indexOf(t) + 1;
      expect(index.titleLower(index.rowOf(r))).toBe(t.toLowerCase());
      expect(index.authorLower(index.rowOf(r))).toBe(t.toUpperCase().toLowerCase());
    }
    const plain = new MetaIndex();
    plain.upsert([row(1, 1, 'ABC'), row(2, 2, 'Déjà VU')]);
    plain.load(plain.columns());
    expect([plain.titleLower(0), plain.titleLower(1)]).toEqual(['abc', 'déjà vu']);
  });
});
