import { beforeEach, describe, expect, it } from 'vitest';
import type { Enclosure } from '../../worker/types';
import { isPlayable } from './episode';
import { clock } from './PlayerControls';
import { loadPosition, MEDIA_POS_KEY, MEDIA_POS_LIMIT, savePosition } from './positions';

const audio: Enclosure = {
  url: 'https://cdn.example/ep.mp3',
  type: 'audio/mpeg',
  length: 0,
  duration: 0,
  image: '',
};

beforeEach(() => localStorage.clear());

describe('mediaPositions', () => {
  it('saves, loads and forgets positions', () => {
    savePosition(1, 42.345);
    expect(loadPosition(1)).toBe(42.3);
    savePosition(1, 0);
    expect(loadPosition(1)).toBe(0);
    expect(loadPosition(999)).toBe(0);
  });
  it('keeps only the 500 most recently saved items', () => {
    for (let i = 0; i < MEDIA_POS_LIMIT + 20; i++) savePosition(i, 10, 1000 + i);
    const map = JSON.parse(localStorage.getItem(MEDIA_POS_KEY)!) as Record<string, unknown>;
    expect(Object.keys(map)).toHaveLength(MEDIA_POS_LIMIT);
    expect(loadPosition(0)).toBe(0);
    expect(loadPosition(MEDIA_POS_LIMIT + 19)).toBe(10);
  });
  it('survives corrupt storage', () => {
    localStorage.setItem(MEDIA_POS_KEY, '{not json');
    expect(loadPosition(1)).toBe(0);
    savePosition(1, 5);
    expect(loadPosition(1)).toBe(5);
    localStorage.setItem(MEDIA_POS_KEY, '[1,2]');
    expect(loadPosition(1)).toBe(0);
  });
});

describe('helpers', () => {
  it('formats times as a clock', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(3725.7)).toBe('1:02:05');
    expect(clock(-3)).toBe('0:00');
  });
  it('knows what it can play', () => {
    expect(isPlayable(audio)).toBe(true);
    expect(isPlayable({ ...audio, type: 'video/mp4' })).toBe(true);
    expect(isPlayable({ ...audio, type: 'application/pdf' })).toBe(false);
    expect(isPlayable({ ...audio, url: '' })).toBe(false);
    expect(isPlayable(null)).toBe(false);
  });
});
