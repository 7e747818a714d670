import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { META_KEYS } from '../db/meta';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { FLAG_HIDDEN, FLAG_SAVED } from '../../shared/flags';
import { SETTLE_MS, type RuleInput } from './rules';

// The pending list (pending.ts): a rules' run cut short between an ingest's commit and its log
// (the tab closed or reloaded in a refresh) runs at the next start.

const NOW = 1_000_000_000;
const open: Engine[] = [];
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

async function start(dbName: string): Promise<Engine> {
  const engine = createTestEngine({ now: () => NOW, dbName });
  open.push(engine);
  await engine.init();
  return engine;
}

const heron: RuleInput = {
  name: 'Herons',
  query: "title LIKE 'heron'",
  actions: [{ type: 'save' }, { type: 'hide' }, { type: 'tag', tag: 'birds' }],
  enabled: true,
};

const ingest = async (engine: Engine, feedId: number, titles: string[]) =>
  (
    await engine.items.ingest(
      feedId,
      titles.map((title, i) => incoming({ guid: `${title}-${i}`, title, pubDate: NOW - i })),
    )
  ).added;

// The ids the pending records list (undefined when there is none).
const pendingOf = async (engine: Engine) => {
  const records = (await internalsOf(engine)
    .db.dexie.table('meta')
    .where('key')
    .startsWith(`${META_KEYS.rulePending}:`)
    .toArray()) as Array<{ value: number[] }>;
  return records.length ? { value: records.flatMap((r) => r.value) } : undefined;
};

const flagsOf = (engine: Engine, id: number) => {
  const { index } = internalsOf(engine);
  return index.flags(index.rowOf(id));
};

// The rules' run never happens in this session, as when the tab goes right after the commit.
function cutShort(engine: Engine): void {
  const rules = internalsOf(engine).context.rules!;
  internalsOf(engine).context.rules = { ...rules, afterIngest: () => Promise.resolve() };
}

async function logOnceRun(engine: Engine, ruleId: string) {
  await expect.poll(async () => (await engine.rules.log(ruleId)).length).toBe(1);
  return (await engine.rules.log(ruleId))[0]!;
}

describe('rules cut short', () => {
  it('run at the next start on the articles the cut-short run left: saved, hidden, tagged and logged', async () => {
    const dbName = `rules-pending-${Math.random()}`;
    const first = await start(dbName);
    const feed = await first.feeds.save({ url: 'https://river.test/rss', title: 'River' });
    const rule = await first.rules.save(heron);
    cutShort(first);
    const added = await ingest(first, feed, ['Herons at dawn', 'Reeds', 'A heron again']);
    expect(flagsOf(first, added[0]!) & FLAG_HIDDEN).toBe(0);
    expect((await pendingOf(first))?.value).toEqual(added);
    first.close();

    const second = await start(dbName);
    const run = await logOnceRun(second, rule.id);
    expect(run).toMatchObject({ trigger: 'ingest', count: 2, itemIds: [added[0], added[2]] });
    for (const id of [added[0]!, added[2]!]) expect(flagsOf(second, id)).toBe(FLAG_HIDDEN | FLAG_SAVED);
    expect(flagsOf(second, added[1]!)).toBe(0);
    const birds = (await second.tags.list()).find((t) => t.name === 'birds');
    const { index } = internalsOf(second);
    for (const id of [added[0]!, added[2]!]) expect(index.tags(index.rowOf(id))).toEqual([birds!.id]);
    expect(await pendingOf(second)).toBeUndefined();
    // Its Undo works like any run's.
    await second.rules.undoRun(run.id);
    expect(flagsOf(second, added[0]!)).toBe(0);
  });

  it('a run that finished leaves nothing listed, and a start runs nothing again', async () => {
    const dbName = `rules-pending-${Math.random()}`;
    const first = await start(dbName);
    const feed = await first.feeds.save({ url: 'https://river.test/rss', title: 'River' });
    const rule = await first.rules.save(heron);
    await ingest(first, feed, ['Herons at dawn', 'Reeds']);
    await ingest(first, feed, ['Only reeds']);
    // A run that matched nothing leaves the list soon after (SETTLE_MS), not in a transaction of its own.
    expect((await pendingOf(first))?.value).toHaveLength(1);
    await expect.poll(() => pendingOf(first), { timeout: SETTLE_MS * 4 }).toBeUndefined();
    expect(await first.rules.log(rule.id)).toHaveLength(1);
    // Closed before that: the next start runs the rules on it again, which match nothing again.
    await ingest(first, feed, ['Still reeds']);
    first.close();

    const second = await start(dbName);
    await internalsOf(second).context.rules!.resume();
    await expect.poll(() => pendingOf(second), { timeout: SETTLE_MS * 4 }).toBeUndefined();
    expect(await second.rules.log(rule.id)).toHaveLength(1);
  });

  it('without an enabled rule nothing is listed; articles deleted before the start are only taken off', async () => {
    const dbName = `rules-pending-${Math.random()}`;
    const first = await start(dbName);
    const feed = await first.feeds.save({ url: 'https://river.test/rss', title: 'River' });
    const rule = await first.rules.save({ ...heron, enabled: false });
    await ingest(first, feed, ['Herons at dawn']);
    expect(await pendingOf(first)).toBeUndefined();

    await first.rules.save({ ...heron, id: rule.id, enabled: true });
    cutShort(first);
    const other = await first.feeds.save({ url: 'https://pond.test/rss', title: 'Pond' });
    const added = await ingest(first, other, ['A heron again']);
    expect((await pendingOf(first))?.value).toEqual(added);
    await first.feeds.delete(other);
    first.close();

    const second = await start(dbName);
    await expect.poll(async () => (await pendingOf(second))?.value).toBeUndefined();
    expect(await second.rules.log(rule.id)).toHaveLength(0);
  });

  it('articles that came before any rule are not listed: a rule made at the next start leaves them alone', async () => {
    const dbName = `rules-pending-${Math.random()}`;
    const first = await start(dbName);
    const feed = await first.feeds.save({ url: 'https://river.test/rss', title: 'River' });
    const added = await ingest(first, feed, ['Herons at dawn']);
    expect(await pendingOf(first)).toBeUndefined();
    first.close();

    const second = await start(dbName);
    const rule = await second.rules.save(heron);
    await internalsOf(second).context.rules!.resume();
    expect(await second.rules.log(rule.id)).toHaveLength(0);
    expect(flagsOf(second, added[0]!)).toBe(0);
  });
});
