import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsStore, updateSettings } from '../settings/useSettings';

const configureRefresh = vi.fn((_seconds: number) => Promise.resolve());
const configureRetention = vi.fn((_days: number) => Promise.resolve());
const configureFullText = vi.fn((_allowPrivate: boolean) => Promise.resolve());
const refreshDue = vi.fn(() => Promise.resolve(null));
vi.mock('./api', () => ({
  configureRefresh: (s: number) => configureRefresh(s),
  configureRetention: (d: number) => configureRetention(d),
  configureFullText: (a: boolean) => configureFullText(a),
  refreshDue: () => refreshDue(),
  getJob: () => Promise.resolve(null),
}));

const { RefreshScheduler } = await import('./RefreshScheduler');

afterEach(() => {
  act(() => updateSettings('general', { retentionDays: 0, autoRefresh: false, allowPrivateNetworks: false }));
  vi.clearAllMocks();
});

describe('RefreshScheduler', () => {
  it('tells the engine the retention policy at start and whenever the setting changes', () => {
    act(() => updateSettings('general', { retentionDays: 0, autoRefresh: false }));
    const view = render(<RefreshScheduler />);
    expect(configureRetention).toHaveBeenLastCalledWith(0);
    act(() => updateSettings('general', { retentionDays: 90 }));
    expect(configureRetention).toHaveBeenLastCalledWith(90);
    act(() => updateSettings('general', { retentionDays: 14 }));
    expect(configureRetention).toHaveBeenLastCalledWith(14);
    expect(settingsStore.getSnapshot().general.retentionDays).toBe(14);
    // Other settings do not re-send it.
    const calls = configureRetention.mock.calls.length;
    act(() => updateSettings('general', { refreshInterval: 3600 }));
    expect(configureRetention).toHaveBeenCalledTimes(calls);
    expect(configureRefresh).toHaveBeenLastCalledWith(3600);
    view.unmount();
  });

  it('tells the engine whether whole-article fetches may reach private networks', () => {
    const view = render(<RefreshScheduler />);
    expect(configureFullText).toHaveBeenLastCalledWith(false);
    act(() => updateSettings('general', { allowPrivateNetworks: true }));
    expect(configureFullText).toHaveBeenLastCalledWith(true);
    view.unmount();
  });

  it('a failed configure is logged, not thrown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureRetention.mockRejectedValueOnce(new Error('engine down'));
    const view = render(<RefreshScheduler />);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Rivulet: could not set the retention policy', expect.any(Error)),
    );
    warn.mockRestore();
    view.unmount();
  });
});
