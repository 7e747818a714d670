import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine } from '../testing/createTestEngine';
import type { EngineEvent } from '../types';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

describe('group edits', () => {
  it('renames a group with a trimmed title and leaves it as it was on a bad title or id', async () => {
    const e = createTestEngine();
    engines.push(e);
    await e.init();
    const g = await e.groups.save({ title: 'News' });
    const events: EngineEvent[] = [];
    e.onEvent((ev) => void events.push(ev));

    await e.groups.rename(g, '  World news ');
    expect((await e.groups.get(g))!.title).toBe('World news');
    expect(events).toEqual([{ type: 'groups-changed' }]);

    await expect(e.groups.rename(g, '   ')).rejects.toMatchObject({
      code: 'bad_input',
      message: 'A group needs a title',
    });
    await expect(e.groups.rename(g, 42 as unknown as string)).rejects.toMatchObject({ code: 'bad_input' });
    await expect(e.groups.rename(g + 1, 'Other')).rejects.toMatchObject({ code: 'not_found' });
    expect(await e.groups.list()).toEqual([{ id: g, title: 'World news' }]);
    expect(events).toHaveLength(1);
  });
});
