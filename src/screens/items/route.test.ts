import { afterEach, describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../../settings/useSettings';
import { formatAge, parseItemsRoute } from './route';

describe('parseItemsRoute', () => {
  it.each([
    ['all', undefined, { scope: 'all' }],
    ['home', undefined, { scope: 'today' }],
    ['explore', undefined, { scope: 'today' }],
    ['today', undefined, { scope: 'today' }],
    ['next', undefined, { scope: 'saved' }],
    ['saved', undefined, { scope: 'saved' }],
    ['hidden', undefined, { scope: 'hidden' }],
    ['f', '12', { scope: 'feed', id: 12 }],
    ['feed', '12', { scope: 'feed', id: 12 }],
    ['c', '3', { scope: 'group', id: 3 }],
    ['c', '-1', { scope: 'group', id: -1 }],
    ['group', '3', { scope: 'group', id: 3 }],
    ['filter', 'f-17a', { scope: 'filter', filterId: 'f-17a' }],
  ])('%s/%s is a list', (type, id, expected) => {
    expect(parseItemsRoute(type, id)).toEqual(expected);
  });

  it.each([
    [undefined, undefined],
    ['all', '3'],
    ['feed', undefined],
    ['feed', '0'],
    ['feed', '-1'],
    ['feed', '1.5'],
    ['feed', 'abc'],
    ['feed', '01'],
    ['feed', '9999999999999999999'],
    ['group', ''],
    ['f', '-1'],
    ['c', '-2'],
    ['next', '1'],
    ['filter', undefined],
    ['filter', 'a b'],
    ['filter', 'x'.repeat(65)],
    ['bogus', undefined],
    ['constructor', undefined],
  ])('%s/%s is not a list', (type, id) => {
    expect(parseItemsRoute(type, id)).toBeNull();
  });
});

describe('formatAge', () => {
  const now = Date.UTC(2025, 5, 15, 12) / 1000;
  afterEach(() => resetSettings('general'));

  it.each([
    [now + 500, 'now'],
    [now, 'now'],
    [now - 30, 'now'],
    [now - 60, '1 minute ago'],
    [now - 120, '2 minutes ago'],
    [now - 3 * 3600, '3 hours ago'],
    [now - 86400, 'yesterday'],
    [now - 2 * 86400, '2 days ago'],
  ])('%i → %s', (t, text) => {
    expect(formatAge(t, now)).toBe(text);
  });

  it('shows a date past a week, with the year only when it differs', () => {
    expect(formatAge(Date.UTC(2025, 0, 3, 12) / 1000, now)).toBe('Jan 3');
    expect(formatAge(Date.UTC(2023, 0, 3, 12) / 1000, now)).toBe('Jan 3, 2023');
  });

  it('speaks the language in effect', () => {
    updateSettings('general', { language: 'zh-CN' });
    expect(formatAge(now - 3 * 3600, now)).toBe('3小时前');
    expect(formatAge(now + 500, now)).toBe('现在');
    expect(formatAge(Date.UTC(2025, 0, 3, 12) / 1000, now)).toBe('1月3日');
    expect(formatAge(Date.UTC(2023, 0, 3, 12) / 1000, now)).toBe('2023年1月3日');
  });
});
