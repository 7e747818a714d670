import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../settings/defaults';
import { applyRestoredSettings, backupFileName, settingsForBackup } from './backupFile';

describe('settingsForBackup', () => {
  it('leaves the AI key out unless asked', () => {
    const s = defaultSettings();
    s.integrated.apiKey = 'sk-secret';
    expect(settingsForBackup(s, false).integrated.apiKey).toBe('');
    expect(s.integrated.apiKey).toBe('sk-secret');
    expect(settingsForBackup(s, true).integrated.apiKey).toBe('sk-secret');
  });
});

describe('backupFileName', () => {
  it('uses the local date', () => {
    expect(backupFileName(new Date(2025, 0, 5, 23, 59))).toBe('rivulet-backup-2025-01-05.ndjson');
    expect(backupFileName(new Date(2025, 0, 5), 'before-restore')).toBe(
      'rivulet-backup-2025-01-05-before-restore.ndjson',
    );
  });
});

describe('applyRestoredSettings', () => {
  const current = () => {
    const s = defaultSettings();
    s.integrated.apiKey = 'mine';
    s.general.startPage = 'saved';
    s.automation.filters = [{ id: 'a', name: 'A', query: 'x' }];
    return s;
  };
  const restored = {
    general: { startPage: 'all', retentionDays: 30 },
    integrated: { apiKey: '' },
    automation: {
      filters: [
        { id: 'a', name: 'Other A' },
        { id: 'b', name: 'B', query: 'y' },
      ],
    },
  };

  it('replace: the backup wins, but an empty key keeps the current one', () => {
    const s = applyRestoredSettings(current(), restored, 'replace');
    expect(s.general.startPage).toBe('all');
    expect(s.general.retentionDays).toBe(30);
    expect(s.integrated.apiKey).toBe('mine');
    expect(s.automation.filters.map((f) => f.name)).toEqual(['Other A', 'B']);
    const withKey = applyRestoredSettings(current(), { integrated: { apiKey: 'theirs' } }, 'replace');
    expect(withKey.integrated.apiKey).toBe('theirs');
  });

  it('merge: only adds saved filters this browser lacks', () => {
    const s = applyRestoredSettings(current(), restored, 'merge');
    expect(s.general.startPage).toBe('saved');
    expect(s.automation.filters).toEqual([
      { id: 'a', name: 'A', query: 'x' },
      { id: 'b', name: 'B', query: 'y' },
    ]);
  });

  it('no settings in the file: nothing changes', () => {
    const c = current();
    expect(applyRestoredSettings(c, undefined, 'replace')).toBe(c);
    expect(applyRestoredSettings(c, null, 'merge')).toBe(c);
  });
});
