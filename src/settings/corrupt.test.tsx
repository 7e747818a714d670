/**
 * Settings that could not be read: each corrupt or mistyped shape keeps every usable value,
 * resets only what is not, and the person is told which settings were reset (with the saved
 * copy offered when the app has one).
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRefreshInterval } from '../../shared/refreshInterval';
import { SettingsNotice, resetNames } from '../pwa/SettingsNotice';
import { renderUi } from '../reader/testing/render';
import { SETTINGS_FONT_STACK_FOR_TESTS, stored } from './corruptShapes';
import { defaultSettings } from './defaults';
import { checkSettings } from './merge';
import { SAVED_COPY_KEY, SETTINGS_KEY, SettingsStore, readSettingsReport } from './store';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Stores `value` (text as is, anything else as JSON) and reads it back. */
function read(value: unknown) {
  localStorage.setItem(SETTINGS_KEY, typeof value === 'string' ? value : JSON.stringify(value));
  return readSettingsReport(localStorage, () => 42);
}

describe('each corrupt shape keeps what is valid and says what was reset', () => {
  it('mistyped values: only those reset, every other stored value kept', () => {
    const { settings, problem } = read(
      stored({ general: { refreshInterval: '60' }, appearance: { fontSize: 'big' } }),
    );
    expect(settings.general).toMatchObject({ startPage: 'all', retentionDays: 45, refreshInterval: 1800 });
    expect(settings.appearance).toMatchObject({ fontFamily: SETTINGS_FONT_STACK_FOR_TESTS, fontSize: 14 });
    expect(settings.automation.filters).toEqual([
      { id: 'f-1', name: 'Rivers', query: 'title:river', createdAt: 1 },
    ]);
    expect(problem).toMatchObject({
      unreadable: false,
      reset: ['general.refreshInterval', 'appearance.fontSize'],
      backupKey: `${SETTINGS_KEY}.backup-42`,
    });
  });

  it('a refresh interval the engine would refuse (0, too short, too long) is reset, one rule for both', () => {
    for (const bad of [0, 30, 59.5, 999_999, -1800]) {
      const { settings, problem } = read(stored({ general: { refreshInterval: bad } }));
      expect(settings.general.refreshInterval).toBe(1800);
      expect(problem?.reset).toEqual(['general.refreshInterval']);
      expect(isRefreshInterval(bad)).toBe(false);
      localStorage.clear();
    }
    for (const good of [60, 300, 86_400]) {
      const { settings, problem } = read(stored({ general: { refreshInterval: good } }));
      expect(settings.general.refreshInterval).toBe(good);
      expect(problem).toBeNull();
      expect(isRefreshInterval(good)).toBe(true);
    }
  });

  it('values outside an enum, wrong-typed booleans and non-finite numbers', () => {
    const { settings, problem } = read(
      stored({
        general: { startPage: 'home', autoRead: 'yes' },
        appearance: { themeMode: 'purple', sidebarWidth: null },
      }),
    );
    expect(settings.general.startPage).toBe('welcome');
    expect(settings.general.autoRead).toBe(true);
    expect(settings.general.retentionDays).toBe(45);
    expect(settings.appearance.fontFamily).toBe(SETTINGS_FONT_STACK_FOR_TESTS);
    expect(problem?.reset.sort()).toEqual(
      ['general.startPage', 'general.autoRead', 'appearance.themeMode', 'appearance.sidebarWidth'].sort(),
    );
  });

  it('a group that is not an object: that group reset, the others kept', () => {
    const { settings, problem } = read(stored({ appearance: 'dark' }));
    expect(settings.appearance).toEqual(defaultSettings().appearance);
    expect(settings.general.startPage).toBe('all');
    expect(settings.automation.filters).toHaveLength(1);
    expect(problem?.reset).toContain('appearance.fontSize');
    expect(problem?.reset.every((p) => p.startsWith('appearance.'))).toBe(true);
  });

  it('saved filters: broken entries dropped, good ones kept', () => {
    const { settings, problem } = read(
      stored({
        automation: {
          filters: [{ id: 'f-1', name: 'Rivers' }, { name: 'no id' }, 'x', { id: 'f-1', name: 'again' }],
        },
      }),
    );
    expect(settings.automation.filters).toEqual([{ id: 'f-1', name: 'Rivers' }]);
    expect(problem?.reset).toEqual(['automation.filters']);
  });

  it('text that is not JSON, or JSON that is not an object: defaults, told it was unreadable, text kept', () => {
    for (const text of ['{"general": {"startPage": "all"', 'null', '[1,2]', '"settings"', '']) {
      localStorage.clear();
      const { settings, problem } = read(text);
      expect(settings).toEqual(defaultSettings());
      expect(problem).toMatchObject({ unreadable: true, reset: ['*'], raw: text });
      expect(localStorage.getItem(problem!.backupKey!)).toBe(text);
    }
  });

  it('unknown keys are not settings: dropped without a word', () => {
    const { settings, problem } = read({ general: { startPage: 'all', futureKey: 1 }, extra: {} });
    expect(settings.general.startPage).toBe('all');
    expect(problem).toBeNull();
  });

  it('told once: the repaired settings replace the text, which is backed up once', () => {
    read(stored({ appearance: { fontSize: 'big' } }));
    expect(readSettingsReport(localStorage, () => 43).problem).toBeNull();
    localStorage.setItem(SETTINGS_KEY, 'garbage');
    localStorage.setItem(`${SETTINGS_KEY}.backup-1`, 'garbage');
    expect(readSettingsReport(localStorage, () => 44).problem?.backupKey).toBe(`${SETTINGS_KEY}.backup-1`);
    expect(localStorage.getItem(`${SETTINGS_KEY}.backup-44`)).toBeNull();
  });
});

