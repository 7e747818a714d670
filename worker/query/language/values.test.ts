import type { QueryWarning } from './warnings';
import { describe, expect, it } from 'vitest';
import { evalValue, parseDateString, subtractInterval } from './values';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('parseDateString', () => {
  it('reads dates and date-times as UTC unless an offset is given', () => {
    expect(parseDateString('2024-01-31')).toBe(utc('2024-01-31T00:00:00Z'));
    expect(parseDateString('2024-01-31T10:20')).toBe(utc('2024-01-31T10:20:00Z'));
    expect(parseDateString('2024-01-31 10:20:30')).toBe(utc('2024-01-31T10:20:30Z'));
    expect(parseDateString('2024-01-31T10:20:30.5Z')).toBe(utc('2024-01-31T10:20:30Z') + 0.5);
    expect(parseDateString('2024-01-31T10:20:30+02:00')).toBe(utc('2024-01-31T08:20:30Z'));
    expect(parseDateString('2024-01-31T10:20:30-0130')).toBe(utc('2024-01-31T11:50:30Z'));
    expect(parseDateString('0050-06-01')).toBe(utc('0050-06-01T00:00:00Z'));
  });
  it('rejects invalid dates', () => {
    for (const bad of [
      '',
      'yesterday',
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-01-01T25:00',
      '24-01-01',
    ]) {
      expect(parseDateString(bad), bad).toBeNull();
    }
    expect(parseDateString('2024-02-29')).toBe(utc('2024-02-29T00:00:00Z'));
  });
});

describe('subtractInterval', () => {
  const t = (iso: string) => utc(iso);
  it('subtracts days and weeks as fixed seconds', () => {
    expect(subtractInterval(t('2024-03-10T12:00:00Z'), 1, 'day')).toBe(t('2024-03-09T12:00:00Z'));
    expect(subtractInterval(t('2024-03-10T12:00:00Z'), 2, 'week')).toBe(t('2024-02-25T12:00:00Z'));
    expect(subtractInterval(t('2024-03-10T12:00:00Z'), -1, 'day')).toBe(t('2024-03-11T12:00:00Z'));
  });
  it('does calendar months with clamping and keeps the time of day', () => {
    expect(subtractInterval(t('2024-01-31T08:30:00Z'), 1, 'month')).toBe(t('2023-12-31T08:30:00Z'));
    expect(subtractInterval(t('2024-03-31T00:00:00Z'), 1, 'month')).toBe(t('2024-02-29T00:00:00Z'));
    expect(subtractInterval(t('2023-03-31T00:00:00Z'), 1, 'month')).toBe(t('2023-02-28T00:00:00Z'));
    expect(subtractInterval(t('2024-05-15T00:00:00Z'), 17, 'month')).toBe(t('2022-12-15T00:00:00Z'));
    expect(subtractInterval(t('2024-01-31T00:00:00Z'), -1, 'month')).toBe(t('2024-02-29T00:00:00Z'));
    expect(subtractInterval(t('2024-05-15T00:00:00Z'), 1.9, 'month')).toBe(t('2024-04-15T00:00:00Z'));
  });
  it('does calendar years, Feb 29 → Feb 28', () => {
    expect(subtractInterval(t('2024-02-29T06:00:00Z'), 1, 'year')).toBe(t('2023-02-28T06:00:00Z'));
    expect(subtractInterval(t('2024-02-29T06:00:00Z'), 4, 'year')).toBe(t('2020-02-29T06:00:00Z'));
  });
  it('returns null outside the representable range', () => {
    expect(subtractInterval(1e300, 1, 'month')).toBeNull();
  });
});

describe('evalValue', () => {
  const warnings: QueryWarning[] = [];
  const ev = (e: Parameters<typeof evalValue>[0]) => evalValue(e, 5000, (w) => warnings.push(w));
  it('folds helpers to constants', () => {
    expect(ev({ type: 'now' })).toBe(5000);
    expect(ev({ type: 'unixTimestamp', arg: null })).toBe(5000);
    expect(ev({ type: 'unixTimestamp', arg: { type: 'literal', value: 42 } })).toBe(42);
    expect(ev({ type: 'unixTimestamp', arg: { type: 'literal', value: '42' } })).toBe(42);
    expect(ev({ type: 'unixTimestamp', arg: { type: 'literal', value: '1970-01-02' } })).toBe(86400);
    expect(
      ev({ type: 'dateSub', base: { type: 'literal', value: '1970-03-31' }, amount: 1, unit: 'month' }),
    ).toBe(utc('1970-02-28T00:00:00Z'));
    expect(ev({ type: 'literal', value: '' })).toBeNull();
  });
  it('turns invalid times into null with a warning', () => {
    warnings.length = 0;
    expect(ev({ type: 'unixTimestamp', arg: { type: 'literal', value: 'soon' } })).toBeNull();
    expect(
      ev({ type: 'dateSub', base: { type: 'literal', value: true }, amount: 1, unit: 'day' }),
    ).toBeNull();
    expect(ev({ type: 'unixTimestamp', arg: { type: 'literal', value: null } })).toBeNull();
    expect(warnings).toEqual([
      { code: 'invalid_date', text: 'soon' },
      { code: 'invalid_time', text: 'true' },
    ]);
    expect(ev({ type: 'bogus' } as never)).toBeNull();
    expect(warnings[2]).toEqual({ code: 'undefined_value' });
  });
});
