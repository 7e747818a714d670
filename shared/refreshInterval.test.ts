import { expect, it } from 'vitest';
import { isRefreshInterval, REFRESH_INTERVAL } from './refreshInterval';

it('accepts finite numbers of seconds between a minute and a day, and nothing else', () => {
  expect(REFRESH_INTERVAL).toEqual({ min: 60, max: 86_400 });
  for (const ok of [60, 900, 86_400]) expect(isRefreshInterval(ok)).toBe(true);
  for (const bad of [59, 86_401, Number.NaN, Infinity, '900', null, undefined])
    expect(isRefreshInterval(bad)).toBe(false);
});
