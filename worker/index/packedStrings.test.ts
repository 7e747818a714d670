import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedStrings, appendInRoom, withRoom } from './packedStrings';

const utf8 = (s: string) => new TextEncoder().encode(s);
// What UTF-8 can hold of a string (a lone surrogate reads back as U+FFFD).
const wellFormed = (s: string) => new TextDecoder().decode(utf8(s));

describe('PackedStrings', () => {
  it('reads back every field of every row, empty, long and non-ASCII ones included', () => {
    const p = new PackedStrings(3);
    const rows = [
      ['https://a.test/1', '', 'g1'],
      ['', '', ''],
      ['ünïcødé 中文 🚀', 'x'.repeat(200), 'nul\u0000tab\t'],
    ];
    rows.forEach((r, i) => p.set(i, r));
    rows.forEach((r, i) => expect([0, 1, 2].map((f) => p.get(i, f))).toEqual(r));
    expect(p.get(3, 0)).toBe('');
    expect(p.get(-1, 0)).toBe('');
  });

  it('reads lengths of two, three and four bytes, and refuses a fifth', () => {
    const p = new PackedStrings(2);
    const values = ['y'.repeat(300), 'z'.repeat(20_000), 'w'.repeat(2_100_000), ''];
    p.set(0, [values[0]!, values[1]!]);
    p.set(1, [values[2]!, values[3]!]);
    const q = new PackedStrings(2);
    expect(q.fromBytes(p.toBytes(), 2)).toBe(true);
    expect([q.get(0, 0), q.get(0, 1), q.get(1, 0), q.get(1, 1)]).toEqual(values);
    expect(q.includes(1, 0, utf8('www'))).toBe(true);
    // A length in five bytes (256 MiB or more) is no record this store writes.
    const five = Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x01, 0);
    expect(new PackedStrings(2).fromBytes(five, 1)).toBe(false);
  });

  it('reads rows skipped over as empty, also after a rewrite and a compaction', () => {
    const p = new PackedStrings(2);
    p.set(3, ['late', 'g3']);
    expect([0, 1, 2].map((r) => p.get(r, 0) + p.get(r, 1))).toEqual(['', '', '']);
    p.set(1, ['one', 'g1']);
    p.compact(null);
    expect([0, 1, 2, 3].map((r) => p.get(r, 0))).toEqual(['', 'one', '', 'late']);
  });

  it('rewrites rows, compacts the dead bytes away and renumbers on compact(keep)', () => {
    const p = new PackedStrings(2);
    for (let i = 0; i < 5; i++) p.set(i, [`link${i}`, `guid${i}`]);
    p.set(2, ['changed', 'é']);
    const before = p.byteLength();
    p.compact(null);
    expect(p.byteLength()).toBeLessThanOrEqual(before);
    expect([p.get(2, 0), p.get(2, 1), p.get(4, 0)]).toEqual(['changed', 'é', 'link4']);
    p.compact(Int32Array.of(1, 2, 4));
    expect([0, 1, 2].map((r) => p.get(r, 0))).toEqual(['link1', 'changed', 'link4']);
    expect(p.get(3, 0)).toBe('');
  });

  it('finds a byte string inside one field only', () => {
    const p = new PackedStrings(2);
    p.set(0, ['https://a.test/posts/17', 'posts/99']);
    p.set(1, ['https://a.test/ü/x', '']);
    expect(p.includes(0, 0, utf8('posts/17'))).toBe(true);
    expect(p.includes(0, 0, utf8('posts/99'))).toBe(false);
    expect(p.includes(1, 0, utf8('ü/x'))).toBe(true);
    expect(p.includes(1, 1, utf8('x'))).toBe(false);
  });

  it('round-trips through toBytes/fromBytes and refuses malformed bytes', () => {
    const p = new PackedStrings(3);
    for (let i = 0; i < 10; i++) p.set(i, [`l${i}`, i % 2 ? 'e' : '', `g${i}`]);
    const bytes = p.toBytes(Int32Array.of(9, 3));
    const q = new PackedStrings(3);
    expect(q.fromBytes(bytes, 2)).toBe(true);
    expect([q.get(0, 2), q.get(1, 0)]).toEqual(['g9', 'l3']);
    expect(q.fromBytes(bytes, 3)).toBe(false);
    expect(q.fromBytes(bytes.slice(0, -1), 2)).toBe(false);
    expect(q.fromBytes(Uint8Array.of(...bytes, 0), 2)).toBe(false);
    // A failed load changes nothing.
    expect(q.get(0, 2)).toBe('g9');
  });

  it('appends into the room withRoom left after adopted bytes, never into the bytes or without leave', () => {
    const p = new PackedStrings(3);
    for (let i = 0; i < 10; i++) p.set(i, [`l${i}`, '', `g${i}`]);
    const stored = p.toBytes();
    const roomy = withRoom(stored.length);
    roomy.set(stored);
    expect(roomy.length).toBe(stored.length);
    expect(roomy.buffer.byteLength).toBe(stored.length + (1 << 16));
    const q = new PackedStrings(3);
    expect(q.fromBytes(roomy, 10, { grows: true })).toBe(true);
    q.set(10, ['fresh link', '', 'fresh guid']); // a new row
    q.set(3, ['rewritten', '', 'g3']); // a rewritten one
    expect([q.get(10, 0), q.get(10, 2), q.get(3, 0), q.get(4, 2)]).toEqual([
      'fresh link',
      'fresh guid',
      'rewritten',
      'g4',
    ]);
    // Written in place after the adopted bytes, which are as they were.
    expect(roomy).toEqual(stored);
    const after = new Uint8Array(roomy.buffer, stored.length, 64);
    expect(new TextDecoder().decode(after)).toContain('fresh link');
    // Without `grows` the room is not touched: the first new row moves everything elsewhere.
    const other = withRoom(stored.length);
    other.set(stored);
    const r = new PackedStrings(3);
    expect(r.fromBytes(other, 10)).toBe(true);
    r.set(10, ['elsewhere', '', '']);
    expect(r.get(10, 0)).toBe('elsewhere');
    expect(new Uint8Array(other.buffer, stored.length).every((b) => b === 0)).toBe(true);
    // Past the room it grows as before, keeping every row.
    const s = new PackedStrings(3);
    const small = withRoom(stored.length);
    small.set(stored);
    expect(s.fromBytes(small, 10, { grows: true })).toBe(true);
    const long = 'x'.repeat(40_000);
    for (let i = 10; i < 14; i++) s.set(i, [long, `${i}`, '']);
    expect(s.get(0, 0)).toBe('l0');
    expect([s.get(13, 0).length, s.get(13, 1)]).toEqual([40_000, '13']);
  });

  it('appendInRoom writes a tail into the room withRoom left, and copies when there is none', () => {
    const bytes = (n: number, v: number) => new Uint8Array(n).fill(v);
    const head = withRoom(100);
    head.set(bytes(100, 1));
    const joined = appendInRoom(head, bytes(30, 2), true);
    expect(joined.buffer).toBe(head.buffer); // no copy of the head
    expect(joined).toEqual(new Uint8Array([...bytes(100, 1), ...bytes(30, 2)]));
    expect(head).toEqual(bytes(100, 1)); // the head's bytes as they were
    // A tail past the room, a head without leave to use its room, or a plain array: copied.
    const room = head.buffer.byteLength - 100;
    for (const [h, tail, leave] of [
      [head, bytes(room + 1, 3), true],
      [head, bytes(30, 3), false],
      [bytes(100, 1), bytes(30, 3), true],
    ] as const) {
      const out = appendInRoom(h, tail, leave);
      expect(out.buffer).not.toBe(h.buffer);
      expect(out).toEqual(new Uint8Array([...h, ...tail]));
      expect(out.buffer.byteLength).toBeGreaterThan(out.length); // room for the index
    }
    expect(joined).toEqual(new Uint8Array([...bytes(100, 1), ...bytes(30, 2)])); // untouched by those
  });

  it('holds arbitrary strings through many rewrites (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(20), fc.string(), fc.string({ unit: 'grapheme' })), { maxLength: 80 }),
        (ops) => {
          const p = new PackedStrings(2);
          const model: [string, string][] = [];
          for (const [at, a, b] of ops) {
            const row = Math.min(at, model.length);
            p.set(row, [a, b]);
            model[row] = [a, b];
          }
          model.forEach(([a, b], r) =>
            expect([p.get(r, 0), p.get(r, 1)]).toEqual([wellFormed(a), wellFormed(b)]),
          );
        },
      ),
    );
  });
  it('scans only the rows with a value, and finds every one of them through rewrites, compactions and reloads (property)', () => {
    const VALUES = ['', 'a.mp3', 'B.MP3', 'é.mp3', 'x.MP3é', 'noé', 'plain', 'x'];
    const op = fc.oneof(
      fc.tuple(
        fc.constant('set' as const),
        fc.nat(40),
        fc.constantFrom(...VALUES),
        fc.constantFrom(...VALUES),
      ),
      fc.tuple(fc.constant('compact' as const), fc.nat(3)),
      fc.tuple(fc.constant('reload' as const)),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let p = new PackedStrings(2);
        let model: [string, string][] = [];
        for (const o of ops) {
          if (o[0] === 'set') {
            const row = Math.min(o[1], model.length);
            p.set(row, [o[2], o[3]]);
            model[row] = [o[2], o[3]];
          } else if (o[0] === 'compact') {
            // Keeps every row but one in `o[1] + 2`, renumbered.
            const keep = Int32Array.from(model.keys()).filter((r) => r % (o[1] + 2) !== 0);
            p.compact(keep);
            model = Array.from(keep, (r) => model[r]!);
          } else {
            const q = new PackedStrings(2);
            expect(q.fromBytes(p.toBytes(), model.length)).toBe(true);
            p = q;
          }
        }
        const part = utf8('.mp3');
        for (const f of [0, 1]) {
          // A match in the ASCII bytes before any other is an answer; otherwise a non-ASCII byte
          // leaves the row undecided (2) for the caller to decode.
          const expected = model.map((values) => {
            const v = values[f]!;
            // eslint-disable-next-line no-control-regex
            const ascii = /^[\x00-\x7f]*/.exec(v)![0];
            return ascii.toLowerCase().includes('.mp3') ? 1 : ascii !== v ? 2 : 0;
          });
          expect(Array.from(p.scanAscii(f, part, model.length))).toEqual(expected);
          expect(model.map((_, r) => p.includesAscii(r, f, part))).toEqual(
            expected.map((e) => (e === 2 ? undefined : e === 1)),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
