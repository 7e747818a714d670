import { expect, it } from 'vitest';
import { feedFromPath } from './feedFromPath';

it('reads the feed id of feed pages only', () => {
  expect(feedFromPath('/f/12')).toBe(12);
  expect(feedFromPath('/feed/7/')).toBe(7);
  expect(feedFromPath('/c/12')).toBeNull();
  expect(feedFromPath('/f/0')).toBeNull();
  expect(feedFromPath('/f/12/x')).toBeNull();
  expect(feedFromPath('/f/12/i/345')).toBe(12);
  expect(feedFromPath('/all')).toBeNull();
});
