import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { EngineError } from '../errors';
import { internalsOf } from '../testing/createTestEngine';
import { freshEngines } from '../testing/freshEngines';
import { baseLanguage, detectLanguage, fullTextVersion, sameLanguage, translationKey } from './translation';

const fresh = freshEngines({ now: () => 1000 });

const GERMAN =
  '<p>Die Bundesregierung hat am Mittwoch einen neuen Plan für die Energiewende vorgestellt.</p><p>Bis zum Jahr 2030 sollen viele neue Windräder gebaut werden.</p>';
const ENGLISH =
  '<p>The Rust compiler team shipped incremental compilation improvements this week.</p><p>Cargo builds are now noticeably faster on large projects.</p>';
const CHINESE =
  '<p>今天天气很好，我们去公园散步吧。公园里有很多花，孩子们在草地上玩耍，老人们在树下聊天。</p>';

async function withItems(e: Engine, items: { title: string; description: string }[]): Promise<number[]> {
  const gid = await e.groups.save({ title: 'G' });
  const fid = await e.feeds.save({ url: 'https://example.org/feed', title: 'F', groupId: gid });
  const res = await e.items.ingest(
    fid,
    items.map((it, i) => ({ ...it, guid: `g${i}`, author: '', pubDate: 100 + i, link: '', enclosure: null })),
  );
  return res.added;
}

describe('language decisions', () => {
  it('detects the language of real paragraphs and stays unsure on too little text', async () => {
    expect(await detectLanguage('Die Bundesregierung hat am Mittwoch einen neuen Plan vorgestellt.')).toBe(
      'de',
    );
    expect(await detectLanguage('The Rust compiler team shipped faster incremental builds this week.')).toBe(
      'en',
    );
    expect(await detectLanguage('今天天气很好，我们去公园散步吧。公园里有很多花，孩子们在草地上玩耍。')).toBe(
      'zh',
    );
    expect(await detectLanguage('Hello')).toBeNull();
    expect(await detectLanguage('12 34 — !!')).toBeNull();
  });

  it('compares by language, not region, and an unknown source never counts as the same', () => {
    expect(baseLanguage('zh-CN')).toBe('zh');
    expect(sameLanguage('zh', 'zh-CN')).toBe(true);
    expect(sameLanguage('en', 'en')).toBe(true);
    expect(sameLanguage('de', 'en')).toBe(false);
    expect(sameLanguage(null, 'en')).toBe(false);
  });

  it('keys a translation by article, article version and language', () => {
    expect(translationKey(7, 'abc', 'en')).toBe('translation:7:abc:en');
    expect(translationKey(7, 'abd', 'en')).not.toBe(translationKey(7, 'abc', 'en'));
    expect(() => translationKey(0, 'abc', 'en')).toThrow();
  });
});

