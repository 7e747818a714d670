import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { captureTypeAhead, closeSearchPalette, openSearchPalette } from './paletteStore';
import { SearchHost } from './SearchHost';

vi.mock('../routes/navigation', () => ({ navigateTo: vi.fn() }));
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => unknown) =>
    fn({ search: { suggest: () => Promise.resolve([]) }, feeds: { list: () => Promise.resolve([]) } }),
}));

function setup() {
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <input data-testid="elsewhere" />
      <SearchHost />
    </QueryClientProvider>,
  );
}

describe('SearchHost', () => {
  afterEach(() => act(() => closeSearchPalette()));

  it('opens on / and on Ctrl+K', () => {
    setup();
    expect(screen.queryByTestId('search-palette')).toBeNull();
    fireEvent.keyDown(window, { key: '/' });
    expect(screen.getByTestId('search-palette')).toBeTruthy();
    act(() => closeSearchPalette());
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(screen.getByTestId('search-palette')).toBeTruthy();
  });

  it('ignores the keys while typing in another field', () => {
    setup();
    fireEvent.keyDown(screen.getByTestId('elsewhere'), { key: '/' });
    fireEvent.keyDown(screen.getByTestId('elsewhere'), { key: 'k', ctrlKey: true });
    expect(screen.queryByTestId('search-palette')).toBeNull();
  });

  it('keeps keys typed while the palette is opening, then lets the box take over', () => {
    act(() => openSearchPalette());
    // Before the box is mounted (no render yet in this act-less window) keys are captured…
    expect(captureTypeAhead({ key: 'r', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(captureTypeAhead({ key: 'u', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    // …but not shortcuts or named keys.
    expect(captureTypeAhead({ key: 'k', ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
    expect(captureTypeAhead({ key: 'Enter', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    setup();
    expect(screen.getByTestId<HTMLInputElement>('search-input').value).toBe('ru');
    // Mounted and focused: keys are no longer captured.
    expect(captureTypeAhead({ key: 's', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
  });

  it('captures nothing while closed', () => {
    expect(captureTypeAhead({ key: 'r', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
  });

  it('can be opened with text already typed', () => {
    setup();
    act(() => openSearchPalette('rust'));
    expect(screen.getByTestId<HTMLInputElement>('search-input').value).toBe('rust');
  });
});
