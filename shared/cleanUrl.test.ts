import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanUrl } from './cleanUrl';
import { TRACKING_PARAMS } from './trackingParams';

interface Case {
  name: string;
  in: string;
  out: string;
}

const fixture = JSON.parse(
  readFileSync(new URL('../tests/fixtures/links/trackingUrls.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

describe('cleanUrl over real tracking links (tests/fixtures/links/trackingUrls.json)', () => {
  it('has cases to check', () => {
    expect(fixture.cases.length).toBeGreaterThan(20);
  });
  it.each(fixture.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(cleanUrl(c.in)).toBe(c.out);
  });
  it('is idempotent', () => {
    for (const c of fixture.cases) expect(cleanUrl(cleanUrl(c.in))).toBe(c.out);
  });
});

describe('cleanUrl', () => {
  it('returns the very same string when nothing is removed', () => {
    const url = 'https://example.com/a?b=1&&c=2#d';
    expect(cleanUrl(url)).toBe(url);
  });
  it('drops empty pieces once something goes', () => {
    expect(cleanUrl('https://example.com/a?b=1&&utm_source=x&')).toBe('https://example.com/a?b=1');
  });
  it('keeps a malformed percent escape in a kept name and still reads the others', () => {
    expect(cleanUrl('https://example.com/?%E0%A4%A=1&gclid=2')).toBe('https://example.com/?%E0%A4%A=1');
  });
  it('handles a non-string without throwing', () => {
    expect(cleanUrl(undefined as unknown as string)).toBeUndefined();
    expect(cleanUrl('')).toBe('');
  });
  it('applies a host group to subdomains but not to look-alike hosts', () => {
    expect(cleanUrl('https://mobile.twitter.com/a/status/1?s=21')).toBe(
      'https://mobile.twitter.com/a/status/1',
    );
    expect(cleanUrl('https://nottwitter.com/a?s=21')).toBe('https://nottwitter.com/a?s=21');
    expect(cleanUrl('https://youtu.be/dQw4w9WgXcQ?si=abc&t=42')).toBe('https://youtu.be/dQw4w9WgXcQ?t=42');
    expect(cleanUrl('https://example.com/?si=abc')).toBe('https://example.com/?si=abc');
  });
});

describe('TRACKING_PARAMS (the data)', () => {
  it('names its source for every group and holds only lower-case names', () => {
    for (const g of TRACKING_PARAMS) {
      expect(g.source.trim()).not.toBe('');
      expect((g.names?.length ?? 0) + (g.prefixes?.length ?? 0)).toBeGreaterThan(0);
      for (const n of [...(g.names ?? []), ...(g.prefixes ?? [])]) expect(n).toBe(n.toLowerCase());
    }
  });
  it('never strips names sites use for content outside a host group', () => {
    const global = TRACKING_PARAMS.filter((g) => !g.hosts).flatMap((g) => g.names ?? []);
    for (const name of ['ref', 'id', 'page', 'source', 's', 't', 'q', 'tag', 'si', 'p', 'v'])
      expect(global).not.toContain(name);
  });
});
