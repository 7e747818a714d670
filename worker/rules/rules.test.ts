import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { DAY, failure, ingestAt, NOW, rule, rulesEngine } from '../testing/rulesKit';
import type { EngineEvent } from '../types';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';

let engine: Engine;
let news: number;
let blog: number;
let events: EngineEvent[];

const flagsOf = (id: number) => {
  const { index } = internalsOf(engine);
  return index.flags(index.rowOf(id));
};
const ingest = (feedId: number, items: Parameters<typeof ingestAt>[2]) => ingestAt(engine, feedId, items);

beforeEach(async () => {
  ({ engine, news, blog, events } = await rulesEngine());
});
afterEach(() => engine.close());

describe('rules at ingest', () => {
  it('marks matching new articles read and logs one run with its ids', async () => {
    const saved = await engine.rules.save(rule());
    const added = await ingest(news, [
      { guid: 'a', title: 'Rust 2.0 released' },
      { guid: 'b', title: 'Go news' },
    ]);
    expect(flagsOf(added[0]!) & FLAG_READ).toBe(FLAG_READ);
    expect(flagsOf(added[1]!) & FLAG_READ).toBe(0);
    const log = await engine.rules.log(saved.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      ruleId: saved.id,
      trigger: 'ingest',
      itemIds: [added[0]],
      count: 1,
      undone: false,
      at: NOW,
    });
    expect(log[0]!.undoToken).toBeTruthy();
    // The log names its articles by title (the filter screen links them so, not by id).
    expect(log[0]!.titles).toEqual(['Rust 2.0 released']);
  });

  it('names a logged article that is gone since (its feed deleted) as null, the others by title', async () => {
    const other = await engine.feeds.save({ url: 'https://other.test/rss', title: 'Other' });
    const saved = await engine.rules.save(rule({ actions: [{ type: 'save' }] }));
    await ingest(news, [{ guid: 'a', title: 'Rust in News' }]);
    await ingest(other, [{ guid: 'b', title: 'Rust in Other' }]);
    await engine.feeds.delete(other);
    const log = await engine.rules.log(saved.id);
    expect(log.map((r) => r.titles)).toEqual([[null], ['Rust in News']]);
  });

  it('acts on new articles only, never on updates of stored ones', async () => {
    await ingest(news, [{ guid: 'a', title: 'Go news' }]);
    await engine.rules.save(rule({ query: "title LIKE 'news'" }));
    await engine.items.ingest(news, [incoming({ guid: 'a', title: 'Go news, updated', pubDate: NOW })]);
    const { index } = internalsOf(engine);
    for (const row of index.rowsByDate()) expect(index.flags(row) & FLAG_READ).toBe(0);
  });

  it('saves through the state path (saved-changed event) and hides', async () => {
    await engine.rules.save(rule({ actions: [{ type: 'save' }, { type: 'hide' }] }));
    const [a] = await ingest(news, [{ guid: 'a', title: 'Rust tips' }]);
    expect(flagsOf(a!) & (FLAG_SAVED | FLAG_HIDDEN)).toBe(FLAG_SAVED | FLAG_HIDDEN);
    expect(events.some((e) => e.type === 'saved-changed' && e.ids.includes(a!))).toBe(true);
    expect(events.some((e) => e.type === 'hidden-changed' && e.ids.includes(a!))).toBe(true);
  });

  it('tags, emits notify with title and feed, and notes the slow actions that could not run', async () => {
    const saved = await engine.rules.save(
      rule({
        actions: [
          { type: 'notify' },
          { type: 'tag', tag: 'lang' },
          { type: 'translate' },
          { type: 'loadFullText' },
          { type: 'summarize' },
        ],
      }),
    );
    const [a, b] = await ingest(news, [
      { guid: 'a', title: 'Rust tips' },
      { guid: 'b', title: 'Go tips' },
    ]);
    expect(events.find((e) => e.type === 'notify')).toEqual({
      type: 'notify',
      items: [{ id: a, title: 'Rust tips', feedId: news, feedTitle: 'News' }],
    });
    const [tag] = await engine.tags.list();
    expect(tag).toMatchObject({ name: 'lang', total: 1 });
    expect((await engine.items.page({ scope: 'tag', id: tag!.id })).rows.map((r) => r.id)).toEqual([a]);
    void b;
    // No AI endpoint is set up and the article has no link: each slow action says so, once.
    await engine.rules.idle();
    const [run] = await engine.rules.log(saved.id);
    expect(run!.notes).toEqual([
      'translate: 1 of 1 failed (no AI endpoint is set up)',
      'loadFullText: 1 of 1 failed (no_link)',
      'summarize: 1 of 1 failed (no AI endpoint is set up)',
    ]);
    await engine.rules.undoRun(run!.id);
    expect((await engine.tags.list())[0]).toMatchObject({ name: 'lang', total: 0 });
  });

  it('runs rules in order: a rule that hides takes the article out of later rules', async () => {
    const notify = await engine.rules.save(rule({ name: 'notify', actions: [{ type: 'notify' }] }));
    const hide = await engine.rules.save(rule({ name: 'hide', actions: [{ type: 'hide' }] }));
    await ingest(news, [{ guid: 'a', title: 'Rust tips' }]);
    expect(events.filter((e) => e.type === 'notify')).toHaveLength(1);

    await engine.rules.reorder([hide.id, notify.id]);
    expect((await engine.rules.list()).map((r) => r.name)).toEqual(['hide', 'notify']);
    events.length = 0;
    await ingest(news, [{ guid: 'b', title: 'More rust' }]);
    expect(events.filter((e) => e.type === 'notify')).toHaveLength(0);
    expect(await engine.rules.log(notify.id)).toHaveLength(1);
    expect(await engine.rules.log(hide.id)).toHaveLength(2);
  });

  it('matches feed-level fields and authors; disabled rules do nothing', async () => {
    await engine.rules.save(rule({ query: `feed.id = ${blog} AND author = 'Ann'` }));
    await engine.rules.save(rule({ query: "title LIKE 'go'", enabled: false }));
    const [n, b1, b2] = [
      ...(await ingest(news, [{ guid: 'n', title: 'Go', author: 'Ann' }])),
      ...(await ingest(blog, [
        { guid: 'b1', title: 'x', author: 'Ann' },
        { guid: 'b2', title: 'y', author: 'Bob' },
      ])),
    ];
    expect([n, b1, b2].map((id) => flagsOf(id!) & FLAG_READ)).toEqual([0, FLAG_READ, 0]);
  });
});

