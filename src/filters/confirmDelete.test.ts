import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rule } from '../rules/types';
import { settingsStore } from '../settings/useSettings';
import { clearUndo, pendingUndo, undoLast } from '../undo/undoStore';
import { createFilter, getSavedFilter } from './savedFilters';

const calls = vi.hoisted(() => ({
  answer: true,
  rule: undefined as Rule | undefined,
  restored: [] as Rule[],
}));

vi.mock('../components/ConfirmDialog', () => ({ confirm: () => Promise.resolve(calls.answer) }));
vi.mock('../rules/sync', () => ({
  removeRuleOfFilter: () => Promise.resolve(calls.rule),
  restoreRule: (rule: Rule) => {
    calls.restored.push(rule);
    return Promise.resolve();
  },
}));

const { confirmDeleteFilter } = await import('./confirmDelete');

const engineUndo = () => Promise.resolve(0);

beforeEach(() => {
  settingsStore.reset('automation');
  calls.answer = true;
  calls.rule = undefined;
  calls.restored.length = 0;
  clearUndo();
});

describe('confirmDeleteFilter', () => {
  it('deletes nothing when the person says no', async () => {
    const f = createFilter({ name: 'Herons', query: "title LIKE '%heron%'" });
    calls.answer = false;
    expect(await confirmDeleteFilter(f)).toBe(false);
    expect(getSavedFilter(f.id)).toEqual(f);
    expect(pendingUndo()).toBeNull();
  });

  it('deletes the filter and its actions; Undo puts both back, the filter where it stood', async () => {
    createFilter({ name: 'First', query: '' });
    const f = createFilter({ name: 'Herons', query: "title LIKE '%heron%'" });
    createFilter({ name: 'Last', query: '' });
    calls.rule = { id: 'r1', filterId: f.id, name: 'Herons', order: 0 } as Rule;
    expect(await confirmDeleteFilter(f)).toBe(true);
    expect(getSavedFilter(f.id)).toBeUndefined();
    expect(pendingUndo()?.label(1)).toBe('Deleted the filter “Herons”.');
    expect(pendingUndo()?.done?.(1)).toBe('The filter “Herons” is back.');
    expect(await undoLast(engineUndo)).toBe(1);
    expect(settingsStore.getSnapshot().automation.filters.map((x) => x.name)).toEqual([
      'First',
      'Herons',
      'Last',
    ]);
    expect(getSavedFilter(f.id)).toEqual(f);
    expect(calls.restored).toEqual([calls.rule]);
  });

  it('a filter without actions comes back alone', async () => {
    const f = createFilter({ name: 'Plain', query: 'isRead = false' });
    await confirmDeleteFilter(f);
    await undoLast(engineUndo);
    expect(getSavedFilter(f.id)).toEqual(f);
    expect(calls.restored).toEqual([]);
  });
});
