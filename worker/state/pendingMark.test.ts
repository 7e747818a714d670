import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSkippedMetaKey } from '../backup/format';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { resumeMarks, setFlag } from './flags';
import { holdingMark, ifFree, newMarkKey, readPendingMarks } from './pendingMark';

// A bulk mark that takes several transactions and whose page ends between them (pendingMark.ts):
// the next start finishes it.

const open: Engine[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const e of open.splice(0)) e.close();
});

async function start(dbName: string): Promise<{ engine: Engine; events: EngineEvent[] }> {
  const engine = createTestEngine({ dbName });
  open.push(engine);
  const events: EngineEvent[] = [];
  internalsOf(engine).context.events.on((e) => void events.push(e));
  await engine.init();
  return { engine, events };
}

/** A feed of `n` unread articles stored in one ingest. */
async function bigFeed(engine: Engine, n: number): Promise<{ feed: number; ids: number[] }> {
  const feed = await engine.feeds.save({ url: 'https://big.test' });
  const items = Array.from({ length: n }, (_, i) => incoming({ guid: `n${i}`, pubDate: i }));
  return { feed, ids: (await engine.items.ingest(feed, items)).added };
}

/**
 * Makes every transaction of the mark end early (a read waiting all along), and the page end
 * before the `cut`th one: that one and every later write of the engine fail, as when a tab closes.
 */
function endPageBefore(engine: Engine, cut: number): void {
  const { db } = internalsOf(engine);
  vi.spyOn(db, 'readsWaiting', 'get').mockReturnValue(1);
  const tx = db.tx.bind(db);
  let updates = 0;
  vi.spyOn(db, 'tx').mockImplementation(((kind: string, ...rest: unknown[]) => {
    if (kind === 'update' && ++updates >= cut)
      return Promise.reject(new Error('Error updating data: the page closed'));
    return (tx as (...args: unknown[]) => unknown)(kind, ...rest);
  }) as typeof db.tx);
}

const storedFlags = async (engine: Engine, ids: number[]) =>
  (await internalsOf(engine).stores.items.byIds(ids)).map((item) => item.flags);

describe('a bulk mark cut short', () => {
  it('is finished at the next start: every article marked, counts exact, the record gone, events sent', async () => {
    const dbName = `pending-mark-${Math.random()}`;
    const first = await start(dbName);
    const { feed, ids } = await bigFeed(first.engine, 5200);
    endPageBefore(first.engine, 2);
    await expect(first.engine.state.markAllRead({ scope: 'feed', id: feed })).rejects.toThrow(
      /the page closed/,
    );
    vi.restoreAllMocks();
    // One transaction committed (at least 2,500 ids), and the record names exactly the rest.
    const flags = await storedFlags(first.engine, ids);
    const unread = ids.filter((_, i) => (flags[i]! & FLAG_READ) === 0);
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.length).toBeLessThanOrEqual(5200 - 2500);
    const [record, ...others] = await readPendingMarks(internalsOf(first.engine).db);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ bit: FLAG_READ, on: true });
    expect(new Set(record!.ids)).toEqual(new Set(unread));
    first.engine.close();

    const second = await start(dbName);
    await expect
      .poll(async () => (await second.engine.counts()).unreadByFeed[feed], { timeout: 10_000 })
      .toBeUndefined();
    expect((await storedFlags(second.engine, ids)).every((f) => (f & FLAG_READ) !== 0)).toBe(true);
    expect((await second.engine.feeds.get(feed))?.readCount).toBe(5200);
    expect(await readPendingMarks(internalsOf(second.engine).db)).toEqual([]);
    const resumed = second.events.flatMap((e) => (e.type === 'read-changed' ? e.ids : []));
    expect(new Set(resumed)).toEqual(new Set(unread));
  }, 30_000);

  it('an undo cut short is finished too, after the mark it takes back', async () => {
    const dbName = `pending-mark-${Math.random()}`;
    const first = await start(dbName);
    const { feed, ids } = await bigFeed(first.engine, 5200);
    const token = await first.engine.state.markSaved(ids, true);
    endPageBefore(first.engine, 2);
    await expect(first.engine.state.undo(token)).rejects.toThrow(/the page closed/);
    vi.restoreAllMocks();
    first.engine.close();

    const second = await start(dbName);
    await expect.poll(async () => (await second.engine.counts()).saved, { timeout: 10_000 }).toBe(0);
    expect((await storedFlags(second.engine, ids)).every((f) => f === 0)).toBe(true);
    expect((await second.engine.feeds.get(feed))?.readCount).toBe(0);
  }, 30_000);

  it('a mark that finishes leaves no record, and one of 2,500 ids or fewer writes none', async () => {
    const { engine } = await start(`pending-mark-${Math.random()}`);
    const { ids } = await bigFeed(engine, 5200);
    // Every record IndexedDB is asked to store in `meta`, by key.
    const puts: string[] = [];
    const put = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')!.value as (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) => IDBRequest<IDBValidKey>;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if (this.name === 'meta') puts.push(String((value as { key?: unknown }).key));
      return put.call(this, value, key);
    });
    const { db } = internalsOf(engine);
    vi.spyOn(db, 'readsWaiting', 'get').mockReturnValue(1);
    await engine.state.markRead(ids.slice(0, 2500), true);
    expect(puts.filter((k) => k.startsWith('flagPending:'))).toEqual([]);
    await engine.state.markRead(ids, true);
    // Several transactions: the record was kept between them, and the last one took it away.
    expect(puts.filter((k) => k.startsWith('flagPending:')).length).toBeGreaterThan(0);
    expect(await readPendingMarks(db)).toEqual([]);
    expect((await storedFlags(engine, ids)).every((f) => (f & FLAG_READ) !== 0)).toBe(true);
  }, 30_000);

  it("the sync's own writes keep no record (the next sync's diff finds what they left)", async () => {
    const { engine } = await start(`pending-mark-${Math.random()}`);
    const { ids } = await bigFeed(engine, 5200);
    endPageBefore(engine, 2);
    await expect(setFlag(internalsOf(engine).context, ids, FLAG_READ, true)).rejects.toThrow(
      /the page closed/,
    );
    vi.restoreAllMocks();
    expect(await readPendingMarks(internalsOf(engine).db)).toEqual([]);
  }, 30_000);

  it('a record whose articles are gone, or one that is malformed, is only taken away', async () => {
    const dbName = `pending-mark-${Math.random()}`;
    const first = await start(dbName);
    const { feed, ids } = await bigFeed(first.engine, 10);
    const meta = internalsOf(first.engine).db.dexie.table('meta');
    await meta.put({ key: newMarkKey(), value: { bit: FLAG_SAVED, on: true, ids: [ids[0]! + 1000] } });
    await meta.put({ key: newMarkKey(), value: { bit: 99, on: 'yes', ids: [ids[1]] } });
    await meta.put({ key: newMarkKey(), value: { bit: FLAG_READ, on: true, ids: [ids[2]] } });
    first.engine.close();

    const second = await start(dbName);
    await expect.poll(() => readPendingMarks(internalsOf(second.engine).db), { timeout: 10_000 }).toEqual([]);
    // The well-formed one marked its article; nothing else changed.
    expect(await storedFlags(second.engine, ids.slice(0, 3))).toEqual([0, 0, FLAG_READ]);
    expect((await second.engine.counts()).saved).toBe(0);
    expect((await second.engine.feeds.get(feed))?.readCount).toBe(1);
  });

  it('records are finished oldest first: a mark, then its undo, ends unread', async () => {
    const dbName = `pending-mark-${Math.random()}`;
    const first = await start(dbName);
    const { ids } = await bigFeed(first.engine, 3);
    const meta = internalsOf(first.engine).db.dexie.table('meta');
    const now = Date.now();
    // Written newest first, so key order and not write order decides.
    await meta.put({
      key: newMarkKey(now + 1),
      value: { bit: FLAG_READ, on: false, ids: Float64Array.from(ids) },
    });
    await meta.put({
      key: newMarkKey(now),
      value: { bit: FLAG_READ, on: true, ids: Float64Array.from(ids) },
    });
    first.engine.close();

    const second = await start(dbName);
    await expect.poll(() => readPendingMarks(internalsOf(second.engine).db), { timeout: 10_000 }).toEqual([]);
    expect(await storedFlags(second.engine, ids)).toEqual([0, 0, 0]);
    expect(await resumeMarks(internalsOf(second.engine).context)).toBe(0);
  });
});

