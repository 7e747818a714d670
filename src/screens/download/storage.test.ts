import { describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../../settings/useSettings';
import { askPersistence, formatBytes, readStorage } from './storage';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [999, '999 bytes'],
    [1536, '1.5 KB'],
    [12_345_678, '12.3 MB'],
    [250_000_000_000, '250 GB'],
    [null, 'unknown'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes, 'en-US')).toBe(text);
  });

  it('in Chinese: bytes and "unknown" in Chinese too', () => {
    updateSettings('general', { language: 'zh-CN' });
    try {
      expect(formatBytes(0, 'zh-CN')).toBe('0字节');
      expect(formatBytes(1536, 'zh-CN')).toBe('1.5 KB');
      expect(formatBytes(null, 'zh-CN')).toBe('未知');
    } finally {
      resetSettings('general');
    }
  });
});

describe('readStorage / askPersistence', () => {
  it('reports what the browser says', async () => {
    const storage = {
      estimate: () => Promise.resolve({ usage: 10, quota: 100 }),
      persisted: () => Promise.resolve(true),
      persist: () => Promise.resolve(true),
    } as unknown as StorageManager;
    expect(await readStorage(storage)).toEqual({ usage: 10, quota: 100, persisted: true });
    expect(await askPersistence(storage)).toBe(true);
  });

  it('turns failures and missing APIs into unknown / false', async () => {
    const broken = {
      estimate: () => Promise.reject(new Error('no')),
      persisted: () => Promise.reject(new Error('no')),
      persist: () => Promise.reject(new Error('no')),
    } as unknown as StorageManager;
    expect(await readStorage(broken)).toEqual({ usage: null, quota: null, persisted: null });
    expect(await askPersistence(broken)).toBe(false);
    expect(await readStorage(undefined)).toEqual({ usage: null, quota: null, persisted: null });
    expect(await askPersistence({} as StorageManager)).toBe(false);
  });
});
