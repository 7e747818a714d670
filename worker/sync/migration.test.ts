import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../db/schema';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { shippedDatabase } from '../testing/shippedSchema';
import { enqueue, readAccount, readQueue, writeSyncItems } from './store';

describe('schema migration v2 → v3 (sync stores)', () => {
  it('keeps v2 records and adds empty, working accounts, syncItems and syncQueue stores', async () => {
    const dbName = `migrate-v3-${Math.random()}`;
    const v2 = shippedDatabase(dbName, 2);
    await v2.open();
    await v2.table('feeds').add({ title: 'Kept', groupId: -1, url: 'https://a.example/f', siteUrl: '' });
    await v2.table('summaries').put({ key: 'k', itemId: 1, text: 'S', model: 'm', createdAt: 1 });
    v2.close();

    const engine = createTestEngine({ dbName });
    const info = await engine.init();
    // Later versions (v4 full texts, …) upgrade through v3 in the same open.
    expect(info.schemaVersion).toBe(SCHEMA_VERSION);
    expect((await engine.feeds.list()).map((f) => f.title)).toEqual(['Kept']);
    expect(await internalsOf(engine).db.dexie.table('summaries').count()).toBe(1);
    expect(await readAccount(internalsOf(engine).db)).toBeNull();
    await enqueue(internalsOf(engine).db, [
      { at: 1, op: 'read', remoteIds: ['1'] },
      { at: 2, op: 'saved', remoteIds: ['1'] },
    ]);
    expect((await readQueue(internalsOf(engine).db)).map((q) => q.seq)).toEqual([1, 2]);
    await writeSyncItems(internalsOf(engine).db, [{ itemId: 1, remoteId: 'r1', feedId: 1, server: 0 }]);
    // remoteId is unique: one local item per server item.
    await expect(
      writeSyncItems(internalsOf(engine).db, [{ itemId: 2, remoteId: 'r1', feedId: 1, server: 0 }]),
    ).rejects.toThrow();
    engine.close();
  });
});
