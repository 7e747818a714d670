import { beforeEach, describe, expect, it } from 'vitest';
import { clearLegacy, hasLegacy, readLegacy } from './legacy';

beforeEach(() => localStorage.clear());

describe('legacy keys', () => {
  it('reads raw strings without parsing them', () => {
    localStorage.setItem('readfeeds', '{"1":[2,3]}');
    localStorage.setItem('sids', 'not json');
    const state = readLegacy(localStorage);
    expect(state).toEqual({ readfeeds: '{"1":[2,3]}', urids: null, sids: 'not json' });
    expect(hasLegacy(state)).toBe(true);
  });

  it('reports nothing to import when the keys are absent or storage throws', () => {
    expect(hasLegacy(readLegacy(localStorage))).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(readLegacy(broken)).toEqual({ readfeeds: null, urids: null, sids: null });
  });

  it('clears only the legacy keys', () => {
    for (const k of ['readfeeds', 'urids', 'sids', 'app-settings']) localStorage.setItem(k, 'x');
    clearLegacy(localStorage);
    expect(Object.keys(localStorage)).toEqual(['app-settings']);
  });
});
