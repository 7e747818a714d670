/**
 * The saved filters follow the engine's tag rename log: a rename the page did not carry to the
 * filters (it closed first, or another tab made it) is carried when the page next looks, once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFilter, getSavedFilter } from '../filters/savedFilters';
import { settingsStore } from '../settings/useSettings';
import { followTagRenames, renamesToFollow } from './renameLog';

const log = {
  epoch: 'e1' as string,
  seq: 0,
  renames: [] as Array<{ seq: number; from: string; to: string }>,
};
const engine = { tags: { renames: vi.fn(() => Promise.resolve(structuredClone(log))) } };
vi.mock('../queries/engine', () => ({
  withEngine: <T>(fn: (e: typeof engine) => Promise<T>) => fn(engine),
}));

afterEach(() => {
  settingsStore.reset('automation');
  log.seq = 0;
  log.renames = [];
});

describe('following the tag rename log', () => {
  it('knows which renames the filters have not followed yet', () => {
    const l = {
      epoch: 'e1',
      seq: 3,
      renames: [
        { seq: 2, from: 'a', to: 'b' },
        { seq: 3, from: 'b', to: 'c' },
      ],
    };
    expect(renamesToFollow(l, 'e1:2')).toEqual({ renames: [l.renames[1]], mark: 'e1:3' });
    expect(renamesToFollow(l, 'e1:3').renames).toEqual([]);
    // Never followed, or another log (a cleared database): from its start.
    expect(renamesToFollow(l, '').renames).toEqual(l.renames);
    expect(renamesToFollow(l, 'e0:9').renames).toEqual(l.renames);
    // Ahead of the log (an older backup restored): nothing from the past, the mark moves back.
    expect(renamesToFollow(l, 'e1:7')).toEqual({ renames: [], mark: 'e1:3' });
  });

  it('writes no settings while the log holds no rename', async () => {
    const update = vi.spyOn(settingsStore, 'update');
    try {
      log.epoch = '';
      expect(await followTagRenames()).toBe(0);
      log.epoch = 'e1';
      expect(await followTagRenames()).toBe(0);
      expect(update).not.toHaveBeenCalled();
      expect(settingsStore.getSnapshot().automation.tagRenames).toBe('');
    } finally {
      update.mockRestore();
      log.epoch = 'e1';
    }
  });

  it('carries renames made while no page followed them, in order, once', async () => {
    const f = createFilter({ name: 'AI', query: "tags = 'ai' OR tags IN ('go')" });
    const other = createFilter({ name: 'Other', query: "title = 'ai'" });
    // Two renames the engine made while the page was closed.
    log.renames.push({ seq: 1, from: 'ai', to: 'ML' }, { seq: 2, from: 'ml', to: 'Learning' });
    log.seq = 2;
    expect(await followTagRenames()).toBe(1);
    expect(getSavedFilter(f.id)?.query).toBe("tags = 'Learning' OR tags IN ('go')");
    expect(getSavedFilter(other.id)).toEqual(other);
    expect(settingsStore.getSnapshot().automation.tagRenames).toBe('e1:2');

    // Once: a filter naming the old name again later is not renamed by the same entry.
    const later = createFilter({ name: 'Later', query: "tags = 'ai'" });
    expect(await followTagRenames()).toBe(0);
    expect(getSavedFilter(later.id)?.query).toBe("tags = 'ai'");
  });
});
