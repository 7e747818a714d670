import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDate } from './dates';

const T = (iso: string) => Date.parse(iso) / 1000;

describe('parseDate', () => {
  it.each([
    // RFC 822 / 2822
    ['Sat, 05 Jan 2024 10:00:00 GMT', '2024-01-05T10:00:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 +0000', '2024-01-05T10:00:00Z'],
    ['Sat, 5 Jan 2024 10:00:00 +0130', '2024-01-05T08:30:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 -0500', '2024-01-05T15:00:00Z'],
    ['Sat, 05 Jan 24 10:00:00 GMT', '2024-01-05T10:00:00Z'], // 2-digit year
    ['Tue, 05 Jan 99 10:00:00 GMT', '1999-01-05T10:00:00Z'],
    ['Sat, 05 Jan 2024 10:00 GMT', '2024-01-05T10:00:00Z'], // no seconds
    ['05 Jan 2024 10:00:00 GMT', '2024-01-05T10:00:00Z'], // no weekday
    ['Mon, 05 Jan 2024 10:00:00 GMT', '2024-01-05T10:00:00Z'], // wrong weekday
    ['Sat, 05 jan 2024 10:00:00 gmt', '2024-01-05T10:00:00Z'], // lowercase
    ['Sat, 05 January 2024 10:00:00 UT', '2024-01-05T10:00:00Z'],
    ['Sat, 05 Sept 2024 10:00:00 Z', '2024-09-05T10:00:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 EST', '2024-01-05T15:00:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 PDT', '2024-01-05T17:00:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 A', '2024-01-05T10:00:00Z'], // military letter → UTC (RFC 2822)
    ['Sat, 05 Jan 2024 10:00:00', '2024-01-05T10:00:00Z'], // no zone → UTC
    ['Sat, 05 Jan 2024 10:00:00 +0000 (UTC)', '2024-01-05T10:00:00Z'],
    ['Sat, 05 Jan 2024', '2024-01-05T00:00:00Z'],
    ['  Sat,   05   Jan 2024 10:00:00 GMT  ', '2024-01-05T10:00:00Z'],
    ['05-Jan-2024 10:00:00 +0100', '2024-01-05T09:00:00Z'],
    // non-English months
    ['Sa, 05 Mär 2024 10:00:00 +0100', '2024-03-05T09:00:00Z'],
    ['5 Dezember 2024 10:00', '2024-12-05T10:00:00Z'],
    ['mar., 05 févr. 2024 10:00:00 +0100', '2024-02-05T09:00:00Z'],
    ['5 août 2024', '2024-08-05T00:00:00Z'],
    // month first / asctime
    ['January 5, 2024', '2024-01-05T00:00:00Z'],
    ['Saturday, January 5th, 2024 10:00 PST', '2024-01-05T18:00:00Z'],
    ['Sat Jan  5 10:00:00 2024', '2024-01-05T10:00:00Z'],
    // ISO 8601 / RFC 3339 / W3C-DTF
    ['2024-01-05T10:00:00Z', '2024-01-05T10:00:00Z'],
    ['2024-01-05T10:00:00.123456Z', '2024-01-05T10:00:00Z'],
    ['2024-01-05T10:00:00+02:00', '2024-01-05T08:00:00Z'],
    ['2024-01-05T10:00:00-0330', '2024-01-05T13:30:00Z'],
    ['2024-01-05T10:00Z', '2024-01-05T10:00:00Z'],
    ['2024-01-05T10:00:00', '2024-01-05T10:00:00Z'],
    ['2024-01-05', '2024-01-05T00:00:00Z'],
    ['2024-01', '2024-01-01T00:00:00Z'],
    ['2024', '2024-01-01T00:00:00Z'],
    ['20240105T100000Z', '2024-01-05T10:00:00Z'],
    ['2024-01-05 10:00:00', '2024-01-05T10:00:00Z'],
    ['2024-01-05 10:00:00 +0100', '2024-01-05T09:00:00Z'],
    ['2024/01/05 10:00', '2024-01-05T10:00:00Z'],
  ])('%s', (raw, iso) => {
    expect(parseDate(raw)).toBe(T(iso));
  });

  it.each([
    [''],
    ['   '],
    ['not a date'],
    ['Sat, 05 Foo 2024 10:00:00 GMT'],
    ['2024-13-01'],
    ['2024-02-30'],
    ['Sat, 32 Jan 2024 10:00:00 GMT'],
    ['2024-01-05T25:00:00Z'],
    ['Sat, 05 Jan 2024 10:00:00 NOWHERE'],
    ['x'.repeat(100_000)],
  ])('returns null for %j', (raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it('returns null for non-strings', () => {
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate(null)).toBeNull();
  });

  // A runaway guard, not a speed target: exponential backtracking would take seconds.
  it('is fast on pathological input', () => {
    const start = performance.now();
    parseDate(`Sat, ${'1'.repeat(190)}`);
    parseDate(`${'a,'.repeat(99)}`);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('parseDate day overflow', () => {
  it.each([
    ['2000-02-29T00:00:00Z', T('2000-02-29T00:00:00Z')],
    ['2024-02-29T12:00:00Z', T('2024-02-29T12:00:00Z')],
    ['Tue, 29 Feb 2000 00:00:00 GMT', T('2000-02-29T00:00:00Z')],
    ['1900-02-29T00:00:00Z', null],
    ['2023-02-29T00:00:00Z', null],
    ['2024-04-31T00:00:00Z', null],
    ['Sat, 31 Jun 2024 10:00:00 GMT', null],
    ['2024-12-31 23:59', T('2024-12-31T23:59:00Z')],
  ])('%s', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });
});

describe('parseDate fast path for the common shapes', () => {
  const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
  const rfc822 = fc
    .tuple(
      fc.constantFrom('', 'Sat, ', 'Mon, ', 'Sat ', 'sat, '),
      fc.oneof(two, fc.integer({ min: 1, max: 9 }).map(String)),
      fc.constantFrom('Jan', 'Feb', 'Jun', 'Dec', 'jan', 'Foo', 'Sept'),
      fc.integer({ min: 900, max: 10_500 }).map(String),
      two,
      two,
      two,
      fc.constantFrom(
        'GMT',
        'UT',
        'UTC',
        'Z',
        'gmt',
        'EST',
        '+0000',
        '+0130',
        '-0500',
        '+1260',
        '+01:00',
        '+1',
        '',
      ),
    )
    .map(([wd, d, mo, y, h, mi, s, z]) => `${wd}${d} ${mo} ${y} ${h}:${mi}:${s} ${z}`);
  const iso = fc
    .tuple(
      fc.integer({ min: 900, max: 10_500 }).map(String),
      two,
      two,
      fc.constantFrom('T', 't', ' '),
      two,
      two,
      two,
      fc.constantFrom('', '.123', ',5'),
      fc.constantFrom('Z', 'z', '+01:00', '-05:30', '+0100', ' +01:00', '+1', 'EST', ''),
    )
    .map(([y, mo, d, t, h, mi, s, f, z]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${z}`);

  it('gives what the general path gives (a leading space bypasses the fast path)', () => {
    fc.assert(
      fc.property(fc.oneof(rfc822, iso), (s) => {
        expect(parseDate(s)).toBe(parseDate(` ${s}`));
      }),
      { numRuns: 5000 },
    );
  });
});
