import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFilter } from '../../filters/savedFilters';
import { settingsStore } from '../useSettings';

const deleted = vi.hoisted(() => [] as { id: string; name: string }[]);
vi.mock('../../filters/confirmDelete', () => ({
  confirmDeleteFilter: (f: { id: string; name: string }) => {
    deleted.push(f);
    return Promise.resolve(true);
  },
}));

const { AutomationTab } = await import('./AutomationTab');

beforeEach(() => {
  settingsStore.reset('automation');
  deleted.length = 0;
});

describe('AutomationTab', () => {
  it("deletes a filter the Filters screen's way (its actions too, with Undo), and offers no reset", () => {
    const f = createFilter({ name: 'Herons', query: "title LIKE '%heron%'" });
    render(
      <MantineProvider env="test">
        <AutomationTab />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByTestId('filter-delete'));
    expect(deleted).toEqual([{ id: f.id, name: 'Herons' }]);
    // Resetting this tab would only delete every filter and leave their rules behind.
    expect(screen.queryByTestId('reset-automation')).toBeNull();
  });
});
