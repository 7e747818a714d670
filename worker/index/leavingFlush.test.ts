import { afterEach, describe, expect, it } from 'vitest';
import { META_KEYS } from '../db/meta';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { snapshotKit } from '../testing/snapshotKit';
import { readSummary } from './snapshot';

const kit = snapshotKit();
afterEach(kit.closeAll);

describe('the write when the tab is hidden (flushSnapshot with leaving)', () => {
  it('after reading and starring only: the counts summary at the current counter, the numbers left to the flag log', async () => {
    const { a, dbName } = await kit.seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const before = await kit.records(a);
    const ids = (await a.items.page({ scope: 'all', limit: 6 })).rows.map((r) => r.id);
    await a.state.markRead(ids.slice(0, 4), true);
    await a.state.markSaved(ids.slice(4), true);
    expect(await a.flushSnapshot({ leaving: true })).toBe(true);
    // The numbers record is the one written before the changes.
    expect((await kit.records(a)).numbers).toEqual(before.numbers);
    const { db, context } = internalsOf(a);
    const { groups: _g, feeds: _f, ...counts } = await a.counts();
    expect(await readSummary(db)).toEqual({ ...counts, counter: context.applied.counter });
    const unread = await a.state.unreadIds();
    a.close();
    // The next start brings the stored numbers up to date from the log, without a rebuild.
    const { index, result } = await kit.loadedIn(dbName);
    expect(result.source).toBe('snapshot');
    expect(result.logged).toBeGreaterThan(0);
    expect(index.unreadCount()).toBe(counts.unread);
    expect(index.savedCount()).toBe(counts.saved);
    const b = kit.make(dbName);
    await b.init();
    expect(await b.state.unreadIds()).toEqual(unread);
  });

  it('after new articles: the whole snapshot, as before', async () => {
    const { a } = await kit.seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const before = await kit.records(a);
    const feedId = (await a.feeds.list())[0]!.id;
    await a.items.ingest(feedId, [incoming({ guid: 'new-one', title: 'New one' })]);
    expect(await a.flushSnapshot({ leaving: true })).toBe(true);
    const after = await kit.records(a);
    const counter = internalsOf(a).context.applied.counter;
    expect(after.numbers.counter).toBe(counter);
    expect(after.numbers).not.toEqual(before.numbers);
  });

  it('writes nothing when another tab moved the counter on meanwhile', async () => {
    const { a } = await kit.seeded();
    expect(await a.flushSnapshot()).toBe(true);
    const ids = (await a.items.page({ scope: 'all', limit: 2 })).rows.map((r) => r.id);
    await a.state.markRead(ids, true);
    const meta = kit.metaTable(a);
    const summary = await meta.get(META_KEYS.indexSummary);
    const counter = (await meta.get(META_KEYS.itemsCounter))!.value as number;
    await meta.put({ key: META_KEYS.itemsCounter, value: counter + 1 });
    expect(await a.flushSnapshot({ leaving: true })).toBe(false);
    expect(await meta.get(META_KEYS.indexSummary)).toEqual(summary);
  });
});