describe('undo of a run', () => {
  it('restores read, saved and hidden exactly, and only what the run changed', async () => {
    const [pre] = await ingest(news, [{ guid: 'pre', title: 'old rust' }]);
    await engine.state.markSaved([pre!], true);
    const saved = await engine.rules.save(
      rule({ actions: [{ type: 'markRead' }, { type: 'save' }, { type: 'hide' }] }),
    );
    const run = await engine.rules.runOnce(saved.id);
    expect(run).toMatchObject({ trigger: 'manual', count: 1, itemIds: [pre] });
    const [a] = await ingest(news, [{ guid: 'a', title: 'Rust tips' }]);
    const before = (await engine.counts()).items;
    expect(flagsOf(a!)).toBe(FLAG_READ | FLAG_SAVED | FLAG_HIDDEN);
    const [last] = await engine.rules.log(saved.id);
    await engine.rules.undoRun(last!.id);
    expect(flagsOf(a!)).toBe(0);
    expect((await engine.counts()).items).toBe(before + 1);
    // The manual run: pre was saved before it, so undo leaves it saved.
    await engine.rules.undoRun(run.id);
    expect(flagsOf(pre!)).toBe(FLAG_SAVED);
    expect((await engine.rules.log(saved.id)).map((r) => r.undone)).toEqual([true, true]);
    expect((await failure(engine.rules.undoRun(9999))).code).toBe('not_found');
  });
});

describe('preview', () => {
  it('counts what query.run lists over the same 30 days, with a newest-first sample', async () => {
    await ingest(news, [
      { guid: 'a', title: 'Rust a', age: 1 * DAY },
      { guid: 'b', title: 'Rust b', age: 10 * DAY },
      { guid: 'c', title: 'Rust c', age: 40 * DAY },
      { guid: 'd', title: 'Go d', age: 2 * DAY },
    ]);
    await ingest(blog, [{ guid: 'e', title: 'rusty blog', age: 3 * DAY, author: 'Ann' }]);
    for (const query of [
      "title LIKE 'rust'",
      `feed.id = ${blog}`,
      "author = 'Ann' OR title LIKE 'go'",
      'isRead = false',
    ]) {
      const preview = await engine.rules.preview(rule({ query }), { sample: 2 });
      const listed = await engine.query.run(`(${query}) AND pubDate >= ${NOW - 30 * DAY}`, { limit: 500 });
      expect(preview.count).toBe(listed.total);
      expect(preview.sample.map((s) => s.id)).toEqual(listed.rows.slice(0, 2).map((r) => r.id));
      expect(preview.days).toBe(30);
    }
    const p = await engine.rules.preview(rule(), { sample: 1 });
    expect(p.sample.map(({ title, feedTitle, pubDate }) => ({ title, feedTitle, pubDate }))).toEqual([
      { title: 'Rust a', feedTitle: 'News', pubDate: NOW - DAY },
    ]);
  });
});

