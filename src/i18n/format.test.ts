import { describe, expect, it } from 'vitest';
import { formatDateIn, formatDurationIn, formatNumberIn, formatRelativeIn } from './format';

const NOW = Date.UTC(2026, 2, 5, 12, 0, 0);
const ago = (seconds: number) => NOW - seconds * 1000;

describe('formatRelativeIn', () => {
  it('says "3 hours ago" and "3小时前"', () => {
    expect(formatRelativeIn('en', ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(formatRelativeIn('zh-CN', ago(3 * 3600), NOW)).toBe('3小时前');
  });

  it.each([
    [0, 'now', '现在'],
    [30, '30 seconds ago', '30秒钟前'],
    [90, '2 minutes ago', '2分钟前'],
    [59 * 60, '59 minutes ago', '59分钟前'],
    [86_400, 'yesterday', '昨天'],
    [3 * 86_400, '3 days ago', '3天前'],
    [14 * 86_400, '2 weeks ago', '2周前'],
    [60 * 86_400, '2 months ago', '2个月前'],
    [2 * 365 * 86_400, '2 years ago', '2年前'],
    [-2 * 86_400, 'in 2 days', '后天'],
    [-3 * 86_400, 'in 3 days', '3天后'],
    [-3600, 'in 1 hour', '1小时后'],
  ])('%i s before now: %s / %s', (seconds, english, chinese) => {
    expect(formatRelativeIn('en', ago(seconds), NOW)).toBe(english);
    expect(formatRelativeIn('zh-CN', ago(seconds), NOW)).toBe(chinese);
  });

  it('accepts Dates, and gives "" for an invalid instant', () => {
    expect(formatRelativeIn('en', new Date(ago(7200)), new Date(NOW))).toBe('2 hours ago');
    expect(formatRelativeIn('en', Number.NaN, NOW)).toBe('');
    expect(formatRelativeIn('en', new Date('nope'), NOW)).toBe('');
  });
});

describe('formatDateIn', () => {
  const at = Date.UTC(2026, 2, 5, 14, 3);
  it('formats per language', () => {
    const opts = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(formatDateIn('en', at, opts)).toBe('March 5, 2026');
    expect(formatDateIn('zh-CN', at, opts)).toBe('2026年3月5日');
  });

  it('defaults to medium date and short time', () => {
    expect(formatDateIn('en', at)).toMatch(/Mar \d+, 2026, \d+:\d\d/);
    expect(formatDateIn('zh-CN', at)).toMatch(/^2026年3月\d+日 \d+:\d\d$/);
  });

  it('gives "" for an invalid date instead of "Invalid Date"', () => {
    expect(formatDateIn('en', Number.NaN)).toBe('');
  });
});

describe('formatNumberIn', () => {
  it('groups digits and takes options', () => {
    expect(formatNumberIn('en', 1234567)).toBe('1,234,567');
    expect(formatNumberIn('zh-CN', 1234567)).toBe('1,234,567');
    expect(formatNumberIn('en', 0.25, { style: 'percent' })).toBe('25%');
    expect(formatNumberIn('zh-CN', 1.5e9, { notation: 'compact' })).toBe('15亿');
  });
});

describe('formatDurationIn', () => {
  it('clock style is language-neutral', () => {
    expect(formatDurationIn('en', 0)).toBe('0:00');
    expect(formatDurationIn('zh-CN', 3725)).toBe('1:02:05');
    expect(formatDurationIn('en', 65.4)).toBe('1:05');
  });

  it('units style spells the duration out per language', () => {
    expect(formatDurationIn('en', 3900, 'units')).toBe('1 hr 5 min');
    expect(formatDurationIn('zh-CN', 3900, 'units')).toBe('1小时5分钟');
    expect(formatDurationIn('en', 7200, 'units')).toBe('2 hr');
    expect(formatDurationIn('en', 42, 'units')).toBe('42 sec');
  });

  it('treats negative and non-finite input as 0', () => {
    expect(formatDurationIn('en', -5)).toBe('0:00');
    expect(formatDurationIn('en', Number.NaN, 'units')).toBe('0 sec');
  });
});
