import { renderUi } from './testing/render';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaPlayer, formatDuration, isPlayable } from './MediaPlayer';
import { loadPosition, MEDIA_POS_KEY, MEDIA_POS_LIMIT, savePosition } from './mediaPositions';
import type { Enclosure } from '../../worker/types';

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

describe('MediaPlayer', () => {
  function media(): HTMLMediaElement {
    return screen.getByTestId('reader-media').querySelector('audio, video')!;
  }

  it('restores the saved position when metadata loads', () => {
    savePosition(5, 120);
    renderUi(<MediaPlayer itemId={5} enclosure={audio} />);
    const el = media();
    Object.defineProperty(el, 'duration', { value: 3600, configurable: true });
    fireEvent(el, new Event('loadedmetadata'));
    expect(el.currentTime).toBe(120);
  });

  it('saves on pause, every ~5 s while playing, and on unmount', () => {
    vi.useFakeTimers();
    const view = renderUi(<MediaPlayer itemId={6} enclosure={audio} />);
    const el = media();
    Object.defineProperty(el, 'duration', { value: 3600, configurable: true });
    el.currentTime = 30;
    fireEvent(el, new Event('pause'));
    expect(loadPosition(6)).toBe(30);
    el.currentTime = 33;
    vi.advanceTimersByTime(2000);
    fireEvent(el, new Event('timeupdate'));
    expect(loadPosition(6)).toBe(30);
    vi.advanceTimersByTime(3500);
    fireEvent(el, new Event('timeupdate'));
    expect(loadPosition(6)).toBe(33);
    el.currentTime = 40;
    view.unmount();
    expect(loadPosition(6)).toBe(40);
    vi.useRealTimers();
  });

  it('forgets the position of a finished episode', () => {
    savePosition(8, 100);
    renderUi(<MediaPlayer itemId={8} enclosure={audio} />);
    const el = media();
    Object.defineProperty(el, 'duration', { value: 200, configurable: true });
    el.currentTime = 195;
    fireEvent(el, new Event('ended'));
    expect(loadPosition(8)).toBe(0);
  });

  it('uses a video element for video enclosures and shows known durations', () => {
    renderUi(<MediaPlayer itemId={9} enclosure={{ ...audio, type: 'video/mp4', duration: 65 }} />);
    expect(media().tagName).toBe('VIDEO');
    expect(screen.getByTestId('reader-media-duration').textContent).toBe('Duration 1:05');
  });
});

describe('helpers', () => {
  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
  it('knows what it can play', () => {
    expect(isPlayable(audio)).toBe(true);
    expect(isPlayable({ ...audio, type: 'application/pdf' })).toBe(false);
    expect(isPlayable({ ...audio, url: '' })).toBe(false);
    expect(isPlayable(null)).toBe(false);
  });
});
