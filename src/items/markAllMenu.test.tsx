/**
 * The mark-all-read menu from the keyboard, in a list with the engine mocked
 * (testing/listEngine.ts): Shift+A opens it, Enter / digits / arrows choose, the confirmation
 * names the count found for the chosen age, and a choice that finds nothing says so.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettings } from '../settings/useSettings';
import { listEngine as engine, resetListEngine } from './testing/listEngine';
import { press, renderList } from './testing/renderList';

vi.mock('../engine/client', async () => (await import('./testing/listEngine')).listEngineClient);

const MESSAGES = {
  all: 'This marks the 2 unread articles in this list as read.',
  day: 'This marks 2 unread articles older than a day as read.',
  week: 'This marks 2 unread articles older than a week as read.',
};

const menu = () => screen.queryByTestId('mark-all-menu');
const option = (age: keyof typeof MESSAGES) => screen.getByTestId(`mark-all-${age}`);
/** Lets Mantine's focus trap (a 0 ms timer) move focus into the menu. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 5)));

async function openMenu(): Promise<void> {
  renderList();
  await screen.findByText('2 unread of 5');
  press('A');
  expect(menu()).not.toBeNull();
}

beforeEach(() => {
  resetSettings('general');
  resetListEngine();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the mark-all menu from the keyboard', () => {
  it('stays open when a key is pressed before focus has reached it', async () => {
    await openMenu();
    // Focus is still outside the menu: Mantine would close the menu on this key by default.
    (document.activeElement as HTMLElement | null)?.blur();
    press('Shift');
    expect(menu()).not.toBeNull();
    press('Enter');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(MESSAGES.all);
    expect(menu()).toBeNull();
  });

  it('Enter takes the focused option, reached with the arrow keys', async () => {
    await openMenu();
    await settle();
    expect(document.activeElement).toBe(option('all'));
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(option('week'));
    press('Enter');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(MESSAGES.week);
    press('n');
    await act(() => Promise.resolve());
    expect(engine.state.markAllRead).not.toHaveBeenCalled();
  });

  it('digits choose by position; y confirms and marks the scope', async () => {
    await openMenu();
    press('2');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(MESSAGES.day);
    press('y');
    await vi.waitFor(() => expect(engine.state.markAllRead).toHaveBeenCalledTimes(1));
    expect(engine.state.markAllRead.mock.calls[0]).toEqual([
      expect.objectContaining({ scope: 'feed', id: 1, olderThan: expect.any(Number) as number }),
    ]);
  });

  it('asks naming the count it found, and marks the same scope and cut-off it counted', async () => {
    await openMenu();
    press('3');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(MESSAGES.week);
    press('y');
    await vi.waitFor(() => expect(engine.state.markAllRead).toHaveBeenCalledTimes(1));
    expect(engine.state.markAllRead.mock.calls[0]).toEqual(engine.state.countUnread.mock.calls[0]);
  });

  it('a choice that finds nothing to mark says so, asks nothing and marks nothing', async () => {
    engine.state.countUnread.mockImplementationOnce(() => Promise.resolve(0));
    await openMenu();
    press('2');
    expect(await screen.findByText('Nothing to mark: no unread articles are older than a day.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-message')).toBeNull();
    expect(engine.state.markAllRead).not.toHaveBeenCalled();
  });

  it('↓ from outside the menu moves focus into it; Esc closes it and the list keys come back', async () => {
    await openMenu();
    (document.activeElement as HTMLElement | null)?.blur();
    press('ArrowDown');
    expect(document.activeElement).toBe(option('all'));
    press('Escape');
    await act(() => Promise.resolve());
    expect(menu()).toBeNull();
    press('A');
    expect(menu()).not.toBeNull();
  });

  it('survives the minute tick of relative times (fake clock crossing a minute)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-21T14:59:58Z'));
    await openMenu();
    await settle();
    press('ArrowDown');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(menu()).not.toBeNull();
    expect(document.activeElement).toBe(option('day'));
    press('Enter');
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(MESSAGES.day);
  });
});
