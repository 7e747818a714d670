import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../reader/testing/render';
import type { Rule, RuleInput } from '../../rules/types';
import { clearUndo, pendingUndo, undoLast } from '../../undo/undoStore';
import { RulesList } from './RulesList';

// The engine's rules domain, faked at the one door the UI uses (src/rules/client.ts): a list
// that the fake's remove/save/reorder change, as the engine's would.
const rule = (id: string, name: string, order: number, filterId?: string): Rule => ({
  id,
  name,
  query: `title LIKE '${name}'`,
  ...(filterId === undefined ? {} : { filterId }),
  actions: [{ type: 'markRead' }],
  enabled: true,
  order,
  createdAt: 1,
  updatedAt: 1,
});
let stored: Rule[] = [];
const list = vi.fn(() => Promise.resolve([...stored]));
const remove = vi.fn((id: string) => {
  stored = stored.filter((r) => r.id !== id);
  return Promise.resolve();
});
const save = vi.fn((input: RuleInput) => {
  const back = { ...input, id: 'back', order: stored.length, createdAt: 2, updatedAt: 2 };
  stored = [...stored, back];
  return Promise.resolve(back);
});
const reorder = vi.fn((ids: string[]) => {
  stored = ids.map((id, order) => ({ ...stored.find((r) => r.id === id)!, order }));
  return Promise.resolve();
});
vi.mock('../../rules/client', () => ({
  withRules: (fn: (r: unknown) => unknown) => fn({ list, remove, save, reorder }),
}));

const filters = [{ id: 'f1', name: 'Herons', query: "title LIKE 'heron'" }];

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(
    <QueryClientProvider client={client}>
      <RulesList filters={filters as never} onEdit={() => undefined} />
    </QueryClientProvider>,
  );
}

const rows = () => screen.queryAllByTestId('rules-list-row');

beforeEach(() => {
  clearUndo();
  vi.clearAllMocks();
  stored = [rule('r1', 'Herons', 0, 'f1'), rule('r2', 'Old mill', 1, 'gone'), rule('r3', 'Plain', 2)];
});

describe('RulesList', () => {
  it('says which rule lost its saved filter, deletes it, and Undo puts it back in its place', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Only the rule whose filter is missing says so and offers Delete (one without a filter, an
    // older rule, is not orphaned).
    const orphans = rows().filter((r) => r.getAttribute('data-orphan') === 'true');
    expect(orphans.map((r) => r.getAttribute('data-rule-id'))).toEqual(['r2']);
    expect(within(orphans[0]!).getByTestId('rules-list-orphan').textContent).toBe('Filter gone · ');
    expect(screen.getAllByTestId('rules-list-delete')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('rules-list-delete'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(remove).toHaveBeenCalledWith('r2');
    expect(pendingUndo()?.label(1)).toBe('Deleted the rule “Old mill”.');

    await undoLast(() => Promise.resolve(0));
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Back with its filter id (still orphaned, so still marked) at the place it had.
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: 'Old mill', filterId: 'gone' }));
    expect(rows().map((r) => r.getAttribute('data-rule-id'))).toEqual(['r1', 'back', 'r3']);
    expect(rows()[1]!.getAttribute('data-orphan')).toBe('true');
  });

  it('a failed delete says why where the person looks and keeps the rule', async () => {
    remove.mockRejectedValueOnce(new Error('database closed'));
    const shown = vi.spyOn(notifications, 'show');
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('rules-list-delete'));
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: expect.stringMatching(/database closed/) as string,
        }),
      ),
    );
    expect(rows()).toHaveLength(3);
    expect(pendingUndo()).toBeNull();
  });
});
