import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKeptUnread, isKeptUnread, keepUnread, KEPT_UNREAD_KEY } from './keptUnread';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('keptUnread', () => {
  beforeEach(() => forgetKeptUnread(null, memoryStore()));

  it('keeps the article marked unread while the reader shows it', () => {
    const store = memoryStore();
    keepUnread(7, store);
    expect(store.map.get(KEPT_UNREAD_KEY)).toBe('7');
    expect(isKeptUnread(7, store)).toBe(true);
    expect(isKeptUnread(8, store)).toBe(false);
    forgetKeptUnread(7, store);
    expect(isKeptUnread(7, store)).toBe(true);
  });

  it('is read back from the store after a reload (a new page: nothing in memory)', () => {
    const store = memoryStore();
    store.setItem(KEPT_UNREAD_KEY, '42');
    expect(isKeptUnread(42, store)).toBe(true);
  });

  it('is forgotten when another article opens or the reader closes', () => {
    const store = memoryStore();
    keepUnread(7, store);
    forgetKeptUnread(8, store);
    expect(isKeptUnread(7, store)).toBe(false);
    expect(store.map.has(KEPT_UNREAD_KEY)).toBe(false);
    keepUnread(7, store);
    forgetKeptUnread(null, store);
    expect(isKeptUnread(7, store)).toBe(false);
  });

  it('never throws when the store refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepUnread(3, refusing)).not.toThrow();
    expect(isKeptUnread(3, refusing)).toBe(true);
    expect(() => forgetKeptUnread(null, refusing)).not.toThrow();
    expect(isKeptUnread(3, refusing)).toBe(false);
  });
});
