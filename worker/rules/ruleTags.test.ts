import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { failure, ingestAt, rule, rulesEngine } from '../testing/rulesKit';
import type { EngineEvent } from '../types';

// What happens to the rules when a tag is named in one, renamed or deleted (ruleTags.ts).
let engine: Engine;
let news: number;
let events: EngineEvent[];

const ingest = (feedId: number, items: Parameters<typeof ingestAt>[2]) => ingestAt(engine, feedId, items);

beforeEach(async () => {
  ({ engine, news, events } = await rulesEngine());
});
afterEach(() => engine.close());

describe('a rule naming a tag in its query', () => {
  it('matches the articles carrying it, in a preview and a run, and follows later tagging', async () => {
    const ai = await engine.tags.create('ai');
    const [a, b] = (await ingest(news, [
      { guid: 'a', title: 'Rust tips' },
      { guid: 'b', title: 'Go news' },
    ])) as [number, number];
    await engine.tags.setOnItems([a], ai.id, true);
    const input = rule({ query: "tags = 'AI'", actions: [{ type: 'save' }] });
    expect((await engine.rules.preview(input)).count).toBe(1);
    const saved = await engine.rules.save(input);
    expect((await engine.rules.runOnce(saved.id)).itemIds).toEqual([a]);
    // Tagging another article changes what the rule matches (its compiled matcher is not reused).
    await engine.tags.setOnItems([b], ai.id, true);
    expect((await engine.rules.runOnce(saved.id)).itemIds.sort()).toEqual([a, b].sort());
  });
});

describe('renaming a tag', () => {
  it('renames it in the rules that name it, which go on working; other rules stay as they were', async () => {
    const ai = await engine.tags.create('ai');
    const [tagged, plain] = (await ingest(news, [
      { guid: 'a', title: 'Rust tips' },
      { guid: 'b', title: 'Go news' },
    ])) as [number, number];
    await engine.tags.setOnItems([tagged], ai.id, true);
    const byQuery = await engine.rules.save(
      rule({ name: 'q', query: "tags = 'AI' OR tags IN ('go', 'ai')", filterId: 'f1' }),
    );
    const byAction = await engine.rules.save(
      rule({ name: 't', query: "title LIKE 'go'", actions: [{ type: 'tag', tag: 'Ai' }, { type: 'save' }] }),
    );
    const other = await engine.rules.save(rule({ name: 'o', query: "title = 'ai' OR tags LIKE 'a'" }));
    events.length = 0;

    await engine.tags.rename(ai.id, 'Machine');
    const rules = await engine.rules.list();
    expect(rules.find((r) => r.id === byQuery.id)).toMatchObject({
      query: "tags = 'Machine' OR tags IN ('go', 'Machine')",
      filterId: 'f1',
    });
    expect(rules.find((r) => r.id === byQuery.id)!.updatedAt).toBeGreaterThan(byQuery.updatedAt);
    expect(rules.find((r) => r.id === byAction.id)!.actions).toEqual([
      { type: 'tag', tag: 'Machine' },
      { type: 'save' },
    ]);
    expect(rules.find((r) => r.id === other.id)).toEqual(other);
    expect(events).toContainEqual({ type: 'rules-changed' });

    // Both still work: the query finds the tagged article, the action puts the renamed tag on
    // (no tag of the old name comes back).
    expect((await engine.rules.runOnce(byQuery.id)).itemIds).toEqual([tagged]);
    expect((await engine.rules.runOnce(byAction.id)).itemIds).toEqual([plain]);
    expect((await engine.tags.list()).map((t) => [t.id, t.name, t.total])).toEqual([[ai.id, 'Machine', 2]]);
  });

  it('a rename refused (the name is taken) changes no rule', async () => {
    const ai = await engine.tags.create('ai');
    await engine.tags.create('ml');
    const saved = await engine.rules.save(
      rule({ query: "tags = 'ai'", actions: [{ type: 'tag', tag: 'ai' }] }),
    );
    expect((await failure(engine.tags.rename(ai.id, 'ML'))).code).toBe('bad_input');
    expect(await engine.rules.list()).toEqual([saved]);
  });
});

describe('deleting a tag', () => {
  it('takes its "add tag" actions out of the rules, so no ingest makes it again; undo puts them back', async () => {
    const ai = await engine.tags.create('AI');
    const both = await engine.rules.save(
      rule({ name: 'both', actions: [{ type: 'save' }, { type: 'tag', tag: 'ai' }, { type: 'markRead' }] }),
    );
    const only = await engine.rules.save(rule({ name: 'only', actions: [{ type: 'tag', tag: 'Ai' }] }));
    const other = await engine.rules.save(rule({ name: 'other', actions: [{ type: 'tag', tag: 'go' }] }));

    const token = await engine.tags.remove(ai.id);
    expect(token).toMatchObject({
      flag: 'tag-deleted',
      rules: [{ id: both.id, name: 'both' }, { id: only.id }],
    });
    let rules = await engine.rules.list();
    expect(rules.find((r) => r.id === both.id)).toMatchObject({
      actions: [{ type: 'save' }, { type: 'markRead' }],
      enabled: true,
    });
    // Left with nothing to do: turned off.
    expect(rules.find((r) => r.id === only.id)).toMatchObject({ actions: [], enabled: false });
    expect(rules.find((r) => r.id === other.id)).toEqual(other);

    // The next ingest does not bring the deleted tag back.
    await ingest(news, [{ guid: 'a', title: 'Rust tips' }]);
    expect((await engine.tags.list()).map((t) => t.name)).toEqual(['go']);

    await engine.state.undo(token);
    rules = await engine.rules.list();
    expect(rules.find((r) => r.id === both.id)).toMatchObject({ actions: both.actions, enabled: true });
    expect(rules.find((r) => r.id === only.id)).toMatchObject({ actions: only.actions, enabled: true });
    expect((await engine.tags.list()).map((t) => [t.id, t.name])).toEqual([
      [ai.id, 'AI'],
      [ai.id + 1, 'go'],
    ]);
    // An undo taken twice changes nothing more.
    await engine.state.undo(token);
    expect(await engine.rules.list()).toEqual(rules);
  });

  it('an undo keeps an edit made since and names the tag as it comes back', async () => {
    const ai = await engine.tags.create('ai');
    const r = await engine.rules.save(rule({ actions: [{ type: 'tag', tag: 'ai' }, { type: 'save' }] }));
    const token = await engine.tags.remove(ai.id);
    // Edited meanwhile, and a new tag took the name.
    await engine.rules.save({ ...rule({ name: 'edited', actions: [{ type: 'markRead' }] }), id: r.id });
    await engine.tags.create('AI');
    await engine.state.undo(token);
    expect((await engine.rules.list())[0]).toMatchObject({
      name: 'edited',
      actions: [{ type: 'tag', tag: 'ai (2)' }, { type: 'markRead' }],
    });
  });
});
