import { describe, expect, it } from 'vitest';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedDatabase } from '../testing/shippedSchema';
import { SCHEMA_VERSION } from './schema';

/** A database written by version 1 must open under the current schema with every record intact. */
async function writeV1Database(name: string): Promise<void> {
  const v1 = shippedDatabase(name, 1);
  await v1.open();
  await v1.table('groups').add({ title: 'News' });
  await v1.table('feeds').add({ title: 'A feed', groupId: 1, url: 'https://a.example/feed', siteUrl: '' });
  await v1.table('items').add({
    feedId: 1,
    guid: 'g1',
    title: 'Kept across the upgrade',
    author: '',
    description: '<p>Body</p>',
    pubDate: 100,
    link: 'https://a.example/1',
    enclosure: null,
    flags: 1,
    dedupeKey: 'g1',
    contentHash: 'h1',
    firstSeen: 100,
    snippet: 'Body',
    thumbnail: '',
  });
  await v1.table('meta').put({ key: 'legacyImported', value: true });
  v1.close();
}

describe('schema migration v1 → v2', () => {
  it('keeps every v1 record and adds an empty, working summaries store', async () => {
    const dbName = `migrate-${Math.random()}`;
    await writeV1Database(dbName);
    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect(info.counts).toMatchObject({ groups: 1, feeds: 1, items: 1, unread: 0 });
    const item = await engine.items.get(1);
    expect(item?.title).toBe('Kept across the upgrade');
    expect(await internalsOf(engine).db.dexie.table('summaries').count()).toBe(0);
    const parts = { itemId: 1, contentHash: item?.contentHash ?? '', model: 'm', prompt: 'p' };
    await engine.ai.putSummary(parts, 'A summary');
    expect((await engine.ai.getSummary(parts))?.text).toBe('A summary');
    engine.close();
  });
});
