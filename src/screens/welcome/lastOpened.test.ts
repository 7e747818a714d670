import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LAST_OPENED_KEY, readLastOpened, trackLastOpened } from './lastOpened';

function memory() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('last opened article', () => {
  it('records the id of each article a watcher opens, and nothing else', () => {
    const client = new QueryClient();
    const storage = memory();
    const stop = trackLastOpened(client, storage);
    const watch = (queryKey: readonly unknown[], enabled = true) =>
      new QueryObserver(client, { queryKey, queryFn: () => ({}), enabled }).subscribe(() => {});
    watch(['items', 'all', null, false]);
    expect(readLastOpened(storage)).toBeNull();
    watch(['item', 42]);
    watch(['item', 7]);
    expect(readLastOpened(storage)).toBe(7);
    // Opened again: its query was there already.
    watch(['item', 42]);
    expect(readLastOpened(storage)).toBe(42);
    // A watcher that is off (a row's summary with no AI set up) opens nothing.
    watch(['item', 11], false);
    expect(readLastOpened(storage)).toBe(42);
    stop();
    watch(['item', 9]);
    expect(readLastOpened(storage)).toBe(42);
  });

  it('does not count an article loaded ahead, with no one watching it', async () => {
    const client = new QueryClient();
    const storage = memory();
    trackLastOpened(client, storage);
    new QueryObserver(client, { queryKey: ['item', 5], queryFn: () => ({}) }).subscribe(() => {});
    await client.prefetchQuery({ queryKey: ['item', 6], queryFn: () => ({ id: 6 }) });
    await client.fetchQuery({ queryKey: ['item', 4], queryFn: () => ({ id: 4 }) });
    expect(readLastOpened(storage)).toBe(5);
  });

  it('reads junk, zero and failures as nothing', () => {
    for (const v of ['abc', '0', '-3', '1.5', '']) expect(readLastOpened({ getItem: () => v })).toBeNull();
    expect(
      readLastOpened({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBeNull();
    expect(readLastOpened({ getItem: (k) => (k === LAST_OPENED_KEY ? '12' : null) })).toBe(12);
  });
});