// A LockManager as the browser's behaves for these calls: one holder a name, `ifAvailable` gets null.
function fakeLocks() {
  const held = new Set<string>();
  type Cb = (lock: { name: string } | null) => Promise<unknown>;
  return {
    request: (async (name: string, a: Cb | { ifAvailable?: boolean }, b?: Cb) => {
      const cb = (b ?? a) as Cb;
      const options = (b ? a : {}) as { ifAvailable?: boolean };
      if (held.has(name)) {
        if (options.ifAvailable) return cb(null);
        throw new Error('the fake waits for no one');
      }
      held.add(name);
      try {
        return await cb({ name });
      } finally {
        held.delete(name);
      }
    }) as unknown as LockManager['request'],
  };
}

describe('the lock of a running mark', () => {
  it('a start leaves a record alone while its mark still runs in another tab, and takes it after', async () => {
    const locks = fakeLocks();
    const key = newMarkKey();
    let finish!: () => void;
    const running = holdingMark(key, () => new Promise<string>((r) => (finish = () => r('done'))), locks);
    const work = vi.fn(() => Promise.resolve());
    expect(await ifFree(key, work, locks)).toBe(false);
    expect(work).not.toHaveBeenCalled();
    finish();
    expect(await running).toBe('done');
    expect(await ifFree(key, work, locks)).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a record held by another tab holds back the later ones too, until they are free', async () => {
    const { engine } = await start(`pending-mark-${Math.random()}`);
    const { ids } = await bigFeed(engine, 2);
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    const meta = internalsOf(engine).db.dexie.table('meta');
    const [older, newer] = [newMarkKey(), newMarkKey()];
    await meta.put({ key: older, value: { bit: FLAG_READ, on: true, ids: [ids[0]] } });
    await meta.put({ key: newer, value: { bit: FLAG_READ, on: false, ids: [ids[0]] } });
    let release!: () => void;
    const held = holdingMark(older, () => new Promise<void>((r) => (release = r)), locks);
    const { context, db } = internalsOf(engine);
    expect(await resumeMarks(context)).toBe(0);
    expect((await readPendingMarks(db)).map((m) => m.key)).toEqual([older, newer]);
    release();
    await held;
    expect(await resumeMarks(context)).toBe(2);
    expect(await readPendingMarks(db)).toEqual([]);
    expect(await storedFlags(engine, ids)).toEqual([0, 0]);
    vi.unstubAllGlobals();
  });
});

describe('the records', () => {
  it('stay out of backups (their ids mean nothing in another database)', () => {
    expect(isSkippedMetaKey(newMarkKey())).toBe(true);
    expect(isSkippedMetaKey('flagPendingNotes')).toBe(false);
  });

  it('have keys that sort in the order they were made', () => {
    const keys = [newMarkKey(5), newMarkKey(5), newMarkKey(40), newMarkKey(1_800_000_000_000)];
    expect([...keys].sort()).toEqual(keys);
  });
});
