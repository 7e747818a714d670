import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import {
  applyFlagLog,
  SummaryTally,
  FLAG_LOG_RANGE,
  flagLogKey,
  flagLogRecord,
  LOG_KEEP,
  logWithWrites,
  removedLogRecord,
  tagLogRecord,
  trimFlagLog,
  writtenLogRecord,
} from './flagLog';
import { MetaIndex } from './metaIndex';
import { seedEngine } from '../testing/seed';
import { META_KEYS } from '../db/meta';
import { isSummary } from './snapshotFormat';

const flags = (counter: number, ids: number[], value: number) =>
  flagLogRecord(
    counter,
    ids.map((id) => ({ id, flags: value })),
  ).value;

describe('the flag log between two counters', () => {
  it('gives the changes in counter order, and [] for no change', () => {
    const stored = [flags(7, [1], 1), flags(5, [2], 1), flags(6, [3], 0), flags(3, [9], 1)];
    expect(logWithWrites(stored, 4, 7)?.entries.map((e) => e.counter)).toEqual([5, 6, 7]);
    expect(logWithWrites(stored, 7, 7)).toEqual({ entries: [], written: [], removed: [], writes: 0 });
  });

  it('is null when a change between is not in it, or the counters go backwards', () => {
    const stored = [flags(5, [2], 1), flags(7, [1], 1)];
    expect(logWithWrites(stored, 4, 7)).toBeNull();
    expect(logWithWrites(stored, 7, 5)).toBeNull();
    expect(logWithWrites([], 0, 1)).toBeNull();
  });

  it('is null when a record in the range is malformed', () => {
    const bad = [
      { counter: 5, ids: [1], flags: new Uint8Array([1]) },
      { counter: 5, ids: new Float64Array([1]), flags: new Uint8Array([1, 2]) },
      { counter: 5, ids: new Float64Array([1]), tags: [['a']] },
      { counter: 5, ids: new Float64Array([1]) },
      null,
      'indexSnapshotFlags',
    ];
    for (const value of bad) expect(logWithWrites([value], 4, 5)).toBeNull();
  });

  it('keys sort as their counters do', () => {
    const keys = [1, 9, 10, 100, 2 ** 40].map(flagLogKey);
    expect([...keys].sort()).toEqual(keys);
    for (const key of keys) expect(key > FLAG_LOG_RANGE[0] && key < FLAG_LOG_RANGE[1]).toBe(true);
  });
});

describe('what the text index owes since it was written', () => {
  const written = (counter: number, ids: number[]) => writtenLogRecord(counter, ids).value;
  const tags = (counter: number, ids: number[]) =>
    tagLogRecord(
      counter,
      ids.map((id) => ({ id, tags: [1] })),
    ).value;

  it('is the articles the ingests since wrote, once each, past flag and tag changes', () => {
    const stored = [written(3, [1]), flags(5, [2], 1), written(6, [7, 8]), tags(7, [9]), written(8, [8, 10])];
    expect(logWithWrites(stored, 4, 8)?.written.sort((a, b) => a - b)).toEqual([7, 8, 10]);
    expect(logWithWrites(stored, 4, 8)?.writes).toBe(2);
    expect(logWithWrites(stored, 6, 7)?.written).toEqual([]);
    expect(logWithWrites(stored, 8, 8)?.written).toEqual([]);
  });

  it('is null past a change the log does not hold (a deletion, a restore), a malformed record or counters going back', () => {
    expect(logWithWrites([written(5, [1]), written(7, [2])], 4, 7)).toBeNull();
    expect(logWithWrites([written(5, [1])], 5, 4)).toBeNull();
    expect(logWithWrites([{ counter: 5, ids: [1], written: true }], 4, 5)).toBeNull();
    expect(logWithWrites([{ counter: 5, ids: new Float64Array([1]), written: 1 }], 4, 5)).toBeNull();
  });

  it('names what deletions removed; a later write or deletion of the same article wins', () => {
    const removed = (counter: number, ids: number[]) => removedLogRecord(counter, ids).value;
    // Out of order as stored: 5 writes 1 and 2, 6 removes 2 and 3, 7 writes 3 back (an undo).
    const stored = [written(7, [3]), removed(6, [2, 3]), written(5, [1, 2])];
    const log = logWithWrites(stored, 4, 7);
    expect(log?.written.sort((a, b) => a - b)).toEqual([1, 3]);
    expect(log?.removed).toEqual([2]);
    expect(log?.writes).toBe(3);
    expect(logWithWrites(stored, 5, 6)).toMatchObject({ written: [], removed: [2, 3] });
    expect(logWithWrites([{ counter: 5, ids: new Float64Array([1]), removed: 1 }], 4, 5)).toBeNull();
  });

  it('gives the index snapshot the flag changes beside the ingests, whose rows it reads itself', () => {
    const stored = [flags(5, [2], 1), written(6, [3])];
    const both = logWithWrites(stored, 4, 6);
    expect(both?.entries.map((e) => e.counter)).toEqual([5]);
    expect(both).toMatchObject({ written: [3], writes: 1 });
    expect(logWithWrites(stored, 4, 5)).toMatchObject({ written: [], writes: 0 });
  });
});

