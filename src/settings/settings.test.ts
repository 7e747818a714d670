import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_GROUPS, defaultSettings } from './defaults';
import { mergeSettings } from './merge';
import { SETTINGS_KEY, SettingsStore, followOtherTabs, readSettings } from './store';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('defaults', () => {
  it('has exactly the documented values', () => {
    const d = defaultSettings();
    expect(d.general).toEqual({
      startPage: 'welcome',
      defaultView: 'auto',
      hideReadArticles: true,
      autoRead: true,
      markReadOnScroll: false,
      swipeArticles: true,
      autoRefresh: true,
      refreshInterval: 1800,
      pullDataFail: false,
      enableListAISummary: false,
      retentionDays: 0,
      language: 'auto',
      allowPrivateNetworks: false,
      notifications: false,
      appBadge: true,
    });
    const { fontFamily, ...appearance } = d.appearance;
    expect(fontFamily).toMatch(/sans-serif$/);
    expect(appearance).toEqual({
      themeMode: 'system',
      themeColor: '2, 114, 203',
      codeFont: 'mono',
      fontSize: 14,
      density: 'default',
      lessAnimation: false,
      hideSidebar: false,
      sidebarWidth: 256,
    });
    expect(d.integrated).toEqual({
      apiUrl: '',
      apiKey: '',
      summaryPrompt: '',
      isApiValid: false,
      lastTestTime: '',
      selectedModel: 'gpt-4o-mini',
      useRelay: false,
      translateTo: 'ui',
      aiOffNote: true,
    });
    expect(d.automation).toEqual({ filters: [], tagRenames: '' });
    expect(Object.keys(d)).toEqual([...SETTINGS_GROUPS]);
  });

  it('returns a fresh copy each time', () => {
    const a = defaultSettings();
    a.automation.filters.push({ id: 'x' });
    expect(defaultSettings().automation.filters).toEqual([]);
  });
});

describe('mergeSettings', () => {
  it('keeps stored values over defaults, per key', () => {
    const s = mergeSettings({ general: { startPage: 'all' }, appearance: { fontSize: 18 } });
    expect(s.general.startPage).toBe('all');
    expect(s.general.autoRead).toBe(true);
    expect(s.appearance.fontSize).toBe(18);
    expect(s.appearance.themeMode).toBe('system');
  });

  it('settings stored before scroll marking was its own setting get it off, autoRead kept', () => {
    // Until then autoRead meant both "when opened" and "when scrolled past".
    for (const autoRead of [true, false]) {
      const s = mergeSettings({ general: { autoRead, hideReadArticles: false } });
      expect(s.general).toMatchObject({ autoRead, markReadOnScroll: false, hideReadArticles: false });
    }
    expect(mergeSettings({ general: { markReadOnScroll: true } }).general.markReadOnScroll).toBe(true);
    expect(mergeSettings({ general: { markReadOnScroll: 'yes' } }).general.markReadOnScroll).toBe(false);
  });

  it('drops unknown groups and keys', () => {
    const s = mergeSettings({ general: { bogus: 1 }, extra: { a: 1 } });
    expect(s).toEqual(defaultSettings());
    expect('bogus' in s.general).toBe(false);
    expect('extra' in s).toBe(false);
  });

  it('falls back to the default for wrong types, non-finite numbers and unknown enum values', () => {
    const s = mergeSettings({
      general: { hideReadArticles: 'yes', refreshInterval: '60' },
      appearance: { fontSize: null, sidebarWidth: Number.NaN, themeMode: 'purple', density: 'compact' },
      integrated: { apiKey: 42 },
    });
    expect(s.general.hideReadArticles).toBe(true);
    expect(s.general.refreshInterval).toBe(1800);
    expect(s.appearance.fontSize).toBe(14);
    expect(s.appearance.sidebarWidth).toBe(256);
    expect(s.appearance.themeMode).toBe('system');
    expect(s.appearance.density).toBe('compact');
    expect(s.integrated.apiKey).toBe('');
  });

  it('keeps only filter entries with an id, and only known fields', () => {
    const s = mergeSettings({
      automation: {
        filters: [
          { id: 'a', name: 'A', query: 'x', createdAt: 5, junk: 1 },
          { name: 'no id' },
          3,
          { id: '' },
        ],
      },
    });
    expect(s.automation.filters).toEqual([{ id: 'a', name: 'A', query: 'x', createdAt: 5 }]);
    expect(mergeSettings({ automation: { filters: 'nope' } }).automation.filters).toEqual([]);
  });

  it('keeps retention days only within 0..3650', () => {
    expect(mergeSettings({ general: { retentionDays: 30 } }).general.retentionDays).toBe(30);
    for (const bad of [-1, 99999, '30', Number.POSITIVE_INFINITY])
      expect(mergeSettings({ general: { retentionDays: bad } }).general.retentionDays).toBe(0);
  });

  it('keeps a known language and falls back to auto for anything else', () => {
    for (const lang of ['auto', 'en', 'zh-CN'])
      expect(mergeSettings({ general: { language: lang } }).general.language).toBe(lang);
    for (const bad of ['zh', 'fr', 'ZH-CN', '', 3, null])
      expect(mergeSettings({ general: { language: bad } }).general.language).toBe('auto');
  });

  it('returns defaults for non-objects', () => {
    for (const v of [null, 3, 'str', [], undefined]) expect(mergeSettings(v)).toEqual(defaultSettings());
    expect(mergeSettings({ general: [] })).toEqual(defaultSettings());
  });
});

