import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import type { EngineEvent } from '../types';
import { MetaIndex } from '../index/metaIndex';
import { rebuild } from '../index/fromStore';
import { loadIndex } from '../index/snapshot';
import { createTagsApi } from './tags';

let engine: Engine;
let fa: number;
let a: number[];
let events: EngineEvent[];

beforeEach(async () => {
  engine = createTestEngine();
  await engine.init();
  fa = await engine.feeds.save({ url: 'https://a.test' });
  a = (
    await engine.items.ingest(
      fa,
      [1, 2, 3, 4].map((n) => incoming({ guid: `a${n}`, pubDate: n * 100 })),
    )
  ).added;
  events = [];
  engine.onEvent((e) => events.push(e));
});
afterEach(() => engine.close());

const tagsOf = async (id: number) => (await internalsOf(engine).stores.items.get(id))?.tags;
const counts = async () =>
  Object.fromEntries((await engine.tags.list()).map((t) => [t.name, { total: t.total, unread: t.unread }]));

describe('tags', () => {
  it('creates, lists by name with counts, and refuses empty, long, taken names and unknown colours', async () => {
    const ai = await engine.tags.create('  AI  ', 'blue');
    const rust = await engine.tags.create('rust');
    expect(ai).toEqual({ id: 1, name: 'AI', color: 'blue' });
    expect(rust.id).toBe(2);
    await expect(engine.tags.create('ai')).rejects.toMatchObject({ code: 'bad_input' });
    await expect(engine.tags.create('   ')).rejects.toMatchObject({ code: 'bad_input' });
    await expect(engine.tags.create('x'.repeat(41))).rejects.toMatchObject({ code: 'bad_input' });
    await expect(engine.tags.create('ok', 'plaid' as never)).rejects.toMatchObject({ code: 'bad_input' });
    expect((await engine.tags.list()).map((t) => t.name)).toEqual(['AI', 'rust']);
    expect(events.filter((e) => e.type === 'tags-changed')).toHaveLength(2);
  });

  it('tags and untags in bulk, counts total and unread, and state.undo takes it back', async () => {
    const ai = await engine.tags.create('ai');
    await engine.state.markRead([a[0]!], true);
    events = [];
    const token = await engine.tags.setOnItems([a[0]!, a[1]!, a[1]!, 99999], ai.id, true);
    expect(token).toEqual({ flag: 'tag', tagId: ai.id, set: true, ids: [a[0], a[1]] });
    expect(events).toEqual([{ type: 'tags-changed', ids: [a[0], a[1]] }]);
    expect(await tagsOf(a[0]!)).toEqual([ai.id]);
    expect(await counts()).toEqual({ ai: { total: 2, unread: 1 } });
    // Reading a tagged article moves the unread count.
    await engine.state.markRead([a[1]!], true);
    expect(await counts()).toEqual({ ai: { total: 2, unread: 0 } });
    // Already tagged: nothing changes, nothing to undo.
    expect((await engine.tags.setOnItems([a[0]!], ai.id, true)).ids).toEqual([]);
    expect(await engine.state.undo(token)).toBe(2);
    expect(await tagsOf(a[0]!)).toBeUndefined();
    expect(await counts()).toEqual({ ai: { total: 0, unread: 0 } });
    await expect(engine.tags.setOnItems([a[0]!], 77, true)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('addToItems finds a tag by name ignoring case, or creates it', async () => {
    const ai = await engine.tags.create('AI', 'red');
    const t1 = await engine.tags.addToItems([a[2]!], 'ai');
    expect(t1).toMatchObject({ flag: 'tag', tagId: ai.id, ids: [a[2]] });
    const t2 = await engine.tags.addToItems([a[2]!, a[3]!], 'Rust');
    const list = await engine.tags.list();
    expect(list.map((t) => [t.name, t.total])).toEqual([
      ['AI', 1],
      ['Rust', 2],
    ]);
    expect(await tagsOf(a[2]!)).toEqual([ai.id, t2.flag === 'tag' ? t2.tagId : -1]);
    await expect(engine.tags.addToItems([a[0]!], '')).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('logs each rename for the saved filters, in the transaction of the rename', async () => {
    expect(await engine.tags.renames()).toEqual({ epoch: '', seq: 0, renames: [] });
    const ai = await engine.tags.create('ai');
    await engine.tags.rename(ai.id, 'Machine');
    await engine.tags.rename(ai.id, 'machine');
    // Same name again: nothing to log.
    await engine.tags.rename(ai.id, 'machine');
    const log = await engine.tags.renames();
    expect(log.epoch).toMatch(/^[a-z0-9]+$/);
    expect(log).toMatchObject({
      seq: 2,
      renames: [
        { seq: 1, from: 'ai', to: 'Machine' },
        { seq: 2, from: 'Machine', to: 'machine' },
      ],
    });

    // A step of the rename that fails (a rule write) takes back the whole rename and its log entry.
    const tags = createTagsApi(internalsOf(engine).context);
    const failing = tags.rename(ai.id, 'Learning', () => Promise.reject(new Error('rules write failed')));
    await expect(failing).rejects.toThrow(/rules write failed/);
    expect((await engine.tags.list())[0]!.name).toBe('machine');
    expect(await engine.tags.renames()).toEqual(log);
  });

  it('renames and recolours; a taken name or unknown tag is refused and nothing changes', async () => {
    const ai = await engine.tags.create('ai');
    await engine.tags.create('ml');
    expect(await engine.tags.rename(ai.id, 'Machine')).toMatchObject({ name: 'Machine' });
    await expect(engine.tags.rename(ai.id, 'ML')).rejects.toMatchObject({ code: 'bad_input' });
    await expect(engine.tags.rename(404, 'x')).rejects.toMatchObject({ code: 'not_found' });
    // An undone rename takes the next free name instead (as an undone delete does).
    const other = await engine.tags.create('ml (2)');
    expect(await engine.tags.rename(ai.id, 'ML', undefined, 'suffix')).toMatchObject({ name: 'ML (3)' });
    expect(await engine.tags.rename(ai.id, 'Machine', undefined, 'suffix')).toMatchObject({
      name: 'Machine',
    });
    await engine.tags.remove(other.id);
    expect(await engine.tags.recolor(ai.id, 'teal')).toMatchObject({ color: 'teal' });
    expect((await engine.tags.list()).map((t) => [t.name, t.color])).toEqual([
      ['Machine', 'teal'],
      ['ml', expect.any(String) as string],
    ]);
  });

  it('delete takes the tag off every item; undo brings it back with its id, colour and items', async () => {
    const ai = await engine.tags.create('ai', 'violet');
    const ml = await engine.tags.create('ml');
    await engine.tags.setOnItems([a[0]!, a[1]!], ai.id, true);
    await engine.tags.setOnItems([a[1]!], ml.id, true);
    const token = await engine.tags.remove(ai.id);
    expect(token).toEqual({ flag: 'tag-deleted', tag: ai, ids: [a[1], a[0]] });
    expect(await tagsOf(a[0]!)).toBeUndefined();
    expect(await tagsOf(a[1]!)).toEqual([ml.id]);
    expect((await engine.tags.list()).map((t) => t.name)).toEqual(['ml']);
    expect(await engine.query.check("tags = 'ai'")).toMatchObject({ ok: true, total: 0 });
    expect(await engine.state.undo(token)).toBe(2);
    expect(await engine.tags.list()).toEqual([
      { ...ai, total: 2, unread: 2 },
      { ...ml, total: 1, unread: 1 },
    ]);
    expect(await engine.query.check("tags = 'AI'")).toMatchObject({ ok: true, total: 2 });
    // A new tag never takes a deleted tag's id.
    await engine.tags.remove(ml.id);
    expect((await engine.tags.create('new')).id).toBe(3);
  });

  it('delete takes the tag off hidden items too, and undo puts it back on them', async () => {
    // Hidden items count nowhere and leave most lists, but they keep their tags: a deleted
    // tag must not stay on them (it would come back on them with no way to remove it).
    const ai = await engine.tags.create('ai');
    await engine.tags.setOnItems([a[0]!, a[2]!], ai.id, true);
    await engine.state.markHidden([a[2]!], true);
    const token = await engine.tags.remove(ai.id);
    expect(token).toEqual({ flag: 'tag-deleted', tag: ai, ids: [a[2], a[0]] });
    expect(await tagsOf(a[2]!)).toBeUndefined();
    expect(internalsOf(engine).index.tags(internalsOf(engine).index.rowOf(a[2]!))).toEqual([]);
    expect(await engine.state.undo(token)).toBe(2);
    expect(await tagsOf(a[2]!)).toEqual([ai.id]);
    expect(await tagsOf(a[0]!)).toEqual([ai.id]);
    // Carried by hidden items only: deleting it still finds them.
    await engine.tags.setOnItems([a[0]!], ai.id, false);
    expect(await counts()).toEqual({ ai: { total: 0, unread: 0 } });
    expect((await engine.tags.remove(ai.id)).ids).toEqual([a[2]]);
    expect(await tagsOf(a[2]!)).toBeUndefined();
  });

  it('deleting a tag no item carries gives a token that brings it back, name and colour', async () => {
    const idle = await engine.tags.create('idle', 'orange');
    const token = await engine.tags.remove(idle.id);
    expect(token).toEqual({ flag: 'tag-deleted', tag: idle, ids: [] });
    expect(await engine.tags.list()).toEqual([]);
    expect(await engine.state.undo(token)).toBe(0);
    expect(await engine.tags.list()).toEqual([{ ...idle, total: 0, unread: 0 }]);
  });

  it('a malformed undo token is refused', async () => {
    await expect(engine.state.undo({ flag: 'tag', ids: ['x'] } as never)).rejects.toMatchObject({
      code: 'bad_input',
    });
  });

  it('keeps tags when the feed updates the article, in the index snapshot, and after a rebuild', async () => {
    const ai = await engine.tags.create('ai');
    await engine.tags.setOnItems([a[0]!], ai.id, true);
    await engine.items.ingest(fa, [incoming({ guid: 'a1', pubDate: 100, title: 'changed' })]);
    expect(await tagsOf(a[0]!)).toEqual([ai.id]);
    expect(await engine.query.check("tags = 'ai'")).toMatchObject({ total: 1 });
    await engine.flushSnapshot();
    const dbName = internalsOf(engine).db.dexie.name;
    engine.close();
    engine = createTestEngine({ dbName });
    await engine.init();
    // Loaded from the snapshot (format 3 carries the tags), not rebuilt from the items.
    expect(await loadIndex(internalsOf(engine).db, new MetaIndex())).toMatchObject({ source: 'snapshot' });
    expect(await counts()).toEqual({ ai: { total: 1, unread: 1 } });
    expect(await engine.query.check("tags = 'ai'")).toMatchObject({ total: 1 });
    const rebuilt = new MetaIndex();
    await rebuild(internalsOf(engine).db, rebuilt);
    expect(rebuilt.tagCounts()).toEqual(new Map([[ai.id, { total: 1, unread: 1 }]]));
  });

  it('checks that arrive together after a tag change all see the new tag names', async () => {
    // The filter screen's first checks reach a starting engine together: one reading the
    // tag names from meta must not let the other match against none (and cache 0).
    const ai = await engine.tags.create('ai');
    await engine.tags.setOnItems([a[0]!, a[1]!], ai.id, true);
    const [all, tagged, unread] = await Promise.all([
      engine.query.check(''),
      engine.query.check("tags = 'ai'"),
      engine.query.run("tags = 'ai'", { unreadOnly: true }),
    ]);
    expect(all).toMatchObject({ ok: true, total: 4 });
    expect(tagged).toMatchObject({ ok: true, total: 2 });
    expect(unread.total).toBe(2);
    expect(await engine.query.check("tags = 'ai'")).toMatchObject({ ok: true, total: 2 });
  });

  it('the tag list scope pages the tagged items, newest first', async () => {
    const ai = await engine.tags.create('ai');
    await engine.tags.setOnItems([a[0]!, a[3]!], ai.id, true);
    const page = await engine.items.page({ scope: 'tag', id: ai.id });
    expect(page.rows.map((r) => r.id)).toEqual([a[3], a[0]]);
    expect(page.total).toBe(2);
    await engine.state.markRead([a[3]!], true);
    expect(
      (await engine.items.page({ scope: 'tag', id: ai.id, unreadOnly: true })).rows.map((r) => r.id),
    ).toEqual([a[0]]);
  });

  it('a backup round trip (replace) keeps tags identical; merge maps them by name', async () => {
    const ai = await engine.tags.create('ai', 'green');
    await engine.tags.setOnItems([a[0]!, a[2]!], ai.id, true);
    const text = await backupText(engine);
    const before = await engine.tags.list();
    const fresh = createTestEngine();
    await fresh.init();
    await fresh.backup.restore((await fresh.backup.inspect(new Blob([text]))).id, 'replace');
    expect(await fresh.tags.list()).toEqual(before);
    expect(await fresh.query.check("tags = 'ai'")).toMatchObject({ total: 2 });
    fresh.close();

    // Merge into a browser that has its own tags: names match ignoring case, ids are mapped.
    const other = createTestEngine();
    await other.init();
    await other.tags.create('zzz');
    await other.tags.create('AI', 'red');
    const f = await other.feeds.save({ url: 'https://a.test' });
    const mine = (await other.items.ingest(f, [incoming({ guid: 'a1', pubDate: 100 })])).added;
    await other.tags.addToItems(mine, 'zzz');
    await other.backup.restore((await other.backup.inspect(new Blob([text]))).id, 'merge');
    const list = await other.tags.list();
    expect(list.map((t) => [t.name, t.total])).toEqual([
      ['AI', 2],
      ['zzz', 1],
    ]);
    expect(await other.query.check("tags = 'ai' AND tags = 'zzz'")).toMatchObject({ total: 1 });
    other.close();
  });
});

async function backupText(e: Engine): Promise<string> {
  const { id } = await e.backup.start({ settings: {} });
  let text = '';
  for (let chunk = await e.backup.next(id); chunk !== null; chunk = await e.backup.next(id)) text += chunk;
  return text;
}
