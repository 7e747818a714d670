import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { EngineError } from '../errors';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { Database } from './database';
import { dbError, isQuotaError } from './dbErrors';

let engine: Engine | undefined;
afterEach(() => {
  engine?.close();
  engine = undefined;
  vi.restoreAllMocks();
});

async function closedStores() {
  engine = createTestEngine();
  await engine.init();
  const id = await internalsOf(engine).stores.groups.save({ title: 'kept' });
  internalsOf(engine).db.close();
  return { stores: internalsOf(engine).stores, id };
}

const CLOSED = /Database has been closed/;

describe('storage failures reject with the exact texts', () => {
  it('a broken indexedDB factory: Error opening database, then Database open failed', async () => {
    const broken = {
      open: () => {
        throw new Error('factory is broken');
      },
    } as unknown as IDBFactory;
    engine = createTestEngine({ indexedDB: broken, dbName: 'broken' });
    await expect(engine.init()).rejects.toThrow('Error opening database: factory is broken');
    const err: unknown = await internalsOf(engine)
      .stores.groups.count()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toBe('Database open failed: factory is broken');
    expect((err as EngineError).code).toBe('db_openFailed');
    // init may be retried after a failed open (it is not cached as failed).
    await expect(engine.init()).rejects.toThrow('Error opening database: factory is broken');
  });

  it('an open request that fails: Error opening database with the request error', async () => {
    // A minimal IDBOpenDBRequest that fails the way a browser does (error event, no result).
    const failingFactory = {
      open() {
        const req: Record<string, unknown> = { error: null, result: undefined };
        setTimeout(() => {
          req.error = new DOMException('The disk is full', 'QuotaExceededError');
          const onerror = req.onerror as ((ev: unknown) => void) | undefined;
          onerror?.({ target: req, type: 'error', preventDefault() {}, stopPropagation() {} });
        }, 0);
        return req;
      },
    } as unknown as IDBFactory;
    const db = new Database({ indexedDB: failingFactory, IDBKeyRange, dbName: 'fails' });
    const err = (await db.open().catch((e: unknown) => e)) as EngineError;
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('db_open');
    expect(err.message).toMatch(/^Error opening database: .*disk is full/);
  });

  it('each operation on a closed database names the operation', async () => {
    const { stores, id } = await closedStores();
    const cases: [Promise<unknown>, string][] = [
      [stores.groups.get(id), 'Error fetching data'],
      [stores.groups.save({ title: 'new' }), 'Error adding data'],
      [stores.groups.save({ id, title: 'renamed' }), 'Error updating data'],
      [stores.groups.delete(id), 'Error deleting data'],
      [stores.groups.deleteAll(), 'Error deleting data'],
      [stores.groups.listAll(), 'Error fetching all data'],
      [stores.groups.count(), 'Error counting records'],
      [stores.groups.highestId(), 'Error during cursor operation'],
      [stores.groups.exists(id), 'Error checking existence'],
      [stores.items.idsInRange(1, 5), 'Error during cursor operation'],
      [stores.items.byIds([1]), 'Error fetching data'],
      [stores.items.countByFeed(1), 'Error counting records'],
      [stores.meta.get('x'), 'Error fetching data'],
      [stores.meta.set('x', 1), 'Error updating data'],
    ];
    for (const [promise, text] of cases) {
      const err = (await promise.catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(EngineError);
      expect(err.message.startsWith(`${text}: `)).toBe(true);
      expect(err.message).toMatch(CLOSED);
    }
  });

  it('a stubbed Dexie table method that throws is wrapped with the text and its message', async () => {
    engine = createTestEngine();
    await engine.init();
    const table = internalsOf(engine).db.dexie.table('feeds');
    vi.spyOn(table, 'get').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    vi.spyOn(table, 'count').mockRejectedValue(new Error('quota'));
    await expect(internalsOf(engine).stores.feeds.get(1)).rejects.toThrow(
      /^Error fetching data: disk on fire$/,
    );
    await expect(internalsOf(engine).stores.feeds.count()).rejects.toThrow(/^Error counting records: quota$/);
  });

  it('clearAll logs success, and logs and rejects on failure', async () => {
    engine = createTestEngine();
    await engine.init();
    await engine.groups.save({ title: 'g' });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await engine.clearAll();
    expect(info).toHaveBeenCalledWith('Rivulet: all stores cleared');
    expect(await engine.groups.count()).toBe(0);
    internalsOf(engine).db.close();
    await expect(engine.clearAll()).rejects.toThrow(/^Error deleting data: /);
    expect(error).toHaveBeenCalledWith('Rivulet: clearing stores failed', expect.any(EngineError));
  });
});

describe('quota failures carry their own code', () => {
  const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('is recognised by name or DOMException code, wrapped or collected, never by its text', () => {
    expect(isQuotaError(quota())).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: quota() })).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: { 3: quota() } })).toBe(true);
    expect(isQuotaError(new Error('aborted', { cause: quota() }))).toBe(true);
    expect(isQuotaError(new Error('QuotaExceededError: the quota is full'))).toBe(false);
    expect(isQuotaError(new DOMException('x', 'AbortError'))).toBe(false);
  });

  it('a refused write is quota_exceeded with the usual text; a failed open stays db_open', () => {
    const write = dbError('add', quota());
    expect(write.code).toBe('quota_exceeded');
    expect(write.message).toBe('Error adding data: The quota has been exceeded.');
    expect(write.details).toEqual({ name: 'QuotaExceededError', kind: 'add' });
    expect(dbError('open', quota()).code).toBe('db_open');
    expect(dbError('update', new Error('quota')).code).toBe('db_update');
  });
});
