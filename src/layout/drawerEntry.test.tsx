import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { appHrefOfClick, drawerInState, useDrawerEntry, withDrawer } from './drawerEntry';

afterEach(cleanup);

describe('the drawer state', () => {
  it('marks an entry and keeps the state it had', () => {
    expect(drawerInState(null)).toBe(false);
    expect(drawerInState({ other: true })).toBe(false);
    expect(drawerInState(withDrawer(null))).toBe(true);
    expect(withDrawer({ keep: 1 })).toEqual({ keep: 1, rivuletDrawer: true });
  });
});

describe('appHrefOfClick', () => {
  const origin = 'http://127.0.0.1:4173/all';
  const anchor = (attrs: Record<string, string>, child = false): Element => {
    const a = document.createElement('a');
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    document.body.append(a);
    if (!child) return a;
    const span = document.createElement('span');
    a.append(span);
    return span;
  };
  const click = (target: Element, extra: { button?: number; ctrlKey?: boolean } = {}) => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target,
    ...extra,
  });

  it('gives the app address of a plain click on an app link, from a child of the link too', () => {
    expect(appHrefOfClick(click(anchor({ href: '/f/3?x=1#top' })), origin)).toBe('/f/3?x=1#top');
    expect(appHrefOfClick(click(anchor({ href: '/saved' }, true)), origin)).toBe('/saved');
  });

  it('leaves modified clicks, new tabs, downloads, other sites and non-links to the browser', () => {
    expect(appHrefOfClick(click(anchor({ href: '/all' }), { ctrlKey: true }), origin)).toBeNull();
    expect(appHrefOfClick(click(anchor({ href: '/all' }), { button: 1 }), origin)).toBeNull();
    expect(appHrefOfClick(click(anchor({ href: '/all', target: '_blank' })), origin)).toBeNull();
    expect(appHrefOfClick(click(anchor({ href: '/backup', download: '' })), origin)).toBeNull();
    expect(appHrefOfClick(click(anchor({ href: 'https://example.com/x' })), origin)).toBeNull();
    expect(appHrefOfClick(click(document.createElement('button')), origin)).toBeNull();
  });

  it("leaves a click on a button inside a link (a group row's fold chevron) to that button", () => {
    const link = anchor({ href: '/c/1' });
    const chevron = document.createElement('span');
    chevron.setAttribute('role', 'button');
    const icon = document.createElement('span');
    chevron.append(icon);
    link.append(chevron);
    expect(appHrefOfClick(click(chevron), origin)).toBeNull();
    expect(appHrefOfClick(click(icon), origin)).toBeNull();
    expect(appHrefOfClick(click(link), origin)).toBe('/c/1');
  });
});

/** A shell like IndexLayout's: the drawer, a link in it, a link to the page under it. */
function Shell() {
  const drawer = useDrawerEntry();
  return (
    <div onClickCapture={drawer.onClickCapture}>
      <span data-testid="state">{drawer.open ? 'open' : 'closed'}</span>
      <button onClick={drawer.show}>menu</button>
      <button onClick={drawer.hide}>backdrop</button>
      <Link to="/f/3">feed</Link>
      <Link to="/all">all</Link>
    </div>
  );
}

function setup() {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], {
    initialEntries: ['/saved', '/all'],
  });
  render(<RouterProvider router={router} />);
  const state = () => screen.getByTestId('state').textContent;
  const where = () => router.state.location.pathname;
  const back = () => act(() => router.navigate(-1));
  return { router, state, where, back };
}

describe('useDrawerEntry', () => {
  it('Back closes the drawer and stays on the page; Forward opens it again', async () => {
    const { state, where, back, router } = setup();
    fireEvent.click(screen.getByText('menu'));
    expect(state()).toBe('open');
    expect(where()).toBe('/all');
    await back();
    expect(state()).toBe('closed');
    expect(where()).toBe('/all');
    await act(() => router.navigate(1));
    expect(state()).toBe('open');
    // Opening again while open adds nothing: one Back closes it, a second leaves the page.
    fireEvent.click(screen.getByText('menu'));
    await back();
    expect(state()).toBe('closed');
    await back();
    expect(where()).toBe('/saved');
  });

  it('closing it another way pops its entry', async () => {
    const { state, where, back } = setup();
    fireEvent.click(screen.getByText('menu'));
    fireEvent.click(screen.getByText('backdrop'));
    await act(() => Promise.resolve());
    expect(state()).toBe('closed');
    await back();
    expect(where()).toBe('/saved');
  });

  it('a link in it replaces its entry: Back from there returns to the page, closed', async () => {
    const { state, where, back } = setup();
    fireEvent.click(screen.getByText('menu'));
    fireEvent.click(screen.getByText('feed'));
    await act(() => Promise.resolve());
    expect(where()).toBe('/f/3');
    expect(state()).toBe('closed');
    await back();
    expect(where()).toBe('/all');
    expect(state()).toBe('closed');
    await back();
    expect(where()).toBe('/saved');
  });

  it('a link to the page under it only closes it', async () => {
    const { state, where, back } = setup();
    fireEvent.click(screen.getByText('menu'));
    fireEvent.click(screen.getByText('all'));
    await act(() => Promise.resolve());
    expect(where()).toBe('/all');
    expect(state()).toBe('closed');
    await back();
    expect(where()).toBe('/saved');
  });

  it('with the drawer closed, links push as usual', async () => {
    const { where, back } = setup();
    fireEvent.click(screen.getByText('feed'));
    await act(() => Promise.resolve());
    expect(where()).toBe('/f/3');
    await back();
    expect(where()).toBe('/all');
  });
});
