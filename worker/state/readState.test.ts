import { IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { readCountOf, useStateFixture } from '../testing/stateFixture';

// IndexedDB's own put (fake-indexeddb), to call from a spy that fails some requests.
function nativePut(): (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest<IDBValidKey> {
  return Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')!.value as never;
}

let engine: Engine;
let g: number;
let fa: number;
let fb: number;
let a: number[];
let b: number[];
let events: EngineEvent[];

useStateFixture((f) => ({ engine, g, fa, fb, a, b, events } = f));

const readCount = (id: number) => readCountOf(engine, id);

/** A feed of `n` unread articles stored in one ingest (consecutive ids). */
async function bigFeed(n: number): Promise<{ big: number; ids: number[] }> {
  const big = await engine.feeds.save({ url: 'https://big.test' });
  const items = Array.from({ length: n }, (_, i) => incoming({ guid: `n${i}`, pubDate: i }));
  return { big, ids: (await engine.items.ingest(big, items)).added };
}

describe('read state', () => {
  it('markRead records flags, moves readCount only on actual change, updates index and emits', async () => {
    await engine.state.markRead([a[0]!, a[1]!, b[0]!, 99999], true);
    expect(await readCount(fa)).toBe(2);
    expect(await readCount(fb)).toBe(1);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ);
    expect(events).toEqual([{ type: 'read-changed', ids: [a[0], a[1], b[0]], feedIds: [fa, fb] }]);
    events.length = 0;
    await engine.state.markRead([a[0]!, a[0]!], true); // already read, duplicated
    expect(await readCount(fa)).toBe(2);
    expect(events).toEqual([]);
    await engine.state.markRead([a[0]!], false);
    expect(await readCount(fa)).toBe(1);
    const counts = await engine.counts();
    expect(counts).toMatchObject({ unread: 4, unreadByFeed: { [fa]: 3, [fb]: 1 } });
    expect(await engine.state.unreadIds()).toEqual([a[3], a[2], b[1], a[0]]); // newest first
  });

  it('moves readCount for an item the index does not know yet (written by another tab)', async () => {
    const { id: _id, ...copy } = (await internalsOf(engine).stores.items.get(b[0]!))!;
    const id = Number(
      await internalsOf(engine)
        .db.dexie.table('items')
        .add({ ...copy, guid: 'x', dedupeKey: 'x' }),
    );
    expect(internalsOf(engine).index.rowOf(id)).toBe(-1);
    const counter = async () => Number(await internalsOf(engine).stores.meta.get('itemsCounter'));
    const before = await counter();
    await engine.state.markRead([id, a[0]!], true);
    expect((await internalsOf(engine).stores.items.get(id))?.flags).toBe(FLAG_READ);
    expect(await readCount(fb)).toBe(1);
    expect(await readCount(fa)).toBe(1);
    expect(await counter()).toBe(before + 1);
  });

  it('readCount never goes below zero', async () => {
    await engine.feeds.save({ id: fa, url: 'https://a.test', readCount: 0 });
    await internalsOf(engine).db.dexie.table('items').update(a[0]!, { flags: FLAG_READ }); // read, but not counted
    await engine.state.markRead([a[0]!], false);
    expect(await readCount(fa)).toBe(0);
  });

  it('markSaved keeps the read bit and vice versa; savedIds from the index', async () => {
    await engine.state.markRead([a[0]!], true);
    await engine.state.markSaved([a[0]!, b[1]!], true);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ | FLAG_SAVED);
    expect(new Set(await engine.state.savedIds())).toEqual(new Set([a[0], b[1]]));
    expect(events.at(-1)).toEqual({ type: 'saved-changed', ids: [a[0], b[1]] });
    await engine.state.markSaved([a[0]!], false);
    expect((await internalsOf(engine).stores.items.get(a[0]!))?.flags).toBe(FLAG_READ);
    expect(await readCount(fa)).toBe(1);
    expect((await engine.counts()).saved).toBe(1);
  });

  it('markAllRead by feed, group and all, with an olderThan bound', async () => {
    // Each call's count, asked first, is what it then marks, and asking changes nothing.
    const changed = async (scope: Parameters<Engine['state']['markAllRead']>[0]) => {
      const counted = await engine.state.countUnread(scope);
      expect(await engine.state.countUnread(scope)).toBe(counted);
      const marked = (await engine.state.markAllRead(scope)).ids.length;
      expect(marked).toBe(counted);
      return marked;
    };
    expect(await changed({ scope: 'feed', id: fa, olderThan: 250 })).toBe(2);
    expect((await engine.counts()).unreadByFeed).toEqual({ [fa]: 2, [fb]: 2 });
    expect(await changed({ scope: 'group', id: -1 })).toBe(2);
    expect(await changed({ scope: 'group', id: g })).toBe(2);
    expect(await changed({ scope: 'all' })).toBe(0);
    expect(await readCount(fa)).toBe(4);
    expect((await engine.counts()).unread).toBe(0);
    await expect(engine.state.markAllRead({ scope: 'feed' })).rejects.toMatchObject({ code: 'bad_query' });
    await expect(engine.state.countUnread({ scope: 'feed' })).rejects.toMatchObject({ code: 'bad_query' });
  });

  it('markAllRead of several feeds (a selection in the feed list) in one call', async () => {
    const counted = await engine.state.countUnread({ scope: 'feeds', ids: [fa, fb, fa] });
    const marked = await engine.state.markAllRead({ scope: 'feeds', ids: [fa, fb], olderThan: 10_000 });
    expect(marked.ids).toHaveLength(counted);
    expect(new Set(marked.ids)).toEqual(new Set([...a, ...b]));
    expect((await engine.counts()).unread).toBe(0);
    for (const ids of [undefined, [fa, 1.5]])
      await expect(engine.state.markAllRead({ scope: 'feeds', ids: ids })).rejects.toMatchObject({
        code: 'bad_query',
      });
  });

  it('markAllRead of Saved, Today and a tag: what each list shows unread, in one call', async () => {
    const now = Math.floor(Date.now() / 1000);
    const f = await engine.feeds.save({ url: 'https://scopes.test' });
    // 0–2 from the last hours (Today), 3–5 from days before.
    const dates = [1, 2, 3].map((h) => now - 3600 * h).concat([2, 3, 4].map((d) => now - 86_400 * d));
    const ids = (
      await engine.items.ingest(
        f,
        dates.map((pubDate, i) => incoming({ guid: `s${i}`, pubDate })),
      )
    ).added;
    const [t0, t1, t2, o3, o4, o5] = ids as [number, number, number, number, number, number];
    await engine.state.markSaved([t0, o3, o4], true);
    await engine.state.markRead([o4], true);
    const tag = await engine.tags.create('later');
    await engine.tags.setOnItems([t1, o5], tag.id, true);
    // Hidden: in no list but Hidden, so in no mark-all either.
    await engine.state.markHidden([t2], true);
    expect(await engine.state.countUnread({ scope: 'saved' })).toBe(2);
    expect(await engine.state.countUnread({ scope: 'saved', olderThan: now - 86_400 })).toBe(1);
    expect(new Set((await engine.state.markAllRead({ scope: 'today' })).ids)).toEqual(new Set([t0, t1]));
    expect((await engine.state.markAllRead({ scope: 'tag', id: tag.id })).ids).toEqual([o5]);
    expect((await engine.state.markAllRead({ scope: 'saved' })).ids).toEqual([o3]);
    expect((await internalsOf(engine).stores.items.byIds([t2]))[0]!.flags & FLAG_READ).toBe(0);
    await expect(engine.state.countUnread({ scope: 'tag' })).rejects.toMatchObject({ code: 'bad_query' });
  });

  it('marks more than one chunk (5,000) in one transaction and keeps counts exact', async () => {
    const { big, ids } = await bigFeed(5200);
    events.length = 0;
    const transactions = vi.spyOn(internalsOf(engine).db, 'tx');
    const token = await engine.state.markAllRead({ scope: 'feed', id: big });
    expect(token.ids).toHaveLength(5200);
    expect(await readCount(big)).toBe(5200);
    // Read and written back in chunks, committed once: one transaction, one event.
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(events.filter((e) => e.type === 'read-changed')).toHaveLength(1);
    expect((await internalsOf(engine).stores.items.get(ids[5100]!))?.flags).toBe(FLAG_READ);
  }, 30_000);

  it('a long mark gives its transaction up for a waiting read after 2,500 ids, and stays whole', async () => {
    const { big, ids } = await bigFeed(5200);
    events.length = 0;
    const db = internalsOf(engine).db;
    const transactions = vi.spyOn(db, 'tx');
    // A read of this engine waiting all along (in Chromium an opened article or a list page asked
    // meanwhile, which IndexedDB runs only after the mark's transaction commits).
    vi.spyOn(db, 'readsWaiting', 'get').mockReturnValue(1);
    const token = await engine.state.markAllRead({ scope: 'feed', id: big });
    expect(transactions.mock.calls.filter(([kind]) => kind === 'update').length).toBeGreaterThanOrEqual(2);
    const changed = events.flatMap((e) => (e.type === 'read-changed' ? e.ids : []));
    const commits = events.flatMap((e) => (e.type === 'read-changed' ? [e.ids.length] : []));
    expect(commits.slice(0, -1).every((n) => n >= 2500 && n < 5200)).toBe(true);
    // Every article once, none twice, and the counts exact.
    expect(changed.length).toBe(5200);
    expect(new Set(changed).size).toBe(5200);
    expect(new Set(token.ids)).toEqual(new Set(ids));
    expect(await readCount(big)).toBe(5200);
    expect((await engine.counts()).unreadByFeed[big]).toBeUndefined();
    const stored = await internalsOf(engine).stores.items.byIds(ids);
    expect(stored.every((item) => (item.flags & FLAG_READ) !== 0)).toBe(true);
    // One undo token for the whole mark, whatever the commits.
    await engine.state.undo(token);
    expect(await readCount(big)).toBe(0);
    expect((await engine.counts()).unreadByFeed[big]).toBe(5200);
  }, 30_000);

  it('a failing write rejects with Error updating data and changes nothing', async () => {
    const original = nativePut();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'items') throw new DOMException('locked', 'UnknownError');
      return original.call(this, value, key);
    });
    await expect(engine.state.markRead([a[0]!], true)).rejects.toThrow(/^Error updating data: locked$/);
    vi.restoreAllMocks();
    expect((await engine.counts()).unread).toBe(6);
    expect(await readCount(fa)).toBe(0);
    expect(events).toEqual([]);
  });

  it('a write the store refuses aborts the whole change (a unique index clash)', async () => {
    const clash = (await internalsOf(engine).stores.items.get(a[1]!))!.dedupeKey;
    const original = nativePut();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      // The second record takes the first one's dedupe key: IndexedDB fails that request.
      const record = value as { id: number; dedupeKey: string };
      const changed = this.name === 'items' && record.id === a[2] ? { ...record, dedupeKey: clash } : value;
      return original.call(this, changed, key);
    });
    await expect(engine.state.markRead([a[1]!, a[2]!, b[0]!], true)).rejects.toThrow(/^Error updating data/);
    vi.restoreAllMocks();
    expect((await engine.counts()).unread).toBe(6);
    expect(await readCount(fa)).toBe(0);
    expect(await readCount(fb)).toBe(0);
    expect((await internalsOf(engine).stores.items.byIds([a[1]!, b[0]!])).map((i) => i.flags)).toEqual([
      0, 0,
    ]);
    expect(events).toEqual([]);
  });
});

