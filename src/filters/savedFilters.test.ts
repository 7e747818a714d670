import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../settings/defaults';
import { mergeSettings } from '../settings/merge';
import { settingsStore } from '../settings/useSettings';
import {
  addFilter,
  createFilter,
  deleteFilter,
  getSavedFilter,
  normalizeFilter,
  patchFilter,
  removeFilter,
  renameTagInFilters,
  restoreFilter,
  takeFilter,
  updateFilter,
  useSavedFilters,
  validateFilterInput,
} from './savedFilters';

describe('saved filter list operations (pure)', () => {
  it('adds a filter with a fresh id, trimmed name and query, and the creation time', () => {
    const { list, filter } = addFilter([], { name: '  Unread  ', query: ' isRead = false ' }, 1000);
    expect(filter).toMatchObject({ name: 'Unread', query: 'isRead = false', createdAt: 1000 });
    expect(filter.id).toMatch(/^f[0-9a-z]+$/);
    expect(list).toEqual([filter]);
  });

  it('never reuses an id that is taken', () => {
    let list = addFilter([], { name: 'a', query: '' }, 5).list;
    for (let i = 0; i < 50; i++) list = addFilter(list, { name: `n${i}`, query: '' }, 5).list;
    expect(new Set(list.map((f) => f.id)).size).toBe(51);
  });

  it('refuses a blank name and an empty keyword list', () => {
    expect(() => addFilter([], { name: '   ', query: 'x' })).toThrow('A filter needs a name');
    expect(() => validateFilterInput({ name: 'k', keywords: [{ keyword: '  ', weight: 1 }] })).toThrow(
      'Add at least one keyword',
    );
    expect(() =>
      validateFilterInput({ name: 'k', keywords: [{ keyword: 'rust', weight: Number.NaN }] }),
    ).toThrow();
  });

  it('refuses a name another filter has (any case, spaces trimmed), naming it', () => {
    const { list, filter } = addFilter([], { name: 'Rust', query: 'isRead = false' });
    expect(() => addFilter(list, { name: ' rust ', query: 'isSaved = true' })).toThrow(
      'There is already a filter called “rust”',
    );
    const two = addFilter(list, { name: 'Go', query: '' });
    expect(() => patchFilter(two.list, two.filter.id, { name: 'RUST' })).toThrow('already a filter');
    // Its own name again, or in another case, is fine.
    expect(patchFilter(list, filter.id, { name: 'rust' }).filter.name).toBe('rust');
  });

  it('still redefines a filter whose name was shared before names were checked', () => {
    const list = [
      { id: 'a', name: 'Same', query: 'isRead = false' },
      { id: 'b', name: 'Same', query: 'isSaved = true' },
    ];
    expect(patchFilter(list, 'b', { query: 'isSaved = false' }).filter.query).toBe('isSaved = false');
  });

  it('keeps keyword filters as keywords with an empty query', () => {
    const { filter } = addFilter([], {
      name: 'Rust',
      keywords: [
        { keyword: ' rust ', weight: 2 },
        { keyword: '', weight: 1 },
      ],
    });
    expect(filter.query).toBe('');
    expect(filter.keywords).toEqual([{ keyword: 'rust', weight: 2 }]);
  });

  it('renames without touching the query; redefines without touching the name', () => {
    const { list, filter } = addFilter([], { name: 'A', query: 'isRead = false' }, 7);
    const renamed = patchFilter(list, filter.id, { name: 'B' });
    expect(renamed.filter).toEqual({ id: filter.id, name: 'B', query: 'isRead = false', createdAt: 7 });
    const edited = patchFilter(renamed.list, filter.id, { query: 'isSaved = true' });
    expect(edited.filter).toEqual({ id: filter.id, name: 'B', query: 'isSaved = true', createdAt: 7 });
    expect(list[0]).toMatchObject({ name: 'A' }); // inputs are not mutated
  });

  it('switches a keyword filter to a query and back', () => {
    const { list, filter } = addFilter([], { name: 'K', keywords: [{ keyword: 'a', weight: 1 }] });
    const asQuery = patchFilter(list, filter.id, { query: 'title LIKE "a"' }).filter;
    expect(asQuery.keywords).toBeUndefined();
    expect(asQuery.query).toBe('title LIKE "a"');
    const renamedKeyword = patchFilter(list, filter.id, { name: 'K2' }).filter;
    expect(renamedKeyword.keywords).toEqual([{ keyword: 'a', weight: 1 }]);
  });

  it('fails to patch a filter that is gone, and removing it is harmless', () => {
    expect(() => patchFilter([], 'nope', { name: 'x' })).toThrow('no longer exists');
    expect(removeFilter([{ id: 'a' }], 'nope')).toEqual([{ id: 'a' }]);
    expect(removeFilter([{ id: 'a' }, { id: 'b' }], 'a')).toEqual([{ id: 'b' }]);
  });

  it('normalises old entries that lack fields', () => {
    expect(normalizeFilter({ id: 'old' })).toEqual({ id: 'old', name: 'old', query: '', createdAt: 0 });
    expect(normalizeFilter({ id: 'k', name: 'K', keywords: [] })).not.toHaveProperty('keywords');
  });
});

