import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { freshEngines } from '../testing/freshEngines';
import { titleKey, type TitleRef } from './titleTranslation';

const fresh = freshEngines({ now: () => 1000 });

const GERMAN_TITLES = [
  'Die Bundesregierung plant neue Steuern für große Unternehmen',
  'Neuer Plan für die Energiewende vorgestellt',
  'Bahn kündigt Streik für das Wochenende an',
];
const ENGLISH_TITLE = 'How we scaled our database to a billion rows';

async function feedWith(e: Engine, titles: string[]): Promise<{ feedId: number; refs: TitleRef[] }> {
  const gid = await e.groups.save({ title: 'G' });
  const feedId = await e.feeds.save({
    url: `https://example.org/${titles.length}`,
    title: 'F',
    groupId: gid,
  });
  const res = await e.items.ingest(
    feedId,
    titles.map((title, i) => ({
      title,
      description: '',
      guid: `g${i}`,
      author: '',
      pubDate: 100 + i,
      link: '',
      enclosure: null,
    })),
  );
  return { feedId, refs: res.added.map((id, i) => ({ id, feedId, title: titles[i]! })) };
}

describe('title keys', () => {
  it('change with the title text and the language', () => {
    expect(titleKey(3, 'Hallo Welt', 'en')).toMatch(/^title:3:/);
    expect(titleKey(3, 'Hallo Welt', 'en')).not.toBe(titleKey(3, 'Hallo Welt!', 'en'));
    expect(titleKey(3, 'Hallo Welt', 'en')).not.toBe(titleKey(3, 'Hallo Welt', 'zh-CN'));
    expect(() => titleKey(0, 'x', 'en')).toThrow();
  });
});

describe('ai domain: list titles', () => {
  it('asks for German titles, skips the English one, then serves the cache', async () => {
    const e = await fresh();
    const { refs } = await feedWith(e, [...GERMAN_TITLES, ENGLISH_TITLE]);
    const first = await e.ai.checkTitles(refs, 'en');
    expect(first.map((s) => s.kind)).toEqual(['todo', 'todo', 'todo', 'same']);
    await e.ai.putTitles(
      refs.slice(0, 2).map((r, i) => ({ ...r, text: `EN ${i}` })),
      'en',
      'm1',
    );
    const again = await e.ai.checkTitles(refs, 'en');
    expect(again).toEqual([
      { id: refs[0]!.id, kind: 'cached', text: 'EN 0' },
      { id: refs[1]!.id, kind: 'cached', text: 'EN 1' },
      { id: refs[2]!.id, kind: 'todo' },
      { id: refs[3]!.id, kind: 'same' },
    ]);
    // Another language or an edited title misses.
    expect((await e.ai.checkTitles(refs.slice(0, 1), 'fr'))[0]?.kind).toBe('todo');
    const edited = [{ ...refs[0]!, title: `${refs[0]!.title} (aktualisiert)` }];
    expect((await e.ai.checkTitles(edited, 'en'))[0]?.kind).toBe('todo');
  });

  it('skips a whole feed already in the target language, even short titles', async () => {
    const e = await fresh();
    const { refs } = await feedWith(e, [
      'Rust 1.80 is out',
      'Why we moved off Kubernetes',
      'Notes on writing a small compiler in a weekend',
      'The state of WebAssembly in browsers this year',
    ]);
    const states = await e.ai.checkTitles(refs, 'en');
    expect(states.every((s) => s.kind === 'same')).toBe(true);
    expect((await e.ai.checkTitles(refs, 'zh-CN')).every((s) => s.kind === 'todo')).toBe(true);
  });

  it('refuses bad input and stores nothing; empty texts are skipped', async () => {
    const e = await fresh();
    const { refs } = await feedWith(e, GERMAN_TITLES);
    await expect(e.ai.checkTitles(refs, 'en<x>')).rejects.toMatchObject({ code: 'bad_translation' });
    await expect(e.ai.checkTitles([{ id: -1, feedId: 1, title: 'x' }], 'en')).rejects.toMatchObject({
      code: 'bad_translation',
    });
    await e.ai.putTitles([{ ...refs[0]!, text: '  ' }], 'en', 'm');
    // A translation of an article deleted meanwhile is not kept.
    await e.ai.putTitles([{ id: 99999, feedId: refs[0]!.feedId, title: 'gone', text: 'Gone' }], 'en', 'm');
    expect(await internalsOf(e).db.dexie.table('summaries').count()).toBe(0);
  });

  it('goes with the article, and the feed switch is stored on the feed', async () => {
    const e = await fresh();
    const { feedId, refs } = await feedWith(e, GERMAN_TITLES);
    await e.ai.putTitles([{ ...refs[0]!, text: 'Government plans new taxes' }], 'en', 'm');
    expect(await e.ai.deleteSummaries([refs[0]!.id])).toBe(1);
    expect((await e.ai.checkTitles(refs.slice(0, 1), 'en'))[0]?.kind).toBe('todo');
    await e.ai.setTranslateTitles(feedId, true);
    expect((await e.feeds.list()).find((f) => f.id === feedId)?.translateTitles).toBe(true);
    await e.ai.setTranslateTitles(feedId, false);
    expect((await e.feeds.list()).find((f) => f.id === feedId)?.translateTitles).toBe(false);
    await expect(e.ai.setTranslateTitles(4242, true)).rejects.toMatchObject({ code: 'not_found' });
  });
});
