import { afterEach, describe, expect, it } from 'vitest';
import { describe as anchorOf } from '../../shared/anchor';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedDatabase } from '../testing/shippedSchema';
import type { EngineEvent } from '../types';
import { SCHEMA_VERSION } from '../db/schema';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

const TEXT = 'Rivers carry sediment to the sea. The delta grows each year as silt settles.';

async function withArticle(opts: Parameters<typeof createTestEngine>[0] = {}) {
  const engine = createTestEngine(opts);
  engines.push(engine);
  await engine.init();
  const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A', groupId: -1 });
  await engine.items.ingest(feedId, [
    {
      guid: 'g1',
      title: 'Deltas',
      author: '',
      description: `<p>${TEXT}</p>`,
      pubDate: 100,
      link: 'https://a.example/1',
      enclosure: null,
    },
  ]);
  const itemId = (await engine.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
  const events: EngineEvent[] = [];
  engine.onEvent((e) => void events.push(e));
  return { engine, itemId, feedId, events };
}

const passage = (exact: string) => {
  const at = TEXT.indexOf(exact);
  const { quote, position } = anchorOf(TEXT, at, at + exact.length);
  return { quote, position };
};

describe('highlights domain', () => {
  it('keeps the article’s language (its own, else its feed’s) with the highlight', async () => {
    const { engine, itemId } = await withArticle();
    const zh = await engine.feeds.save({ url: 'https://zh.example/feed', title: '园艺', language: 'zh-CN' });
    await engine.items.ingest(zh, [
      {
        guid: 'z1',
        title: '河流',
        author: '',
        description: `<p>${TEXT}</p>`,
        pubDate: 200,
        link: '',
        enclosure: null,
      },
      {
        guid: 'z2',
        title: 'Mills',
        author: '',
        description: `<p>${TEXT}</p>`,
        pubDate: 300,
        link: '',
        enclosure: null,
        language: 'en-US',
      },
    ]);
    const rows = (await engine.items.page({ scope: 'feed', id: zh, limit: 2 })).rows;
    const idOf = (title: string) => rows.find((r) => r.title === title)!.id;
    const add = (id: number) =>
      engine.highlights.add({ itemId: id, color: 'yellow', ...passage('silt settles') });
    expect((await add(idOf('河流'))).language).toBe('zh-CN');
    expect((await add(idOf('Mills'))).language).toBe('en-US');
    // A feed that declares none: nothing is kept.
    expect(await add(itemId)).not.toHaveProperty('language');
    // Newest first: the last one made leads.
    expect((await engine.highlights.list()).rows.map((h) => h.language)).toEqual([
      undefined,
      'en-US',
      'zh-CN',
    ]);
  });

  it('adds, lists by article in text order, updates, removes and restores (same id)', async () => {
    const { engine, itemId, feedId, events } = await withArticle();
    const late = await engine.highlights.add({ itemId, color: 'green', ...passage('silt settles') });
    const early = await engine.highlights.add({
      itemId,
      color: 'yellow',
      note: 'key',
      ...passage('carry sediment'),
    });
    expect(early).toMatchObject({
      itemId,
      feedId,
      title: 'Deltas',
      link: 'https://a.example/1',
      orphaned: false,
    });
    expect((await engine.highlights.listByItem(itemId)).map((h) => h.id)).toEqual([early.id, late.id]);
    expect(events).toContainEqual({ type: 'highlights-changed', itemIds: [itemId] });

    const edited = await engine.highlights.update(late.id, { color: 'pink', note: 'why?' });
    expect(edited).toMatchObject({ color: 'pink', note: 'why?' });
    const removed = await engine.highlights.remove(late.id);
    expect(await engine.highlights.listByItem(itemId)).toHaveLength(1);
    await engine.highlights.restore(removed);
    const back = await engine.highlights.listByItem(itemId);
    expect(back.find((h) => h.id === late.id)).toEqual(edited);
  });

  it('lists all newest first with paging and searches passage, note and title', async () => {
    let now = 1000;
    const { engine, itemId } = await withArticle({ now: () => now });
    const a = await engine.highlights.add({ itemId, color: 'yellow', ...passage('carry sediment') });
    now = 2000;
    const b = await engine.highlights.add({
      itemId,
      color: 'blue',
      note: 'Geology notes',
      ...passage('silt settles'),
    });
    const all = await engine.highlights.list();
    expect(all.total).toBe(2);
    expect(all.rows.map((h) => h.id)).toEqual([b.id, a.id]);
    expect((await engine.highlights.list({ offset: 1, limit: 1 })).rows.map((h) => h.id)).toEqual([a.id]);
    expect((await engine.highlights.list({ search: 'GEOLOGY' })).rows.map((h) => h.id)).toEqual([b.id]);
    expect((await engine.highlights.list({ search: 'sediment' })).rows.map((h) => h.id)).toEqual([a.id]);
    expect((await engine.highlights.list({ search: 'deltas silt' })).rows.map((h) => h.id)).toEqual([b.id]);
    expect((await engine.highlights.list({ search: 'nothing like this' })).total).toBe(0);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { engine, itemId } = await withArticle();
    const bad = [
      { itemId, color: 'purple', ...passage('silt') },
      {
        itemId,
        color: 'yellow',
        quote: { exact: '  ', prefix: '', suffix: '' },
        position: { start: 0, end: 2 },
      },
      { itemId, color: 'yellow', ...passage('silt'), position: { start: 5, end: 2 } },
      { itemId, color: 'yellow', note: 'x'.repeat(10_001), ...passage('silt') },
    ];
    for (const input of bad)
      await expect(engine.highlights.add(input as never)).rejects.toMatchObject({
        code: 'invalid_highlight',
      });
    await expect(
      engine.highlights.add({ itemId: 999, color: 'yellow', ...passage('silt') }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await engine.highlights.list()).total).toBe(0);
    await expect(engine.highlights.update(42, { note: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    const h = await engine.highlights.add({ itemId, color: 'yellow', ...passage('silt') });
    await expect(engine.highlights.update(h.id, { color: 'plaid' as never })).rejects.toMatchObject({
      code: 'invalid_highlight',
    });
    expect((await engine.highlights.listByItem(itemId))[0]).toEqual(h);
  });

  it('keeps highlights when their article is deleted (never lost)', async () => {
    const { engine, itemId, feedId } = await withArticle();
    await engine.highlights.add({ itemId, color: 'yellow', note: 'n', ...passage('silt') });
    await engine.feeds.deleteMany([feedId]);
    const { rows } = await engine.highlights.list();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Deltas', note: 'n', quote: { exact: 'silt' } });
  });

  it('goes through a backup and a replace restore identical', async () => {
    const { engine, itemId } = await withArticle();
    await engine.highlights.add({ itemId, color: 'yellow', note: 'first', ...passage('carry sediment') });
    const h = await engine.highlights.add({ itemId, color: 'pink', ...passage('silt settles') });
    await engine.highlights.update(h.id, { orphaned: true });
    const before = await engine.highlights.list();
    const { id } = await engine.backup.start({ settings: {} });
    const parts: string[] = [];
    for (let c = await engine.backup.next(id); c !== null; c = await engine.backup.next(id)) parts.push(c);
    const target = createTestEngine();
    engines.push(target);
    await target.init();
    const events: EngineEvent[] = [];
    target.onEvent((e) => void events.push(e));
    const preview = await target.backup.inspect(new Blob([parts.join('')]));
    expect(preview.header.counts.highlights).toBe(2);
    await target.backup.restore(preview.id, 'replace');
    expect(await target.highlights.list()).toEqual(before);
    expect(events.some((e) => e.type === 'highlights-changed')).toBe(true);
  });

  it('a backup with a malformed highlight is refused', async () => {
    const { engine } = await withArticle();
    const header = {
      format: 'rivulet-backup',
      version: 1,
      createdAt: 1,
      schemaVersion: SCHEMA_VERSION,
      counts: { highlights: 1 },
    };
    const file = `${JSON.stringify(header)}\n${JSON.stringify({ store: 'highlights', value: { id: 1, itemId: 1 } })}\n`;
    await expect(engine.backup.inspect(new Blob([file]))).rejects.toMatchObject({
      message: expect.stringMatching(/highlight needs/) as unknown,
    });
  });
});

describe('schema upgrade v3 → v5', () => {
  it('keeps v3 data and adds an empty, working highlights store', async () => {
    const dbName = `hl-upgrade-${Math.random()}`;
    const v3 = shippedDatabase(dbName, 3);
    await v3.open();
    await v3.table('groups').add({ title: 'Kept' });
    v3.close();
    const { engine, itemId } = await withArticle({ dbName });
    expect((await engine.groups.list()).map((g) => g.title)).toContain('Kept');
    expect(internalsOf(engine).db.dexie.verno).toBe(SCHEMA_VERSION);
    expect(await internalsOf(engine).db.dexie.table('highlights').count()).toBe(0);
    await engine.highlights.add({ itemId, color: 'blue', ...passage('silt') });
    expect(await engine.highlights.listByItem(itemId)).toHaveLength(1);
  });
});
