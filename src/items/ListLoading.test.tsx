import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { LONG_MS, ListLoading, SLOW_MS } from './ListLoading';

let started: () => void = () => {};
vi.mock('../engine/client', () => ({
  engineReady: () => new Promise<void>((resolve) => (started = resolve)),
}));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  act(() => resetSettings('general'));
});

const text = (id: string) => screen.queryByTestId(id)?.textContent ?? null;

describe('the list while its first page is on its way', () => {
  it('stays blank at first, then says the library is opening, then why it can take a while', async () => {
    renderUi(<ListLoading />);
    expect(screen.getByTestId('items-loading').getAttribute('role')).toBe('status');
    await act(() => vi.advanceTimersByTimeAsync(SLOW_MS - 1));
    expect(text('items-loading-text')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(text('items-loading-text')).toBe('Opening your library…');
    expect(text('items-loading-why')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LONG_MS - SLOW_MS));
    expect(text('items-loading-why')).toContain('the browser is tidying its storage');
    expect(text('items-loading-why')).toContain('Your articles are safe.');
    // The engine answers: the list now waits for its articles, and the reason goes.
    await act(() => {
      started();
      return Promise.resolve();
    });
    expect(text('items-loading-text')).toBe('Loading articles…');
    expect(text('items-loading-why')).toBeNull();
  });

  it('with the engine started, a slow page says it is loading articles and gives no reason', async () => {
    renderUi(<ListLoading />);
    await act(() => {
      started();
      return Promise.resolve();
    });
    await act(() => vi.advanceTimersByTimeAsync(LONG_MS));
    expect(text('items-loading-text')).toBe('Loading articles…');
    expect(text('items-loading-why')).toBeNull();
  });

  it('speaks Simplified Chinese', async () => {
    act(() => updateSettings('general', { language: 'zh-CN' }));
    renderUi(<ListLoading />);
    await act(() => vi.advanceTimersByTimeAsync(LONG_MS));
    expect(text('items-loading-text')).toBe('正在打开你的文章库…');
    expect(text('items-loading-why')).toContain('你的文章都在');
  });
});