describe('readSettings', () => {
  it('returns defaults when nothing is stored', () => {
    expect(readSettings(localStorage)).toEqual(defaultSettings());
  });

  it('backs up corrupt JSON, warns, and returns defaults', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(SETTINGS_KEY, '{"general": {oops');
    expect(readSettings(localStorage, () => 1234)).toEqual(defaultSettings());
    expect(localStorage.getItem(`${SETTINGS_KEY}.backup-1234`)).toBe('{"general": {oops');
    expect(warn).toHaveBeenCalledOnce();
    // Once backed up, the defaults replace the corrupt text, so the next load adds no backup.
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '')).toEqual(defaultSettings());
    readSettings(localStorage, () => 5678);
    expect(localStorage.getItem(`${SETTINGS_KEY}.backup-5678`)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('keeps the corrupt text in place when the backup cannot be written', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = new Map<string, string>([[SETTINGS_KEY, 'not json']]);
    const full = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(readSettings(full)).toEqual(defaultSettings());
    expect(data.get(SETTINGS_KEY)).toBe('not json');
  });
});

describe('SettingsStore', () => {
  it('saves updates, notifies subscribers and survives a reload', () => {
    const store = new SettingsStore(localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.update('appearance', { themeMode: 'dark', fontSize: 16 });
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().general).toBe(before.general);
    expect(new SettingsStore(localStorage).getSnapshot().appearance.themeMode).toBe('dark');
    unsubscribe();
    store.update('appearance', { fontSize: 12 });
    expect(listener).toHaveBeenCalledOnce();
  });

  it.each(SETTINGS_GROUPS)('resets the %s group to defaults and saves it, leaving other groups', (group) => {
    const store = new SettingsStore(localStorage);
    store.update('general', { startPage: 'all', refreshInterval: 60 });
    store.update('appearance', { themeMode: 'dark', sidebarWidth: 300 });
    store.update('integrated', { apiKey: 'secret', apiUrl: 'https://x' });
    store.update('automation', { filters: [{ id: 'f1', name: 'F' }] });
    const changed = store.getSnapshot();
    store.reset(group);
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Record<string, unknown>;
    expect(saved[group]).toEqual(defaultSettings()[group]);
    expect(store.getSnapshot()[group]).toEqual(defaultSettings()[group]);
    for (const other of SETTINGS_GROUPS.filter((g) => g !== group)) {
      expect(store.getSnapshot()[other]).toEqual(changed[other]);
      expect(saved[other]).toEqual(changed[other]);
    }
  });

  it('follows writes from other tabs through the storage event', () => {
    const store = new SettingsStore(localStorage);
    const stop = followOtherTabs(store);
    const listener = vi.fn();
    store.subscribe(listener);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ appearance: { density: 'compact' } }));
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_KEY }));
    expect(store.getSnapshot().appearance.density).toBe('compact');
    expect(listener).toHaveBeenCalledOnce();
    // An unrelated key does not trigger a reload.
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(listener).toHaveBeenCalledOnce();
    stop();
    localStorage.setItem(SETTINGS_KEY, '{}');
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_KEY }));
    expect(store.getSnapshot().appearance.density).toBe('compact');
  });

  it('keeps working in memory when saving fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const store = new SettingsStore(full);
    store.update('general', { autoRead: false });
    expect(store.getSnapshot().general.autoRead).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
