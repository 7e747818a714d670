import { describe, expect, it } from 'vitest';
import { localizeBundle } from './bundleText';
import { BUNDLES } from './bundles';
import { BUNDLES_ZH_CN } from './bundles.zh-CN';

const HAN = /\p{Script=Han}/u;

describe('bundle texts in Chinese', () => {
  it.each(BUNDLES.map((b) => [b.id, b] as const))('%s is translated whole', (_id, bundle) => {
    const zh = localizeBundle(bundle, 'zh-CN');
    expect(zh.title).toMatch(HAN);
    expect(zh.description).toMatch(HAN);
    for (const f of zh.feeds) expect(f.description, f.url).toMatch(HAN);
    // Only texts change: the same feeds at the same addresses, publisher names as they are.
    expect(zh.feeds.map((f) => [f.url, f.title])).toEqual(bundle.feeds.map((f) => [f.url, f.title]));
  });

  it('translates no bundle or feed that does not exist', () => {
    const ids = new Set(BUNDLES.map((b) => b.id));
    for (const [id, zh] of Object.entries(BUNDLES_ZH_CN)) {
      expect(ids.has(id), id).toBe(true);
      const urls = new Set(BUNDLES.find((b) => b.id === id)?.feeds.map((f) => f.url));
      for (const url of Object.keys(zh.feeds)) expect(urls.has(url), url).toBe(true);
    }
  });

  it('leaves English, and bundles made on this device, as written', () => {
    const first = BUNDLES[0]!;
    expect(localizeBundle(first, 'en')).toBe(first);
    const own = { id: 'mine-1', title: 'My group', description: '', feeds: [] };
    expect(localizeBundle(own, 'zh-CN')).toBe(own);
  });
});
