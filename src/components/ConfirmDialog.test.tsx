import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider, confirm } from './ConfirmDialog';

afterEach(cleanup);

/** Fires DOM events inside act and lets React settle. */
const fire = (fn: () => void): Promise<void> =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

function mount() {
  render(
    <MantineProvider env="test">
      <ConfirmProvider>
        <input data-testid="outside" />
      </ConfirmProvider>
    </MantineProvider>,
  );
}

// Returns the pending answer wrapped, because an async function would otherwise wait for it.
async function ask(): Promise<{ answer: Promise<boolean> }> {
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = confirm({ title: 'Delete feed?', message: 'This cannot be undone.', confirmLabel: 'Delete' });
    await Promise.resolve();
  });
  return { answer };
}

describe('confirm()', () => {
  it('rejects without a provider', async () => {
    await expect(confirm({ title: 't', message: 'm' })).rejects.toThrow(/ConfirmProvider/);
  });

  it('shows title, message and labels', async () => {
    mount();
    await ask();
    expect(screen.getByText('Delete feed?')).toBeTruthy();
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    expect(screen.getByTestId('confirm-ok').textContent).toContain('Delete');
    expect(screen.getByTestId('confirm-cancel').textContent).toContain('Cancel');
  });

  it.each([
    ['y', true],
    ['Y', true],
    ['n', false],
    ['Escape', false],
  ])('key %s resolves %s and closes', async (key, expected) => {
    mount();
    const { answer } = await ask();
    await fire(() => fireEvent.keyDown(document.activeElement ?? window, { key }));
    await expect(answer).resolves.toBe(expected);
    expect(screen.queryByTestId('confirm-ok')).toBeNull();
  });

  it('ignores y with a modifier (Ctrl+Y is not a yes)', async () => {
    mount();
    const { answer } = await ask();
    let settled = false;
    void answer.then(() => (settled = true));
    await fire(() => fireEvent.keyDown(window, { key: 'y', ctrlKey: true }));
    await Promise.resolve();
    expect(settled).toBe(false);
    await fire(() => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await expect(answer).resolves.toBe(false);
  });

  it('buttons resolve true and false', async () => {
    mount();
    const { answer: yes } = await ask();
    await fire(() => fireEvent.click(screen.getByTestId('confirm-ok')));
    await expect(yes).resolves.toBe(true);
    const { answer: no } = await ask();
    await fire(() => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await expect(no).resolves.toBe(false);
  });

  it('answers a replaced dialog with false', async () => {
    mount();
    const { answer: first } = await ask();
    const { answer: second } = await ask();
    await expect(first).resolves.toBe(false);
    await fire(() => fireEvent.click(screen.getByTestId('confirm-ok')));
    await expect(second).resolves.toBe(true);
  });
});

describe('confirm() focusAfter', () => {
  async function askFrom(opener: HTMLElement, focusAfter: () => void) {
    opener.focus();
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = confirm({ title: 'Mark all?', message: 'm', focusAfter });
      await Promise.resolve();
    });
    return { answer };
  }

  it('gives the keyboard to focusAfter when the control that opened it has gone', async () => {
    mount();
    const entry = document.createElement('button');
    document.body.append(entry);
    const calls: string[] = [];
    const { answer } = await askFrom(entry, () => calls.push('list'));
    entry.remove();
    await fire(() => fireEvent.keyDown(document.activeElement ?? window, { key: 'y' }));
    await expect(answer).resolves.toBe(true);
    await vi.waitFor(() => expect(calls).toEqual(['list']));
  });

  /**
   * A dialog asked from a button of its own (a saved filter's Delete) and answered Yes, the focus
   * back on the button; `calls` records `focusAfter`.
   */
  async function confirmedFromButton(): Promise<{ entry: HTMLButtonElement; calls: string[] }> {
    mount();
    const entry = document.createElement('button');
    document.body.append(entry);
    const calls: string[] = [];
    const { answer } = await askFrom(entry, () => calls.push('list'));
    await fire(() => fireEvent.keyDown(document.activeElement ?? window, { key: 'y' }));
    await expect(answer).resolves.toBe(true);
    await vi.waitFor(() => expect(document.activeElement).toBe(entry));
    return { entry, calls };
  }

  it.each([
    ['the opener got the focus back', false],
    ['the focus fell to the body', true],
  ])(
    'still gives the keyboard to focusAfter when the opener leaves after the first check (%s)',
    async (_, blur) => {
      // A busy page: the confirmed delete's refetch removes the row (and its Delete button) well
      // after the dialog's fade and its first look at the focus.
      const { entry, calls } = await confirmedFromButton();
      if (blur) entry.blur();
      await new Promise((r) => setTimeout(r, 700));
      expect(calls).toEqual([]);
      entry.remove();
      await vi.waitFor(() => expect(calls).toEqual(['list']));
    },
  );

  it('still gives the keyboard to focusAfter when the opener leaves 6 s later (a loaded machine)', async () => {
    const { entry, calls } = await confirmedFromButton();
    vi.useFakeTimers();
    try {
      // The watch's next look is on a real timer; later ones are on the fake clock.
      await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0), { interval: 20 });
      vi.advanceTimersByTime(6000);
      expect(calls).toEqual([]);
      entry.blur();
      entry.remove();
      vi.advanceTimersByTime(200);
      expect(calls).toEqual(['list']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps watching while the closing dialog still holds the focus at its first look', async () => {
    // A loaded machine: the dialog has not finished closing 300 ms after the answer, and its
    // focus goes back to the opener only after the watch's first look.
    const { entry, calls } = await confirmedFromButton();
    const closing = document.createElement('div');
    closing.setAttribute('data-confirm-root', '');
    const inside = document.createElement('button');
    closing.append(inside);
    document.body.append(closing);
    inside.focus();
    await new Promise((r) => setTimeout(r, 700));
    entry.focus();
    closing.remove();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toEqual([]);
    entry.remove();
    await vi.waitFor(() => expect(calls).toEqual(['list']));
  });

  it('marks the dialog it renders as the one whose closing the watch waits out', async () => {
    mount();
    await ask();
    expect(screen.getByTestId('confirm-ok').closest('[data-confirm-root]')).not.toBeNull();
    expect(screen.getByTestId('outside').closest('[data-confirm-root]')).toBeNull();
  });

  it('leaves the focus to the control that opened it while it is still there', async () => {
    mount();
    const opener = screen.getByTestId('outside');
    const calls: string[] = [];
    const { answer } = await askFrom(opener, () => calls.push('list'));
    await fire(() => fireEvent.keyDown(document.activeElement ?? window, { key: 'n' }));
    await expect(answer).resolves.toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toEqual([]);
  });
});
