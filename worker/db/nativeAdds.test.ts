import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { NativeAdds } from './nativeAdds';

const req = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('request failed'));
  });
const ended = (tx: IDBTransaction): Promise<'complete' | 'abort'> =>
  new Promise((resolve) => {
    tx.oncomplete = () => resolve('complete');
    tx.onabort = () => resolve('abort');
  });

// A fresh database with an auto-increment store and a unique index, as the items store has.
async function openStore(): Promise<IDBDatabase> {
  const open = new IDBFactory().open('adds', 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('items', { keyPath: 'id', autoIncrement: true });
    store.createIndex('key', 'key', { unique: true });
  };
  return req(open);
}

async function stored(db: IDBDatabase): Promise<unknown[]> {
  return req(db.transaction('items').objectStore('items').getAll());
}

describe('NativeAdds', () => {
  it('gives each record its key, in the order added, once the last has answered', async () => {
    const db = await openStore();
    const tx = db.transaction('items', 'readwrite');
    const adds = new NativeAdds(tx.objectStore('items'));
    for (const key of ['a', 'b', 'c']) adds.add({ key });
    expect(adds.size).toBe(3);
    expect(await adds.settled()).toEqual({ keys: [1, 2, 3], failures: [] });
    expect(await ended(tx)).toBe('complete');
    expect(await stored(db)).toEqual([
      { id: 1, key: 'a' },
      { id: 2, key: 'b' },
      { id: 3, key: 'c' },
    ]);
  });

  it('reports a refused add without aborting the transaction itself', async () => {
    const db = await openStore();
    const tx = db.transaction('items', 'readwrite');
    const adds = new NativeAdds(tx.objectStore('items'));
    adds.add({ key: 'a' });
    adds.add({ key: 'a' });
    adds.add({ key: 'b' });
    const { keys, failures } = await adds.settled();
    expect(failures.map((f) => f.name)).toEqual(['ConstraintError']);
    expect(keys[0]).toBe(1);
    expect(keys[1]).toBeUndefined();
    expect(keys[2]).toBeGreaterThan(1);
    // The caller decides: here it lets the transaction commit what was accepted.
    expect(await ended(tx)).toBe('complete');
    expect(await stored(db)).toHaveLength(2);
  });

  it('settles with the abort when the transaction is aborted under it, and nothing is stored', async () => {
    const db = await openStore();
    const tx = db.transaction('items', 'readwrite');
    const adds = new NativeAdds(tx.objectStore('items'));
    adds.add({ key: 'a' });
    adds.add({ key: 'b' });
    const end = ended(tx);
    tx.abort();
    const { failures } = await adds.settled();
    expect(failures.map((f) => f.name)).toEqual(['AbortError', 'AbortError']);
    expect(await end).toBe('abort');
    expect(await stored(db)).toEqual([]);
  });

  it('never replaces a stored record: one that carries a key is refused before anything is written', async () => {
    const db = await openStore();
    let tx = db.transaction('items', 'readwrite');
    let adds = new NativeAdds(tx.objectStore('items'));
    adds.add({ key: 'a' });
    await adds.settled();
    await ended(tx);
    tx = db.transaction('items', 'readwrite');
    adds = new NativeAdds(tx.objectStore('items'));
    expect(() => adds.add({ id: 1, key: 'replaced' })).toThrow('must not carry a key');
    expect(adds.size).toBe(0);
    adds.add({ key: 'b' });
    expect((await adds.settled()).keys).toEqual([2]);
    expect(await ended(tx)).toBe('complete');
    expect(await stored(db)).toEqual([
      { id: 1, key: 'a' },
      { id: 2, key: 'b' },
    ]);
  });

  it('refuses a store that does not make its own keys', async () => {
    const open = new IDBFactory().open('keyed', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('meta', { keyPath: 'key' });
    const db = await req(open);
    expect(() => new NativeAdds(db.transaction('meta', 'readwrite').objectStore('meta'))).toThrow(
      'does not make its own keys',
    );
  });

  it('settles at once when nothing was added', async () => {
    const db = await openStore();
    const adds = new NativeAdds(db.transaction('items', 'readwrite').objectStore('items'));
    expect(await adds.settled()).toEqual({ keys: [], failures: [] });
  });
});
