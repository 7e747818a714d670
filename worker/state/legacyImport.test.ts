import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { parseIdList, parseReadFeeds } from './legacyImport';

// IndexedDB's own put (fake-indexeddb), to call from a spy that fails some requests.
function nativePut(): (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest<IDBValidKey> {
  return Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')!.value as never;
}

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  vi.restoreAllMocks();
});

/** A database with one feed of 3 items, as an older Rivulet would have left it. */
async function legacyDb() {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  const feed = await e.feeds.save({ url: 'https://old.test' });
  const ids = (
    await e.items.ingest(
      feed,
      [1, 2, 3].map((n) => incoming({ guid: `o${n}` })),
    )
  ).added;
  const name = internalsOf(e).db.dexie.name;
  e.close();
  return { name, feed, ids };
}

function reopen(name: string) {
  const e = createTestEngine({ dbName: name });
  engines.push(e);
  return e;
}

describe('legacy parsing', () => {
  it('accepts arrays of numbers or numeric strings, and objects keyed by id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseIdList('[1, "2", 3]', 'urids')).toEqual([1, 2, 3]);
    expect(parseIdList('{"4": true, "5": 1}', 'sids')).toEqual([4, 5]);
    expect(warn).not.toHaveBeenCalled();
    expect(parseIdList('[1, "x", null, -2, 2.5, {}]', 'urids')).toEqual([1]);
    expect(warn).toHaveBeenLastCalledWith("Rivulet: legacy 'urids' had 5 unusable entries; skipped");
    expect(parseIdList('not json', 'urids')).toEqual([]);
    expect(parseIdList('42', 'urids')).toEqual([]);
    expect(parseIdList(null, 'urids')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('reads readfeeds as feedId → count, skipping junk', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseReadFeeds('{"1": 5, "2": "7", "x": 1, "3": -1}')).toEqual(
      new Map([
        [1, 5],
        [2, 7],
      ]),
    );
    expect(parseReadFeeds('[1,2]').size).toBe(0);
    expect(parseReadFeeds('{').size).toBe(0);
  });
});

describe('legacy import through init()', () => {
  it('imports once, reports it, and a second start does nothing', async () => {
    const { name, feed, ids } = await legacyDb();
    const e = reopen(name);
    const info = await e.init({
      legacy: {
        readfeeds: JSON.stringify({ [feed]: 40 }),
        urids: JSON.stringify([ids[0], String(ids[1]), 987654]),
        sids: JSON.stringify({ [ids[2]!]: 1 }),
      },
    });
    expect(info).toMatchObject({ legacyImported: true, legacyDone: true, warnings: [] });
    expect(info.counts).toMatchObject({ unread: 1, saved: 1 });
    expect((await internalsOf(e).stores.items.get(ids[0]!))?.flags).toBe(FLAG_READ);
    expect((await internalsOf(e).stores.items.get(ids[2]!))?.flags).toBe(FLAG_SAVED);
    expect((await e.feeds.get(feed))?.readCount).toBe(40); // max(2 counted, 40 legacy)
    e.close();

    const again = reopen(name);
    const second = await again.init({
      legacy: { urids: JSON.stringify([ids[2]]), sids: null, readfeeds: null },
    });
    expect(second).toMatchObject({ legacyImported: false, legacyDone: true });
    expect((await internalsOf(again).stores.items.get(ids[2]!))?.flags).toBe(FLAG_SAVED);
  });

  it('without legacy keys it neither imports nor sets the flag', async () => {
    const { name, ids } = await legacyDb();
    const e = reopen(name);
    expect(await e.init({ legacy: { readfeeds: null, urids: null, sids: null } })).toMatchObject({
      legacyImported: false,
      legacyDone: false,
    });
    e.close();
    const later = reopen(name);
    expect(await later.init({ legacy: { urids: `[${ids[0]}]` } })).toMatchObject({ legacyImported: true });
  });

  it('junk input imports what it can, warns, and still completes', async () => {
    const { name } = await legacyDb();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const e = reopen(name);
    const info = await e.init({ legacy: { readfeeds: 'garbage', urids: '{{', sids: '"str"' } });
    expect(info).toMatchObject({ legacyImported: true, warnings: [] });
    expect(info.counts.unread).toBe(3);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('a storage failure becomes a warning and the import is retried next start', async () => {
    const { name, ids } = await legacyDb();
    const e = reopen(name);
    await internalsOf(e).db.open();
    // The first items write fails (mark read writes through the native store, see state/flags.ts).
    const original = nativePut();
    let failed = false;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name !== 'items' || failed) return original.call(this, value, key);
      failed = true;
      throw new DOMException('busy', 'UnknownError');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = await e.init({ legacy: { urids: `[${ids[0]}]` } });
    expect(info.legacyImported).toBe(false);
    expect(info.warnings).toEqual(['Could not import legacy read/saved state: Error updating data: busy']);
    e.close();
    const retry = reopen(name);
    expect((await retry.init({ legacy: { urids: `[${ids[0]}]` } })).legacyImported).toBe(true);
  });
});
