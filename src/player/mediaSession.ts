/**
 * The player on the system's media controls (keyboard media keys, lock screen, headset buttons,
 * notification shade) through the Media Session API: metadata of the current episode, the
 * action handlers, and the position state. A no-op where the API is missing.
 */
import { BACK_S, FORWARD_S, type Player, type PlayerState } from './playerStore';

type Session = Pick<MediaSession, 'metadata' | 'playbackState' | 'setActionHandler' | 'setPositionState'>;

/** Position state is extrapolated by the system; refresh it at most this often while playing. */
const POSITION_EVERY_MS = 5000;

/**
 * Mirrors `player` into `session` (default `navigator.mediaSession`) until the returned function
 * is called. `makeMetadata` exists for tests (MediaMetadata is a browser constructor).
 */
export function bindMediaSession(
  player: Player,
  session: Session | undefined = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined,
  makeMetadata: (init: MediaMetadataInit) => MediaMetadata | null = (init) =>
    typeof MediaMetadata === 'undefined' ? null : new MediaMetadata(init),
): () => void {
  if (!session) return () => {};
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => player.resume()],
    ['pause', () => player.pause()],
    ['seekbackward', (d) => player.skip(-(d.seekOffset ?? BACK_S))],
    ['seekforward', (d) => player.skip(d.seekOffset ?? FORWARD_S)],
    ['seekto', (d) => d.seekTime !== undefined && player.seek(d.seekTime)],
    ['previoustrack', () => player.previous()],
    ['nexttrack', () => player.next()],
    ['stop', () => player.close()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // This browser does not know the action.
    }
  }

  let last: PlayerState | null = null;
  let positionAt = 0;
  const sync = (): void => {
    const s = player.getState();
    const prev = last;
    last = s;
    if (s.current !== prev?.current) {
      const ep = s.current;
      session.metadata = ep
        ? makeMetadata({
            title: ep.title,
            artist: ep.feedTitle,
            album: ep.feedTitle,
            artwork: ep.image ? [{ src: ep.image, sizes: '512x512' }] : [],
          })
        : null;
    }
    session.playbackState = !s.current ? 'none' : s.playing ? 'playing' : 'paused';
    const jumped = prev ? Math.abs(s.time - prev.time) > 2 : true;
    const changed =
      !prev || s.rate !== prev.rate || s.duration !== prev.duration || s.playing !== prev.playing;
    if (s.current && s.duration > 0 && (changed || jumped || Date.now() - positionAt > POSITION_EVERY_MS)) {
      positionAt = Date.now();
      try {
        session.setPositionState({
          duration: s.duration,
          playbackRate: s.rate,
          position: Math.min(s.time, s.duration),
        });
      } catch {
        // Inconsistent values during a switch; the next change sets it right.
      }
    }
  };
  sync();
  const unsubscribe = player.subscribe(sync);
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // Unknown action.
      }
    }
    session.metadata = null;
  };
}
