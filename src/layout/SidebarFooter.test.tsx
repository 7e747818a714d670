import type { Tooltip } from '@mantine/core';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { publishPath, usePublishPath } from './activePath';
import { SidebarFooter } from './SidebarFooter';

// Counts the tooltips rendered: each of the row's icons has one.
const rendered = vi.hoisted(() => vi.fn());
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<{ Tooltip: typeof Tooltip }>();
  const Counted = (p: Parameters<typeof core.Tooltip>[0]) => {
    rendered();
    return <core.Tooltip {...p} />;
  };
  return { ...core, Tooltip: Object.assign(Counted, core.Tooltip) };
});

afterEach(() => {
  cleanup();
  act(() => publishPath(''));
});

let go: NavigateFunction = () => {};
/** What IndexLayout does with the address, and a way to change it. */
function Address() {
  const navigate = useNavigate();
  useEffect(() => {
    go = navigate;
  }, [navigate]);
  usePublishPath(useLocation().pathname);
  return null;
}
const renders = () => rendered.mock.calls.length;

describe("the sidebar's bottom row", () => {
  it('is left alone by a step from one article to the next; marks a tool screen when it is shown', () => {
    renderUi(
      <MemoryRouter initialEntries={['/all/i/1']}>
        <Address />
        <SidebarFooter />
      </MemoryRouter>,
    );
    expect(renders()).toBeGreaterThan(0);
    let before = renders();
    act(() => void go('/all/i/2'));
    act(() => void go('/all/i/3'));
    expect(renders() - before).toBe(0);
    // The search screen: its icon (only) is drawn again, marked.
    before = renders();
    act(() => void go('/search'));
    expect(renders() - before).toBe(1);
    expect(screen.getByTestId('nav-search').getAttribute('data-variant')).toBe('light');
  });
});