describe('undo', () => {
  const flagsOf = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await internalsOf(engine).stores.items.get(id))?.flags ?? -1));

  it('mark all read, then undo: every item gets its own previous flags back, counts too', async () => {
    await engine.state.markRead([a[1]!], true);
    await engine.state.markSaved([a[2]!, b[0]!], true);
    const all = [...a, ...b];
    const before = await flagsOf(all);
    const countsBefore = await engine.counts();
    const token = await engine.state.markAllRead({ scope: 'all' });
    expect(token).toEqual({ flag: 'read', set: true, ids: expect.any(Array) as unknown });
    expect(new Set(token.ids)).toEqual(new Set(all.filter((id) => id !== a[1])));
    expect((await engine.counts()).unread).toBe(0);
    events.length = 0;
    expect(await engine.state.undo(token)).toBe(5);
    expect(await flagsOf(all)).toEqual(before);
    expect(await engine.counts()).toEqual(countsBefore);
    expect(await readCount(fa)).toBe(1);
    expect(await readCount(fb)).toBe(0);
    expect(events).toEqual([{ type: 'read-changed', ids: token.ids, feedIds: [fa, fb] }]);
    // Idempotent: a second undo changes nothing.
    expect(await engine.state.undo(token)).toBe(0);
    expect(await flagsOf(all)).toEqual(before);
  });

  it('undoes a saved change and skips items deleted since', async () => {
    const token = await engine.state.markSaved([a[0]!, a[1]!, a[1]!], true);
    expect(token).toEqual({ flag: 'saved', set: true, ids: [a[0], a[1]] });
    await internalsOf(engine).db.dexie.table('items').delete(a[1]!);
    expect(await engine.state.undo(token)).toBe(1);
    expect(await flagsOf([a[0]!])).toEqual([0]);
  });

  it('shows hidden articles again (the Hidden view), and undo hides them once more', async () => {
    const hidden = await engine.state.markHidden([a[0]!, b[0]!], true);
    expect(hidden).toEqual({ flag: 'hidden', set: true, ids: [a[0], b[0]] });
    const whileHidden = await engine.counts();
    expect(new Set(await engine.state.hiddenIds())).toEqual(new Set([a[0], b[0]]));
    const shown = await engine.state.markHidden(await engine.state.hiddenIds(), false);
    expect(new Set(shown.ids)).toEqual(new Set([a[0], b[0]]));
    expect(await engine.state.hiddenIds()).toEqual([]);
    expect((await engine.counts()).unread).toBe(whileHidden.unread + 2);
    expect(await engine.state.undo(shown)).toBe(2);
    expect(new Set(await engine.state.hiddenIds())).toEqual(new Set([a[0], b[0]]));
    expect(await engine.counts()).toEqual(whileHidden);
  });

  it('refuses a malformed token and changes nothing', async () => {
    await engine.state.markRead([a[0]!], true);
    const bad = [
      null,
      { flag: 'starred', set: true, ids: [a[0]] },
      { flag: 'read', set: 'yes', ids: [a[0]] },
      { flag: 'read', set: true, ids: ['1'] },
    ];
    for (const token of bad)
      await expect(engine.state.undo(token as never)).rejects.toMatchObject({ code: 'bad_input' });
    expect(await flagsOf([a[0]!])).toEqual([FLAG_READ]);
  });
});
