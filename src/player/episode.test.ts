import { describe, expect, it } from 'vitest';
import { episodeHref } from './episode';

describe('episodeHref', () => {
  it("is the article's own address in its feed's list", () => {
    expect(episodeHref({ feedId: 6, itemId: 1234 })).toBe('/f/6/i/1234');
  });
});