describe('settings validation of filter entries', () => {
  it('keeps valid keyword rows and drops broken ones', () => {
    const s = mergeSettings({
      automation: {
        filters: [
          {
            id: 'k',
            name: 'K',
            query: '',
            createdAt: 1,
            keywords: [
              { keyword: 'rust', weight: 2 },
              { keyword: '', weight: 1 },
              { keyword: 'x', weight: 'heavy' },
              { keyword: 'y', weight: Infinity },
              'junk',
            ],
          },
          { id: 'q', query: 'isRead = false', keywords: 'nope' },
          { id: 'e', keywords: [{ keyword: ' ', weight: 1 }] },
        ],
      },
    });
    expect(s.automation.filters).toEqual([
      { id: 'k', name: 'K', query: '', createdAt: 1, keywords: [{ keyword: 'rust', weight: 2 }] },
      { id: 'q', query: 'isRead = false' },
      { id: 'e' },
    ]);
  });

  it('keeps the first of two entries with the same id', () => {
    const s = mergeSettings({
      automation: {
        filters: [
          { id: 'a', name: 'one' },
          { id: 'a', name: 'two' },
        ],
      },
    });
    expect(s.automation.filters).toEqual([{ id: 'a', name: 'one' }]);
  });

  it('round-trips what createFilter saves', () => {
    const { list } = addFilter([], { name: 'K', keywords: [{ keyword: 'a', weight: 1.5 }] }, 9);
    const stored = JSON.parse(JSON.stringify({ automation: { filters: list } })) as unknown;
    expect(mergeSettings(stored).automation.filters).toEqual(list);
  });
});

describe('settings-backed filters', () => {
  beforeEach(() => settingsStore.reset('automation'));

  it('creates, reads, updates and deletes through the settings store', () => {
    const f = createFilter({ name: 'Unread', query: 'isRead = false' });
    expect(settingsStore.getSnapshot().automation.filters).toHaveLength(1);
    expect(getSavedFilter(f.id)).toEqual(f);
    updateFilter(f.id, { name: 'Still unread' });
    expect(getSavedFilter(f.id)?.name).toBe('Still unread');
    expect(deleteFilter(f.id)).toBe(true);
    expect(deleteFilter(f.id)).toBe(false);
    expect(getSavedFilter(f.id)).toBeUndefined();
    expect(settingsStore.getSnapshot().automation).toEqual(defaultSettings().automation);
  });

  it('a deleted filter goes back where it stood, once', () => {
    const [a, b, c] = ['A', 'B', 'C'].map((name) => createFilter({ name, query: 'isRead = false' }));
    const taken = takeFilter(b!.id)!;
    expect(taken.index).toBe(1);
    expect(takeFilter(b!.id)).toBeNull();
    const names = () => settingsStore.getSnapshot().automation.filters.map((f) => f.name);
    expect(names()).toEqual(['A', 'C']);
    expect(restoreFilter(taken.filter, taken.index)).toBe(true);
    expect(names()).toEqual(['A', 'B', 'C']);
    expect(getSavedFilter(b!.id)).toEqual(b);
    // Already back: not added twice. Gone neighbours: it goes at the end.
    expect(restoreFilter(taken.filter, taken.index)).toBe(false);
    deleteFilter(a!.id);
    deleteFilter(c!.id);
    const again = takeFilter(b!.id)!;
    createFilter({ name: 'D', query: '' });
    expect(restoreFilter(again.filter, 5)).toBe(true);
    expect(names()).toEqual(['D', 'B']);
  });

  it('a renamed tag is renamed in the saved queries that name it, and nowhere else', () => {
    const named = createFilter({ name: 'AI', query: "tags = 'ai' AND isRead = false" });
    const listed = createFilter({ name: 'Some', query: "tags NOT IN ('rust', 'AI')" });
    const other = createFilter({ name: 'Other', query: "title LIKE 'ai'" });
    const keywords = createFilter({ name: 'K', keywords: [{ keyword: 'ai', weight: 1 }] });
    const changed = renameTagInFilters('ai', 'Machine');
    expect(changed.map((f) => f.id)).toEqual([named.id, listed.id]);
    expect(getSavedFilter(named.id)).toEqual({ ...named, query: "tags = 'Machine' AND isRead = false" });
    expect(getSavedFilter(listed.id)?.query).toBe("tags NOT IN ('rust', 'Machine')");
    expect(getSavedFilter(other.id)).toEqual(other);
    expect(getSavedFilter(keywords.id)).toEqual(keywords);
    // Nothing names the tag any more: nothing to write.
    const before = settingsStore.getSnapshot().automation;
    expect(renameTagInFilters('ai', 'x')).toEqual([]);
    expect(settingsStore.getSnapshot().automation).toBe(before);
  });

  it('persists to localStorage (app-settings)', () => {
    const f = createFilter({ name: 'S', query: 'isSaved = true' });
    const raw = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as {
      automation: { filters: unknown[] };
    };
    expect(raw.automation.filters).toEqual([f]);
  });

  it('re-renders useSavedFilters on change and keeps the same array otherwise', () => {
    const { result, rerender } = renderHook(() => useSavedFilters());
    expect(result.current).toEqual([]);
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
    act(() => {
      createFilter({ name: 'A', query: 'id = 1' });
    });
    expect(result.current.map((f) => f.name)).toEqual(['A']);
  });
});
