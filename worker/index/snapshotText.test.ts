import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { META_KEYS } from '../db/meta';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { snapshotKit } from '../testing/snapshotKit';
import { MetaIndex } from './metaIndex';
import { loadIndex } from './snapshot';
import { writeSnapshot } from './snapshotWrite';

// The text record, its tail, and when each is written again (snapshot.ts `writeSnapshot`).
const { metaTable, records, loadedIn, seeded, closeAll } = snapshotKit();
afterEach(closeAll);

describe('index snapshot: the text record and its tail', () => {
  it('a change of flags or tags rewrites the numbers record only; new items add a tail; a removal rewrites the text', async () => {
    const { a, dbName } = await seeded();
    const stored = () => records(a);
    expect(await a.flushSnapshot()).toBe(true);
    const first = await stored();
    expect(first.text.token).toBe(first.numbers.textToken);
    const page = (await a.items.page({ scope: 'all', limit: 3 })).rows;
    await a.state.markRead(
      page.map((r) => r.id),
      true,
    );
    await a.state.markSaved([page[0]!.id], true);
    expect(await a.flushSnapshot()).toBe(true);
    const second = await stored();
    expect(second.numbers.counter).toBeGreaterThan(first.numbers.counter);
    expect(second.text).toEqual(first.text); // kept, not rewritten
    expect(second.numbers.textToken).toBe(first.text.token);
    // The next start reads the new flags beside the kept strings.
    const unread = await a.state.unreadIds();
    const { b, index, result } = await loadedIn(dbName);
    expect(result).toMatchObject({
      source: 'snapshot',
      staleReason: null,
    });
    for (const r of page) expect(index.title(index.rowOf(r.id))).toBe(r.title);
    await b.init();
    expect(await b.state.unreadIds()).toEqual(unread);
    const saved = async (e: Engine) =>
      (await e.items.page({ scope: 'saved', limit: 500 })).rows.map((r) => r.id);
    expect(await saved(b)).toContain(page[0]!.id);
    expect(await saved(b)).toEqual(await saved(a));
    // New items are appended: their strings go to a tail record, the text record is kept.
    const feedId = await a.feeds.save({ url: 'https://late.test/', siteUrl: '', title: 'Late', groupId: -1 });
    await a.items.ingest(feedId, [incoming({ guid: 'new', title: 'Brand new', pubDate: 2_000_000_000 })]);
    expect(await a.flushSnapshot()).toBe(true);
    const third = await stored();
    expect(third.text).toEqual(first.text);
    expect(third.numbers.textToken).toBe(first.text.token);
    expect(third.tail?.token).toBe(third.numbers.tailToken);
    expect(third.tail?.titleEnds.length).toBe(1);
    await a.items.ingest(feedId, [incoming({ guid: 'newer', title: 'Newer still', pubDate: 2_000_000_001 })]);
    await a.state.markRead([page[1]!.id], false);
    expect(await a.flushSnapshot()).toBe(true);
    const fourth = await stored();
    expect(fourth.text).toEqual(first.text);
    expect(fourth.tail?.titleEnds.length).toBe(2);
    // The next start joins the record and its tail: every title where it belongs.
    const loadedTitles = async () => {
      const index = new MetaIndex();
      expect(await loadIndex(internalsOf(b).db, index)).toMatchObject({
        source: 'snapshot',
        staleReason: null,
      });
      const all = (await a.items.page({ scope: 'all', limit: 500 })).rows;
      expect(index.liveCount()).toBe(all.length);
      for (const r of all) expect(index.title(index.rowOf(r.id))).toBe(r.title);
      return index;
    };
    const joined = await loadedTitles();
    expect(joined.title(joined.rowOf((await a.items.page({ scope: 'all', limit: 1 })).rows[0]!.id))).toBe(
      'Newer still',
    );
    // Appended rows removed again leave no tail behind.
    await a.feeds.delete(feedId);
    expect(await a.flushSnapshot()).toBe(true);
    const fifth = await stored();
    expect(fifth.text).toEqual(first.text);
    expect(fifth.numbers.tailToken).toBe('');
    expect(fifth.tail).toBeUndefined();
    await loadedTitles();
    // Removing rows the text record holds rewrites the text record, under a new token.
    await a.feeds.delete((await a.feeds.list())[0]!.id);
    expect(await a.flushSnapshot()).toBe(true);
    const sixth = await stored();
    expect(sixth.text.token).not.toBe(first.text.token);
    expect(sixth.numbers.textToken).toBe(sixth.text.token);
    expect(sixth.text.counter).toBe(sixth.numbers.counter);
    expect(sixth.tail).toBeUndefined();
    await loadedTitles();
  });

  it("a text record another tab wrote is never kept under this tab's numbers", async () => {
    const { a } = await seeded();
    const db = internalsOf(a).db;
    const counter = (await loadIndex(db, new MetaIndex())).counter;
    const mine = new MetaIndex();
    await loadIndex(db, mine); // loads the stored text record: a flags-only write could keep it
    // Another tab writes its own records, its rows in another order.
    const cols = mine.columns();
    const rev = <T>(xs: ArrayLike<T>) => Array.from(xs).reverse();
    const other = new MetaIndex();
    other.load({
      ids: Float64Array.from(rev(cols.ids)),
      feedIds: Int32Array.from(rev(cols.feedIds)),
      pubDates: Float64Array.from(rev(cols.pubDates)),
      flags: Uint8Array.from(rev(cols.flags)),
      keyHashes: Uint32Array.from(rev(cols.keyHashes)),
      titles: rev(cols.titles),
      authors: rev(cols.authors),
      links: rev(cols.links),
      enclosures: rev(cols.enclosures),
      guids: rev(cols.guids),
    });
    expect(await writeSnapshot(db, other, counter)).toBe(true);
    const otherToken = (await metaTable(a).get(META_KEYS.indexSnapshotTextToken))?.value;
    expect(otherToken).toEqual({ text: (await records(a)).text.token, tail: '' });
    expect(await writeSnapshot(db, mine, counter)).toBe(true);
    const { numbers, text } = await records(a);
    expect(text.token).not.toBe((otherToken as { text: string }).text);
    expect(numbers.textToken).toBe(text.token);
    const reloaded = new MetaIndex();
    expect(await loadIndex(db, reloaded)).toMatchObject({ source: 'snapshot' });
    for (let row = 0; row < reloaded.rowCount(); row++)
      expect(reloaded.title(row)).toBe(mine.title(mine.rowOf(reloaded.id(row))));
  });

  it('a numbers record naming another text record is rebuilt, not joined to the wrong strings', async () => {
    const { a, dbName } = await seeded();
    await a.flushSnapshot();
    const { text } = await records(a);
    await metaTable(a).put({ key: META_KEYS.indexSnapshotText, value: { ...text, token: 'someone else' } });
    a.close();
    expect((await loadedIn(dbName)).result).toMatchObject({
      source: 'rebuild',
      staleReason: 'index snapshot out of date',
    });
  });

  it('a tail that is not the one the numbers record names, or is malformed, is rebuilt', async () => {
    const spoil: [string, (tail: Record<string, unknown>) => unknown][] = [
      ['index snapshot out of date', (tail) => ({ ...tail, token: 'someone else' })],
      ['index snapshot unreadable', (tail) => ({ ...tail, refs: new Uint8Array(2) })],
      ['index snapshot unreadable', () => undefined],
    ];
    for (const [reason, hurt] of spoil) {
      const { a, dbName } = await seeded();
      await a.flushSnapshot();
      const feedId = await a.feeds.save({
        url: 'https://late.test/',
        siteUrl: '',
        title: 'Late',
        groupId: -1,
      });
      await a.items.ingest(feedId, [incoming({ guid: 'late', title: 'Late one', pubDate: 2_000_000_000 })]);
      await a.flushSnapshot();
      const { tail } = await records(a);
      expect(tail).toBeDefined();
      const value = hurt(tail as unknown as Record<string, unknown>);
      if (value === undefined) await metaTable(a).delete(META_KEYS.indexSnapshotTextTail);
      else await metaTable(a).put({ key: META_KEYS.indexSnapshotTextTail, value });
      a.close();
      const { index, result } = await loadedIn(dbName);
      expect(result).toMatchObject({
        source: 'rebuild',
        staleReason: reason,
      });
      const titles = Array.from({ length: index.rowCount() }, (_, row) => index.title(row));
      expect(titles).toContain('Late one');
      expect(titles.filter((t) => t !== '').length).toBe(161);
    }
  });

  it('writes the whole text again once a tail would pass a sixteenth of the text record', async () => {
    const { a } = await seeded(); // 160 rows: a tail may hold 10
    await a.flushSnapshot();
    const first = await records(a);
    const feedId = await a.feeds.save({ url: 'https://late.test/', siteUrl: '', title: 'Late', groupId: -1 });
    const burst = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        incoming({ guid: `b${from + i}`, pubDate: 2_000_000_000 + from + i }),
      );
    await a.items.ingest(feedId, burst(0, 10));
    await a.flushSnapshot();
    expect((await records(a)).text.token).toBe(first.text.token);
    await a.items.ingest(feedId, burst(10, 1));
    await a.flushSnapshot();
    const whole = await records(a);
    expect(whole.text.token).not.toBe(first.text.token);
    expect(whole.numbers.tailToken).toBe('');
  });

  it('a rewritten row the text record holds writes the whole text; a rewritten appended row goes in the tail', async () => {
    const { a } = await seeded();
    expect(await a.flushSnapshot()).toBe(true); // the seeded rows in the text record
    const db = internalsOf(a).db;
    const index = new MetaIndex();
    const { counter } = await loadIndex(db, index);
    const reload = async () => {
      const back = new MetaIndex();
      expect(await loadIndex(db, back, { countLater: true })).toMatchObject({ source: 'snapshot' });
      return (id: number) => back.title(back.rowOf(id));
    };
    const row = (id: number, title: string) => ({
      id,
      feedId: 1,
      pubDate: 2_000_000_000 + id,
      flags: 0,
      title,
      author: '',
      link: '',
      enclosure: '',
      guid: `g${id}`,
      keyHash: id,
    });
    const firstToken = (await records(a)).text.token;
    index.upsert([row(9_000_001, 'Appended'), row(9_000_002, 'Also appended')]);
    expect(await writeSnapshot(db, index, counter)).toBe(true);
    index.upsert([row(9_000_001, 'Appended, edited')]);
    expect(await writeSnapshot(db, index, counter)).toBe(true);
    expect((await records(a)).text.token).toBe(firstToken);
    expect((await reload())(9_000_001)).toBe('Appended, edited');
    const held = index.id(0);
    index.upsert([{ ...row(held, 'Edited in place'), pubDate: index.pubDate(0) }]);
    expect(await writeSnapshot(db, index, counter)).toBe(true);
    expect((await records(a)).text.token).not.toBe(firstToken);
    const title = await reload();
    expect(title(held)).toBe('Edited in place');
    expect(title(9_000_002)).toBe('Also appended');
  });
});
