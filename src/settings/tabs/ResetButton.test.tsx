import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUndo, pendingUndo, undoLast } from '../../undo/undoStore';
import { defaultSettings } from '../defaults';
import { settingsStore } from '../useSettings';

const answer = vi.hoisted(() => ({ ok: true }));
vi.mock('../../components/ConfirmDialog', () => ({ confirm: () => Promise.resolve(answer.ok) }));

const { ResetButton } = await import('./ResetButton');

function renderButton() {
  render(
    <MantineProvider env="test">
      <ResetButton group="general" />
    </MantineProvider>,
  );
  return screen.getByTestId('reset-general');
}

beforeEach(() => {
  settingsStore.reset('general');
  clearUndo();
  answer.ok = true;
});

describe('ResetButton', () => {
  it('changes nothing when the person says no', async () => {
    settingsStore.update('general', { retentionDays: 45 });
    answer.ok = false;
    fireEvent.click(renderButton());
    await new Promise((r) => setTimeout(r, 0));
    expect(settingsStore.getSnapshot().general.retentionDays).toBe(45);
    expect(pendingUndo()).toBeNull();
  });

  it('resets the tab, and Undo puts every one of its settings back', async () => {
    settingsStore.update('general', { retentionDays: 45, startPage: 'all' });
    const before = settingsStore.getSnapshot().general;
    fireEvent.click(renderButton());
    await waitFor(() => expect(pendingUndo()).not.toBeNull());
    expect(settingsStore.getSnapshot().general).toEqual(defaultSettings().general);
    expect(pendingUndo()?.label(1)).toBe('The general settings are back to their defaults.');
    expect(await undoLast(() => Promise.resolve(0))).toBe(1);
    expect(settingsStore.getSnapshot().general).toEqual(before);
  });
});
