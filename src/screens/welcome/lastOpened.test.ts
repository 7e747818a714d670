import { QueryClient } from '@tanstack/react-query';
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
  it('records the id of each article query added, and nothing else', async () => {
    const client = new QueryClient();
    const storage = memory();
    const stop = trackLastOpened(client, storage);
    await client.fetchQuery({ queryKey: ['items', 'all', null, false], queryFn: () => [] });
    expect(readLastOpened(storage)).toBeNull();
    await client.fetchQuery({ queryKey: ['item', 42], queryFn: () => ({ id: 42 }) });
    await client.fetchQuery({ queryKey: ['item', 7], queryFn: () => ({ id: 7 }) });
    expect(readLastOpened(storage)).toBe(7);
    stop();
    await client.fetchQuery({ queryKey: ['item', 9], queryFn: () => ({ id: 9 }) });
    expect(readLastOpened(storage)).toBe(7);
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