describe('applying the flag log to a loaded index', () => {
  it('sets flags and tags in order, later changes winning, and skips ids it does not hold', () => {
    const index = new MetaIndex();
    index.upsert(
      [1, 2, 3].map((id) => ({
        id,
        feedId: 1,
        pubDate: id,
        flags: 0,
        title: `t${id}`,
        author: '',
        link: '',
        enclosure: '',
        guid: `${id}`,
        keyHash: id,
      })),
    );
    const log = logWithWrites(
      [flags(1, [1, 2, 99], 1), tagLogRecord(2, [{ id: 3, tags: [4] }, { id: 2 }]).value, flags(3, [2], 0)],
      0,
      3,
    );
    applyFlagLog(index, log!.entries);
    expect(index.unreadCount()).toBe(2);
    expect(index.flags(index.rowOf(1))).toBe(1);
    expect(index.flags(index.rowOf(2))).toBe(0);
    expect(index.tags(index.rowOf(3))).toEqual([4]);
    expect(index.tags(index.rowOf(2))).toEqual([]);
  });
});

describe('trimming the flag log', () => {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });

  async function metaOf() {
    const e = createTestEngine({});
    engines.push(e);
    await e.init();
    const { db } = internalsOf(e);
    const meta = db.table('meta');
    await meta.bulkPut([3, 4, 5, 6].map((c) => ({ key: flagLogKey(c), value: flags(c, [c], 1) })));
    const keys = async () =>
      (await meta.where(':id').between(FLAG_LOG_RANGE[0], FLAG_LOG_RANGE[1]).primaryKeys()).map(String);
    return { db, meta, keys };
  }

  it('removes what the lowest stored holder holds, and keeps the rest', async () => {
    const { db, meta, keys } = await metaOf();
    await meta.bulkPut([
      { key: 'a', value: { counter: 6 } },
      { key: 'b', value: { counter: 4 } },
    ]);
    await trimFlagLog(db, ['a', 'b', 'absent']);
    expect(await keys()).toEqual([flagLogKey(5), flagLogKey(6)]);
  });

  it('does not keep records for a holder far behind the newest one', async () => {
    const { db, meta, keys } = await metaOf();
    await meta.bulkPut([
      { key: 'a', value: { counter: 5 } },
      { key: 'b', value: { counter: 5 - LOG_KEEP - 1 } },
    ]);
    await trimFlagLog(db, ['a', 'b']);
    expect(await keys()).toEqual([flagLogKey(6)]);
  });

  it('removes nothing when no holder is stored', async () => {
    const { db, keys } = await metaOf();
    await trimFlagLog(db, ['absent']);
    expect(await keys()).toHaveLength(4);
  });
});

describe('the counts summary moved by each flag change', () => {
  const engines: Engine[] = [];
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });

  it('equals the counts the index keeps after read, saved, hidden and tag changes in any order', async () => {
    const e = createTestEngine({ now: () => 1_750_000_000 });
    engines.push(e);
    await e.init();
    const seed = await seedEngine(e, { groups: 2, feedsPerGroup: 3, itemsPerFeed: 40, seed: 3 });
    expect(await e.flushSnapshot()).toBe(true);
    const tag = await e.tags.create('t');
    const { db } = internalsOf(e);
    // A small deterministic walk over the items: each step flips one flag of a few of them.
    let x = 11;
    const next = () => (x = (x * 48271) % 2147483647);
    const some = () =>
      Array.from({ length: 1 + (next() % 9) }, () => seed.itemIds[next() % seed.itemIds.length]!);
    for (let step = 0; step < 60; step++) {
      const on = next() % 2 === 0;
      const kind = next() % 4;
      if (kind === 0) await e.state.markRead(some(), on);
      else if (kind === 1) await e.state.markSaved(some(), on);
      else if (kind === 2) await e.state.markHidden(some(), on);
      else await e.tags.setOnItems(some(), tag.id, on);
      const [counter, summary] = await db.tx('fetch', 'r', ['meta'], () =>
        db.table('meta').bulkGet([META_KEYS.itemsCounter, META_KEYS.indexSummary]),
      );
      const { groups: _g, feeds: _f, ...counts } = await e.counts();
      expect(isSummary(summary?.value)).toBe(true);
      expect(summary?.value).toEqual({ ...counts, counter: counter?.value });
    }
  });

  it('is left behind when it was not the summary of the counter before', () => {
    const tally = new SummaryTally();
    tally.change(1, 0, 1);
    const summary = { counter: 4, items: 3, unread: 2, saved: 0, unreadByFeed: { 1: 2 } };
    expect(tally.applyTo(summary, 6)).toBeNull();
    expect(tally.applyTo({ counter: 5 }, 6)).toBeNull();
    expect(tally.applyTo(summary, 5)).toEqual({
      counter: 5,
      items: 3,
      unread: 1,
      saved: 0,
      unreadByFeed: { 1: 1 },
    });
  });
});
