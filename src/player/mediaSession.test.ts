import { beforeEach, describe, expect, it } from 'vitest';
import type { Episode } from './episode';
import { bindMediaSession } from './mediaSession';
import { createPlayer } from './playerStore';

function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const positions: MediaPositionState[] = [];
  const session = {
    metadata: null as MediaMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    setActionHandler: (a: MediaSessionAction, h: MediaSessionActionHandler | null) => void handlers.set(a, h),
    setPositionState: (p?: MediaPositionState) => void (p && positions.push(p)),
  };
  return { session, handlers, positions };
}

function fakeMedia(kind: 'audio' | 'video'): HTMLMediaElement {
  const el = document.createElement(kind);
  let paused = true;
  Object.defineProperty(el, 'paused', { get: () => paused });
  el.play = () => {
    paused = false;
    el.dispatchEvent(new Event('play'));
    return Promise.resolve();
  };
  el.pause = () => {
    paused = true;
    el.dispatchEvent(new Event('pause'));
  };
  el.load = () => {};
  return el;
}

const ep: Episode = {
  itemId: 1,
  feedId: 2,
  title: 'Tides',
  feedTitle: 'Sea Show',
  url: 'https://cdn.example/1.mp3',
  type: 'audio/mpeg',
  image: 'https://cdn.example/art.jpg',
  duration: 300,
};

beforeEach(() => localStorage.clear());

describe('bindMediaSession', () => {
  it('publishes metadata, state and position, and routes the system actions to the player', () => {
    const player = createPlayer({ createMedia: fakeMedia });
    const { session, handlers, positions } = fakeSession();
    const unbind = bindMediaSession(player, session, (init) => init as unknown as MediaMetadata);
    expect(session.playbackState).toBe('none');
    player.play(ep);
    expect(session.metadata).toMatchObject({
      title: 'Tides',
      artist: 'Sea Show',
      artwork: [{ src: ep.image }],
    });
    expect(session.playbackState).toBe('playing');
    expect(positions.at(-1)).toEqual({ duration: 300, playbackRate: 1, position: 0 });
    for (const a of [
      'play',
      'pause',
      'seekbackward',
      'seekforward',
      'seekto',
      'previoustrack',
      'nexttrack',
    ]) {
      expect(handlers.get(a), a).toBeTypeOf('function');
    }
    handlers.get('pause')!({ action: 'pause' });
    expect(session.playbackState).toBe('paused');
    handlers.get('seekto')!({ action: 'seekto', seekTime: 100 });
    handlers.get('seekforward')!({ action: 'seekforward' });
    expect(player.getState().time).toBe(130);
    handlers.get('seekbackward')!({ action: 'seekbackward', seekOffset: 10 });
    expect(player.getState().time).toBe(120);
    unbind();
    expect(handlers.get('play')).toBeNull();
    expect(session.metadata).toBeNull();
  });
});
