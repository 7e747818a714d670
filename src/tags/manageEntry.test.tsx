import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { manageTagsInState, useManageTagsEntry } from './manageEntry';
import { closeManageTags, openManageTags, useManageTagsOpen } from './manageStore';

afterEach(() => act(() => closeManageTags()));

function Shell() {
  const opened = useManageTagsOpen();
  useManageTagsEntry(opened);
  return (
    <div>
      <span data-testid="manage">{opened ? 'open' : 'closed'}</span>
      <button onClick={openManageTags}>manage</button>
      <button onClick={closeManageTags}>close</button>
    </div>
  );
}

function setup() {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], {
    initialEntries: ['/saved', '/all'],
  });
  render(<RouterProvider router={router} />);
  const manage = () => screen.getByTestId('manage').textContent;
  const go = (delta: number) => act(() => router.navigate(delta));
  const settle = () => act(() => Promise.resolve());
  return { router, manage, go, settle };
}

describe('Manage tags as a history entry', () => {
  it('Back closes it and stays on the page; Forward opens it again', async () => {
    const { router, manage, go, settle } = setup();
    fireEvent.click(screen.getByText('manage'));
    await settle();
    expect(manage()).toBe('open');
    expect(manageTagsInState(router.state.location.state)).toBe(true);
    await go(-1);
    expect(manage()).toBe('closed');
    expect(router.state.location.pathname).toBe('/all');
    await go(1);
    expect(manage()).toBe('open');
  });

  it('closing it another way pops its entry', async () => {
    const { router, manage, settle } = setup();
    fireEvent.click(screen.getByText('manage'));
    await settle();
    fireEvent.click(screen.getByText('close'));
    await settle();
    expect(manage()).toBe('closed');
    expect(manageTagsInState(router.state.location.state)).toBe(false);
    expect(router.state.location.pathname).toBe('/all');
  });
});