describe('storing rules', () => {
  it('refuses a bad query with its position and leaves stored rules as they were', async () => {
    const kept = await engine.rules.save(rule());
    const bad = await failure(engine.rules.save({ ...rule({ query: "title LIKE 'x" }), id: kept.id }));
    expect(bad.code).toBe('bad_query');
    expect(bad.message).toMatch(/line 1, column \d+/);
    expect((await failure(engine.rules.save(rule({ query: 'isRead = false LIMIT 5' })))).message).toMatch(
      /LIMIT/,
    );
    expect((await failure(engine.rules.save(rule({ actions: [] })))).code).toBe('bad_input');
    expect((await failure(engine.rules.save(rule({ name: ' ' })))).code).toBe('bad_input');
    expect(await engine.rules.list()).toEqual([kept]);
  });

  it('updates, removes and tells the UI', async () => {
    const a = await engine.rules.save(rule({ name: 'a' }));
    const b = await engine.rules.save(rule({ name: 'b', filterId: 'f1' }));
    const a2 = await engine.rules.save({ ...rule({ name: 'a2' }), id: a.id });
    expect(a2).toMatchObject({ id: a.id, order: 0, name: 'a2', createdAt: a.createdAt });
    await engine.rules.remove(a.id);
    expect((await engine.rules.list()).map((r) => [r.id, r.order, r.filterId])).toEqual([[b.id, 0, 'f1']]);
    expect(events.filter((e) => e.type === 'rules-changed').length).toBeGreaterThanOrEqual(3);
  });
});

describe('hidden articles', () => {
  it('leave every list and count except the Hidden list', async () => {
    const ids = await ingest(news, [
      { guid: 'a', title: 'Rust tips' },
      { guid: 'b', title: 'Go news' },
    ]);
    await ingest(blog, [{ guid: 'c', title: 'blog post' }]);
    await engine.state.markSaved(ids, true);
    const s = await engine.rules.save(rule({ actions: [{ type: 'hide' }] }));
    await engine.rules.runOnce(s.id);
    const [hidden, shown] = ids as [number, number];
    const listed = async (q: Parameters<Engine['items']['page']>[0]) => {
      const page = await engine.items.page(q);
      return { ids: page.rows.map((r) => r.id), total: page.total };
    };
    for (const scope of ['all', 'saved', 'today'] as const) {
      const l = await listed({ scope });
      expect(l.ids).not.toContain(hidden);
      expect(l.ids).toContain(shown);
    }
    expect((await listed({ scope: 'feed', id: news })).ids).toEqual([shown]);
    expect((await listed({ scope: 'group', id: -1 })).ids).not.toContain(hidden);
    expect(await listed({ scope: 'hidden' })).toEqual({ ids: [hidden], total: 1 });
    const counts = await engine.counts();
    expect(counts).toMatchObject({ items: 2, unread: 2, saved: 1, unreadByFeed: { [news]: 1, [blog]: 1 } });
    expect((await engine.query.run('isRead = false')).rows.map((r) => r.id)).not.toContain(hidden);
    expect(await engine.state.unreadIds()).not.toContain(hidden);

    const [run] = await engine.rules.log(s.id);
    await engine.rules.undoRun(run!.id);
    expect((await listed({ scope: 'all' })).ids).toContain(hidden);
    expect((await engine.counts()).items).toBe(3);
    expect((await listed({ scope: 'hidden' })).total).toBe(0);
  });
});

describe('backup', () => {
  it('keeps rules and their run log identical across a round trip', async () => {
    const a = await engine.rules.save(
      rule({ name: 'a', filterId: 'f1', actions: [{ type: 'tag', tag: 'ai' }, { type: 'markRead' }] }),
    );
    await engine.rules.save(rule({ name: 'b', query: `feed.id = ${news}`, enabled: false }));
    await ingest(news, [{ guid: 'x', title: 'rust' }]);
    await engine.rules.runOnce(a.id);
    const before = await engine.rules.list();
    const logBefore = await engine.rules.log(a.id);
    expect(logBefore).toHaveLength(2);
    const { id } = await engine.backup.start({ settings: {} });
    let text = '';
    for (let chunk = await engine.backup.next(id); chunk !== null; chunk = await engine.backup.next(id))
      text += chunk;
    expect(text).toContain('ruleLog');
    expect((await engine.tags.list()).map((t) => [t.name, t.total])).toEqual([['ai', 1]]);
    await engine.rules.remove(a.id);
    const preview = await engine.backup.inspect(new Blob([text]));
    await engine.backup.restore(preview.id, 'replace');
    expect(await engine.rules.list()).toEqual(before);
    expect((await engine.tags.list()).map((t) => [t.name, t.total])).toEqual([['ai', 1]]);
    expect(await engine.rules.log(a.id)).toEqual(logBefore);
    // The restored log still undoes the run.
    await engine.rules.undoRun(logBefore.find((r) => r.undoToken)!.id);
    expect((await engine.tags.list()).map((t) => [t.name, t.total])).toEqual([['ai', 0]]);
  });
});