describe('ai domain: translations', () => {
  it('says an English article is already in English and a German one is not', async () => {
    const e = await fresh();
    const [en, de, zh] = await withItems(e, [
      { title: 'Faster builds', description: ENGLISH },
      { title: 'Energiewende', description: GERMAN },
      { title: '散步', description: CHINESE },
    ]);
    expect(await e.ai.checkTranslation(en!, 'en')).toEqual({ cached: null, source: 'en', same: true });
    expect(await e.ai.checkTranslation(de!, 'en')).toEqual({ cached: null, source: 'de', same: false });
    expect(await e.ai.checkTranslation(zh!, 'zh-CN')).toMatchObject({ source: 'zh', same: true });
  });

  it('serves a cached translation per article and language; a new article version misses', async () => {
    const e = await fresh();
    const [de] = await withItems(e, [{ title: 'Energiewende', description: GERMAN }]);
    await e.ai.putTranslation(de!, 'en', ['The government presented a plan.', 'Many wind turbines.'], 'm1');
    const hit = await e.ai.checkTranslation(de!, 'en');
    expect(hit.cached).toEqual({
      lang: 'en',
      paragraphs: ['The government presented a plan.', 'Many wind turbines.'],
      model: 'm1',
      createdAt: 1000,
    });
    expect(await e.ai.getTranslation(de!, 'en')).toEqual(hit.cached);
    expect((await e.ai.checkTranslation(de!, 'zh-CN')).cached).toBeNull();
    expect(await e.ai.getTranslation(de!, 'zh-CN')).toBeNull();
    // Summaries of the same article are not confused with it.
    expect(await e.ai.getSummary({ itemId: de!, contentHash: 'x', model: 'm1', prompt: 'p' })).toBeNull();
    // The feed changes the article: the old translation is not served for the new text.
    await internalsOf(e).db.dexie.table('items').update(de!, { contentHash: 'changed' });
    expect((await e.ai.checkTranslation(de!, 'en')).cached).toBeNull();
  });

  it('translates the whole article apart from the feed body: its own cache entry and language check', async () => {
    const e = await fresh();
    const [de] = await withItems(e, [{ title: 'Energiewende', description: GERMAN }]);
    // No whole article loaded yet: nothing to translate from it.
    await expect(e.ai.checkTranslation(de!, 'en', 'full')).rejects.toMatchObject({ code: 'not_found' });
    const html = `${GERMAN}<p>Der ganze Artikel hat einen dritten Absatz, den der Feed nicht zeigt.</p>`;
    await internalsOf(e).db.dexie.table('fullTexts').put({
      itemId: de!,
      feedId: 1,
      status: 'ok',
      html,
      text: 'Die Bundesregierung hat am Mittwoch einen neuen Plan vorgestellt. Der ganze Artikel hat einen dritten Absatz.',
      url: 'https://example.org/a',
      reason: '',
      httpStatus: 0,
      fetchedAt: 1,
    });
    expect(await e.ai.checkTranslation(de!, 'en', 'full')).toEqual({
      cached: null,
      source: 'de',
      same: false,
    });
    await e.ai.putTranslation(de!, 'en', ['feed 1', 'feed 2'], 'm', 'feed');
    await e.ai.putTranslation(de!, 'en', ['full 1', 'full 2', 'full 3'], 'm', 'full');
    expect((await e.ai.getTranslation(de!, 'en'))?.paragraphs).toEqual(['feed 1', 'feed 2']);
    expect((await e.ai.getTranslation(de!, 'en', 'full'))?.paragraphs).toEqual([
      'full 1',
      'full 2',
      'full 3',
    ]);
    const keys = (await internalsOf(e).db.dexie.table('summaries').toCollection().primaryKeys()) as string[];
    const { contentHash } = (await e.items.get(de!))!;
    expect(keys.sort()).toEqual(
      [translationKey(de!, contentHash, 'en'), translationKey(de!, fullTextVersion(html), 'en')].sort(),
    );
    // A re-fetched page that changed is a new version: the old translation is not served.
    await internalsOf(e)
      .db.dexie.table('fullTexts')
      .update(de!, { html: `${html}<p>Neu.</p>` });
    expect(await e.ai.getTranslation(de!, 'en', 'full')).toBeNull();
    expect((await e.ai.getTranslation(de!, 'en'))?.paragraphs).toEqual(['feed 1', 'feed 2']);
  });

  it('refuses empty translations, bad language tags and unknown articles, storing nothing', async () => {
    const e = await fresh();
    const [de] = await withItems(e, [{ title: 'Energiewende', description: GERMAN }]);
    await expect(e.ai.putTranslation(de!, 'en', [], 'm')).rejects.toMatchObject({ code: 'bad_translation' });
    await expect(e.ai.putTranslation(de!, 'en', [' ', ''], 'm')).rejects.toBeInstanceOf(EngineError);
    await expect(e.ai.putTranslation(de!, 'en<script>', ['x'], 'm')).rejects.toMatchObject({
      code: 'bad_translation',
    });
    await expect(e.ai.checkTranslation(9999, 'en')).rejects.toMatchObject({ code: 'not_found' });
    expect(await internalsOf(e).db.dexie.table('summaries').count()).toBe(0);
  });

  it('goes with the article: deleting summaries of an item drops its translations', async () => {
    const e = await fresh();
    const [de] = await withItems(e, [{ title: 'Energiewende', description: GERMAN }]);
    await e.ai.putTranslation(de!, 'en', ['x'], 'm');
    expect(await e.ai.deleteSummaries([de!])).toBe(1);
    expect((await e.ai.checkTranslation(de!, 'en')).cached).toBeNull();
  });

  it('is part of a backup and comes back from a restore', async () => {
    const source = await fresh();
    const [de] = await withItems(source, [{ title: 'Energiewende', description: GERMAN }]);
    await source.ai.putTranslation(de!, 'zh-CN', ['政府提出了一个计划。', '许多风力涡轮机。'], 'm1');
    const { id } = await source.backup.start({});
    const parts: string[] = [];
    for (let c = await source.backup.next(id); c !== null; c = await source.backup.next(id)) parts.push(c);
    const text = parts.join('');
    expect(text).toContain('translation:');
    const target = await fresh();
    const preview = await target.backup.inspect(new Blob([text]));
    await target.backup.restore(preview.id, 'replace');
    expect((await target.ai.checkTranslation(de!, 'zh-CN')).cached?.paragraphs).toEqual([
      '政府提出了一个计划。',
      '许多风力涡轮机。',
    ]);
  });
});
