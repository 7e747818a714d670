import { describe, expect, it } from 'vitest';
import { BUNDLES } from './bundles';

describe('curated bundles', () => {
  it('cover the promised topics with 5–10 feeds each, unique ids', () => {
    expect(BUNDLES.map((b) => b.id)).toEqual([
      'world-news',
      'technology',
      'software-engineering',
      'science',
      'design',
      'podcasts',
      'chinese-tech',
    ]);
    for (const b of BUNDLES) {
      expect(b.feeds.length).toBeGreaterThanOrEqual(5);
      expect(b.feeds.length).toBeLessThanOrEqual(10);
    }
  });

  it('every feed has a title, a description and https addresses, never twice', () => {
    const seen = new Set<string>();
    for (const f of BUNDLES.flatMap((b) => b.feeds)) {
      expect(f.title.trim()).not.toBe('');
      expect(f.description.trim()).not.toBe('');
      expect(new URL(f.url).protocol).toBe('https:');
      expect(new URL(f.site).protocol).toBe('https:');
      expect(seen.has(f.url)).toBe(false);
      seen.add(f.url);
    }
  });
});
