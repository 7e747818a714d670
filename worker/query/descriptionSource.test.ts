import { describe, expect, it, vi } from 'vitest';
import { MetaIndex } from '../index/metaIndex';
import { TextStore } from '../search/textStore';
import { testRow } from '../testing/indexRow';
import { StoreDescriptionSource } from './descriptionSource';

function setup(texts: Record<number, string>) {
  const index = new MetaIndex();
  const store = new TextStore();
  const add = (id: number, text: string) => {
    index.upsert([testRow(id)]);
    store.put(id, text);
  };
  for (const [id, text] of Object.entries(texts)) add(Number(id), text);
  const source = new StoreDescriptionSource(index, store);
  const scans = vi.spyOn(store, 'matches');
  const hitIds = (needle: string) =>
    [...store.liveIds()].filter((id) => source.contains(index.rowOf(id), needle)).sort((a, b) => a - b);
  return { index, store, source, scans, add, hitIds };
}

describe('StoreDescriptionSource', () => {
  it('after new texts arrive, scans only them and keeps the answers for the rest', () => {
    const { store, scans, add, hitIds } = setup({ 1: 'a zeppelin', 2: 'nothing', 3: 'zeppelins too' });
    expect(hitIds('zeppelin')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(1);
    expect(scans.mock.calls[0]?.[1]).toBeUndefined();
    // The same needle again with nothing changed: no scan at all.
    expect(hitIds('zeppelin')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(1);
    add(4, 'zeppelin four');
    add(5, 'five');
    store.put(2, 'now a zeppelin');
    store.remove(3);
    expect(hitIds('zeppelin')).toEqual([1, 2, 4]);
    expect(scans).toHaveBeenCalledTimes(2);
    // The earlier map went in: the store scanned from where it ended.
    expect(scans.mock.calls[1]?.[1]?.length).toBe(3);
  });

  it('scans the whole store again once its slots are renumbered', () => {
    const { store, scans, hitIds } = setup({ 1: 'keep me', 2: 'x'.repeat(1000), 3: 'keep too' });
    expect(hitIds('keep')).toEqual([1, 3]);
    store.remove(2);
    expect(store.compact(true)).not.toBeNull();
    expect(hitIds('keep')).toEqual([1, 3]);
    expect(scans).toHaveBeenCalledTimes(2);
    expect(scans.mock.calls[1]?.[1]).toBeUndefined();
  });

  it('keeps eight needles and scans again the one dropped first', () => {
    const { scans, hitIds } = setup({ 1: 'abcdefghij' });
    for (const needle of 'abcdefghi') expect(hitIds(needle)).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(9);
    expect(hitIds('i')).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(9);
    expect(hitIds('a')).toEqual([1]);
    expect(scans).toHaveBeenCalledTimes(10);
  });
});