describe('the saved copy', () => {
  it('is the last settings the app saved, offered and restored after a bad read', () => {
    const store = new SettingsStore(localStorage, () => 1000);
    store.update('appearance', { fontSize: 18, themeMode: 'dark' });
    store.update('general', { startPage: 'saved' });
    localStorage.setItem(SETTINGS_KEY, '{"appearance": {"fontSize": 18');
    const next = new SettingsStore(localStorage, () => 2000);
    expect(next.getSnapshot()).toEqual(defaultSettings());
    expect(next.problem?.saved).toMatchObject({ savedAt: 1000 });
    expect(next.restoreSavedCopy()).toBe(true);
    expect(next.getSnapshot().appearance).toMatchObject({ fontSize: 18, themeMode: 'dark' });
    expect(next.getSnapshot().general.startPage).toBe('saved');
    expect(next.problem).toBeNull();
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual(next.getSnapshot());
  });

  it('is not offered when it equals what is in force, nor when it is itself unusable', () => {
    new SettingsStore(localStorage).update('general', { startPage: 'all' });
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ general: { startPage: 'all', autoRead: 'no' } }));
    expect(new SettingsStore(localStorage).problem?.saved).toBeNull();
    localStorage.setItem(SAVED_COPY_KEY, '{"savedAt": 1, "settings": {"general": {"startPage": 7}}}');
    localStorage.setItem(SETTINGS_KEY, 'garbage');
    expect(new SettingsStore(localStorage).problem?.saved).toBeNull();
  });
});

describe('the notice', () => {
  it('names the reset settings as Settings shows them and offers the saved copy', () => {
    const store = new SettingsStore(localStorage, () => Date.UTC(2026, 10, 1));
    store.update('general', { startPage: 'all' });
    store.update('appearance', { fontSize: 18 });
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ general: { startPage: 'all', refreshInterval: 0 }, appearance: { fontSize: 'big' } }),
    );
    const problem = new SettingsStore(localStorage).problem!;
    expect(resetNames(problem)).toEqual(['Refresh every', 'Font size']);
    renderUi(<SettingsNotice problem={problem} />);
    expect(
      screen.getByText(
        /These were reset to their defaults: Refresh every, Font size\. Everything else is as you left it\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Saved copy from Nov 1, 2026/)).toBeTruthy();
    expect(screen.getByTestId('settings-restore-copy')).toBeTruthy();
    expect(screen.getByTestId('settings-notice-details').textContent).toContain('"refreshInterval":0');
    fireEvent.click(screen.getByTestId('settings-keep'));
  });

  it('says when everything was unreadable, and has no restore button without a copy', () => {
    localStorage.setItem(SETTINGS_KEY, '{oops');
    const problem = new SettingsStore(localStorage).problem!;
    renderUi(<SettingsNotice problem={problem} />);
    expect(screen.getByText(/The saved settings were unreadable/)).toBeTruthy();
    expect(screen.queryByTestId('settings-restore-copy')).toBeNull();
  });

  it('checkSettings reports nothing for defaults', () => {
    expect(checkSettings(defaultSettings()).reset).toEqual([]);
  });
});
