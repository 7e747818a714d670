import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../db/schema';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedDatabase } from '../testing/shippedSchema';

describe('schema migration v3 → v4 (whole articles)', () => {
  it('keeps v3 records and adds an empty, working fullTexts store', async () => {
    const dbName = `migrate-v4-${Math.random()}`;
    const v3 = shippedDatabase(dbName, 3);
    await v3.open();
    await v3.table('feeds').add({ title: 'Kept', groupId: -1, url: 'https://a.example/f', siteUrl: '' });
    await v3.table('items').add({
      feedId: 1,
      guid: 'g1',
      title: 'An article from before',
      author: '',
      description: '<p>Summary</p>',
      pubDate: 100,
      link: 'https://a.example/1',
      enclosure: null,
      flags: 2,
      dedupeKey: 'g1',
      contentHash: 'h1',
      firstSeen: 100,
      snippet: 'Summary',
      thumbnail: '',
    });
    await v3.table('summaries').put({ key: 'k', itemId: 1, text: 'S', model: 'm', createdAt: 1 });
    await v3.table('syncQueue').add({ at: 1, op: 'read', remoteIds: ['1'] });
    v3.close();

    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect(info.counts).toMatchObject({ feeds: 1, items: 1, saved: 1 });
    expect((await engine.items.get(1))?.title).toBe('An article from before');
    expect(await internalsOf(engine).db.dexie.table('summaries').count()).toBe(1);
    expect(await internalsOf(engine).db.dexie.table('syncQueue').count()).toBe(1);
    expect(await engine.fullText.get(1)).toBeNull();
    await internalsOf(engine).db.dexie.table('fullTexts').put({
      itemId: 1,
      feedId: 1,
      status: 'ok',
      html: '<p>Whole</p>',
      text: 'Whole',
      url: 'https://a.example/1',
      reason: '',
      httpStatus: 0,
      fetchedAt: 5,
    });
    expect(await engine.fullText.get(1)).toMatchObject({ status: 'ok', html: '<p>Whole</p>' });
    expect(await internalsOf(engine).db.dexie.table('fullTexts').where('status').equals('ok').count()).toBe(
      1,
    );
    engine.close();
  });
});
