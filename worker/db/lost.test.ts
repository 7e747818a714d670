import { indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../api';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import type { EngineEvent } from '../types';

let engine: Engine | undefined;
afterEach(() => {
  engine?.close();
  engine = undefined;
  vi.restoreAllMocks();
});

const exists = async (name: string) => (await indexedDB.databases()).some((d) => d.name === name);

async function seeded() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  engine = createTestEngine();
  await engine.init();
  const groupId = await engine.groups.save({ title: 'kept' });
  const feedId = await engine.feeds.save({ url: 'https://a.example/feed', title: 'A', groupId });
  await engine.items.ingest(feedId, [
    { guid: '1', title: 'One', author: '', description: '', pubDate: 1, link: '', enclosure: null },
  ]);
  const events: EngineEvent[] = [];
  engine.onEvent((e) => void events.push(e));
  return { engine, events, name: internalsOf(engine).db.dexie.name };
}

describe('a database deleted or closed under the running engine', () => {
  it('deleted: the engine says so, serves nothing stale, and never re-creates it', async () => {
    const { engine: e, events, name } = await seeded();
    const api = createApi(e);
    expect((await api.counts()).items).toBe(1);
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.deleteDatabase(name);
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error ?? new Error('delete failed'));
    });
    expect(events).toContainEqual({ type: 'storage-lost', reason: 'deleted' });
    expect(internalsOf(e).db.lost).toBe('deleted');
    // No answer from memory (the sidebar would still show the old counts)…
    await expect(api.counts()).rejects.toMatchObject({ code: 'db_lost' });
    await expect(api.items.page({ scope: 'all', limit: 5 })).rejects.toMatchObject({ code: 'db_lost' });
    // …and no write silently creates an empty database where the data was.
    await expect(api.groups.save({ title: 'new' })).rejects.toMatchObject({ code: 'db_lost' });
    await expect(e.groups.save({ title: 'behind the API' })).rejects.toMatchObject({ code: 'db_lost' });
    await expect(e.flushSnapshot()).resolves.toBe(false);
    expect(await exists(name)).toBe(false);
  });

  it('closed by the browser (forced close): the same', async () => {
    const { engine: e, events, name } = await seeded();
    // What a browser does when it closes the connection by force (storage cleared or evicted).
    // fake-indexeddb dispatches its own event objects only; this is the shape it needs.
    const forced = {
      type: 'close',
      initialized: true,
      dispatched: false,
      eventPath: [],
      bubbles: false,
      NONE: 0,
      CAPTURING_PHASE: 1,
      AT_TARGET: 2,
      BUBBLING_PHASE: 3,
    };
    internalsOf(e)
      .db.dexie.backendDB()
      .dispatchEvent(forced as unknown as Event);
    expect(events).toContainEqual({ type: 'storage-lost', reason: 'closed' });
    await expect(createApi(e).state.unreadIds()).rejects.toMatchObject({ code: 'db_lost' });
    await expect(e.items.ingest(1, [])).resolves.toEqual({ added: [], updated: [] });
    await expect(e.groups.save({ title: 'x' })).rejects.toMatchObject({ code: 'db_lost' });
    expect(await exists(name)).toBe(true);
  });

  it('our own close is not a loss', async () => {
    const { engine: e, events } = await seeded();
    internalsOf(e).db.close();
    expect(internalsOf(e).db.lost).toBeNull();
    expect(events.filter((ev) => ev.type === 'storage-lost')).toEqual([]);
  });
});
