import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { useDrawerEntry } from '../layout/drawerEntry';
import { closeSettings, openSettings, useSettingsDialog } from './dialogState';
import { settingsInState, useSettingsEntry } from './settingsEntry';

afterEach(() => act(() => closeSettings()));

/** A shell like IndexLayout's: the drawer, the settings dialog, a link. */
function Shell() {
  const drawer = useDrawerEntry();
  const { opened } = useSettingsDialog();
  useSettingsEntry(opened);
  return (
    <div>
      <span data-testid="drawer">{drawer.open ? 'open' : 'closed'}</span>
      <span data-testid="settings">{opened ? 'open' : 'closed'}</span>
      <button onClick={drawer.show}>menu</button>
      <button onClick={() => openSettings()}>gear</button>
      <button onClick={closeSettings}>close</button>
      <Link to="/f/3">feed</Link>
    </div>
  );
}

function setup(initialEntries = ['/saved', '/all']) {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries });
  render(<RouterProvider router={router} />);
  const settings = () => screen.getByTestId('settings').textContent;
  const drawer = () => screen.getByTestId('drawer').textContent;
  const where = () => router.state.location.pathname;
  const go = (delta: number) => act(() => router.navigate(delta));
  const settle = () => act(() => Promise.resolve());
  return { router, settings, drawer, where, go, settle };
}

describe('useSettingsEntry', () => {
  it('Back closes the dialog and stays on the page; Forward opens it again', async () => {
    const { settings, where, go, settle, router } = setup();
    fireEvent.click(screen.getByText('gear'));
    await settle();
    expect(settings()).toBe('open');
    expect(settingsInState(router.state.location.state)).toBe(true);
    await go(-1);
    expect(settings()).toBe('closed');
    expect(where()).toBe('/all');
    await go(1);
    expect(settings()).toBe('open');
    await go(-1);
    await go(-1);
    expect(where()).toBe('/saved');
  });

  it('closing it another way pops its entry', async () => {
    const { settings, where, go, settle } = setup();
    fireEvent.click(screen.getByText('gear'));
    await settle();
    fireEvent.click(screen.getByText('close'));
    await settle();
    expect(settings()).toBe('closed');
    expect(where()).toBe('/all');
    await go(-1);
    expect(where()).toBe('/saved');
  });

  it('closed before the router took in its entry, it stays closed and leaves no entry behind', async () => {
    const { settings, where, go, settle, router } = setup();
    fireEvent.click(screen.getByText('gear'));
    fireEvent.click(screen.getByText('close'));
    for (let i = 0; i < 5; i++) await settle();
    expect(settings()).toBe('closed');
    expect(where()).toBe('/all');
    expect(settingsInState(router.state.location.state)).toBe(false);
    await go(-1);
    expect(where()).toBe('/saved');
  });

  it('opened from the drawer, it takes the drawer’s entry: Back returns to the page, both closed', async () => {
    const { settings, drawer, where, go, settle } = setup();
    fireEvent.click(screen.getByText('menu'));
    expect(drawer()).toBe('open');
    fireEvent.click(screen.getByText('gear'));
    await settle();
    expect(settings()).toBe('open');
    expect(drawer()).toBe('closed');
    await go(-1);
    expect(settings()).toBe('closed');
    expect(drawer()).toBe('closed');
    expect(where()).toBe('/all');
    await go(-1);
    expect(where()).toBe('/saved');
  });

  it('a link followed while it is open closes it', async () => {
    const { settings, where, settle } = setup();
    fireEvent.click(screen.getByText('gear'));
    await settle();
    fireEvent.click(screen.getByText('feed'));
    await settle();
    expect(where()).toBe('/f/3');
    expect(settings()).toBe('closed');
  });

  it('an entry that carries the mark when the app starts (a reload) opens it', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Shell /> }], {
      initialEntries: [{ pathname: '/all', state: { rivuletSettings: true } }],
    });
    render(<RouterProvider router={router} />);
    await act(() => Promise.resolve());
    expect(screen.getByTestId('settings').textContent).toBe('open');
  });
});
