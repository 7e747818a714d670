/**
 * Tagging and deleting a tag are recorded for Undo, and are under way from the moment they are
 * asked for: a z before the engine answers takes back the tagging, not the change before it.
 * Renaming a tag renames it in the saved filters that name it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UndoToken } from '../engine/contract';
import { clearUndo, pendingUndo, recordUndo, undoLast } from '../undo/undoStore';
import { createFilter, getSavedFilter } from '../filters/savedFilters';
import { settingsStore } from '../settings/useSettings';
import { deleteTag, renameTag, setTagOn } from './api';

let answer!: (token: UndoToken) => void;
// The engine's rename log, as its renames make it.
const log = { epoch: 'e1', seq: 0, renames: [] as Array<{ seq: number; from: string; to: string }> };
const names = new Map([[3, 'ai']]);
const engine = {
  tags: {
    setOnItems: vi.fn(() => new Promise<UndoToken>((r) => (answer = r))),
    remove: vi.fn(() => new Promise<UndoToken>((r) => (answer = r))),
    rename: vi.fn((id: number, name: string, _also?: unknown, ifTaken?: 'suffix') => {
      const taken = (n: string) => n === 'taken' || [...names].some(([other, v]) => other !== id && v === n);
      let to = name.trim();
      if (taken(to) && ifTaken !== 'suffix')
        return Promise.reject(new Error(`A tag named “${to}” already exists.`));
      for (let n = 2; taken(to); n++) to = `${name.trim()} (${n})`;
      const from = names.get(id)!;
      names.set(id, to);
      if (from !== to) log.renames.push({ seq: ++log.seq, from, to });
      return Promise.resolve({ id, name: to, color: 'blue' });
    }),
    renames: vi.fn(() => Promise.resolve(structuredClone(log))),
  },
};
vi.mock('../queries/engine', () => ({
  withEngine: <T>(fn: (e: typeof engine) => Promise<T>) => fn(engine),
}));

afterEach(() => clearUndo());

const undo = vi.fn((token: UndoToken) => Promise.resolve(token.ids.length));
const before = () => recordUndo({ flag: 'read', set: true, ids: [9] }, (n) => `${n} read`);

describe('tag changes and undo', () => {
  it('z before the engine answers a tagging takes that tagging back', async () => {
    before();
    const tagging = setTagOn([1, 2], { id: 4, name: 'Later' }, true);
    const restored = undoLast(undo);
    await new Promise((r) => setTimeout(r, 5));
    expect(undo).not.toHaveBeenCalled();
    answer({ flag: 'tag', tagId: 4, set: true, ids: [1, 2] });
    expect(await tagging).toBe(true);
    expect(await restored).toBe(2);
    expect(undo).toHaveBeenLastCalledWith({ flag: 'tag', tagId: 4, set: true, ids: [1, 2] });
    expect(pendingUndo()).toBeNull();
  });

  it('z before the engine answers a deleted tag brings the tag back', async () => {
    before();
    const deleting = deleteTag({ id: 4, name: 'Later' });
    const restored = undoLast(undo);
    answer({ flag: 'tag-deleted', tag: { id: 4, name: 'Later', color: 'blue' }, ids: [1] });
    await deleting;
    expect(await restored).toBe(1);
    expect(undo).toHaveBeenLastCalledWith(expect.objectContaining({ flag: 'tag-deleted' }));
  });

  it('deleting a tag no article carries is the change z takes back, not the one before it', async () => {
    before();
    const deleting = deleteTag({ id: 5, name: 'Idle' });
    const unused: UndoToken = { flag: 'tag-deleted', tag: { id: 5, name: 'Idle', color: 'teal' }, ids: [] };
    answer(unused);
    await deleting;
    expect(pendingUndo()?.token).toEqual(unused);
    expect(pendingUndo()!.label(0)).toBe('Deleted tag “Idle” (on no article)');
    expect(await undoLast(undo)).toBe(0);
    expect(undo).toHaveBeenLastCalledWith(unused);
    expect(undo).not.toHaveBeenCalledWith({ flag: 'read', set: true, ids: [9] });
    expect(pendingUndo()).toBeNull();
  });
});

describe('renaming a tag', () => {
  afterEach(() => {
    settingsStore.reset('automation');
    names.set(3, 'ai');
    log.seq = 0;
    log.renames = [];
  });

  it('renames it in the saved filters whose query names it', async () => {
    const named = createFilter({ name: 'AI news', query: "tags = 'AI' OR tags IN ('ai', 'go')" });
    const other = createFilter({ name: 'Other', query: "title LIKE 'ai'" });
    expect(await renameTag({ id: 3, name: 'ai' }, '  Machine ')).toBeNull();
    expect(engine.tags.rename).toHaveBeenLastCalledWith(3, '  Machine ', undefined, undefined);
    expect(getSavedFilter(named.id)?.query).toBe("tags = 'Machine' OR tags IN ('Machine', 'go')");
    expect(getSavedFilter(other.id)).toEqual(other);
  });

  it('a refused rename changes no filter and says why', async () => {
    const named = createFilter({ name: 'AI news', query: "tags = 'ai'" });
    expect(await renameTag({ id: 3, name: 'ai' }, 'taken')).toMatch(/taken/);
    expect(getSavedFilter(named.id)).toEqual(named);
    expect(pendingUndo()).toBeNull();
  });

  it('is recorded for Undo, which renames it back in the engine and the filters', async () => {
    before();
    const named = createFilter({ name: 'AI news', query: "tags = 'ai'" });
    expect(await renameTag({ id: 3, name: 'ai' }, 'ML')).toBeNull();
    expect(pendingUndo()!.label(1)).toBe('Renamed tag “ai” to “ML”');
    expect(await undoLast(undo)).toBe(1);
    expect(engine.tags.rename).toHaveBeenLastCalledWith(3, 'ai', undefined, 'suffix');
    expect(getSavedFilter(named.id)?.query).toBe("tags = 'ai'");
    // The engine's undo was not asked: the read change before the rename stays as it was.
    expect(undo).not.toHaveBeenCalledWith({ flag: 'read', set: true, ids: [9] });
    expect(pendingUndo()).toBeNull();
  });

  it('undoes a rename whose old name another tag took meanwhile, under the next free name', async () => {
    const named = createFilter({ name: 'AI news', query: "tags = 'ai'" });
    expect(await renameTag({ id: 3, name: 'ai' }, 'ML')).toBeNull();
    names.set(4, 'ai');
    try {
      expect(await undoLast(undo)).toBe(1);
      expect(names.get(3)).toBe('ai (2)');
      expect(getSavedFilter(named.id)?.query).toBe("tags = 'ai (2)'");
      expect(pendingUndo()).toBeNull();
    } finally {
      names.delete(4);
      names.set(3, 'ai');
    }
  });
});

describe('deleting a tag that rules add', () => {
  it('says in the notice how many rules no longer add it', async () => {
    const deleting = deleteTag({ id: 6, name: 'News' });
    const use = { id: 'r1', name: 'r', actions: [], enabled: true, updatedAt: 1 };
    answer({
      flag: 'tag-deleted',
      tag: { id: 6, name: 'News', color: 'teal' },
      ids: [1, 2],
      rules: [use, use],
    });
    await deleting;
    expect(pendingUndo()!.label(2)).toBe('Deleted tag “News” (on 2 articles); 2 rules no longer add it');
  });
});
