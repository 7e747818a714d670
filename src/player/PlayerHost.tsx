import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorText } from '../i18n/errorText';
import { withEngine } from '../queries/engine';
import { bindKeys } from '../keys/keyMap';
import { useShortcuts } from '../reader/shortcuts';
import { bindMediaSession } from './mediaSession';
import { MiniPlayer } from './MiniPlayer';
import { getPlayer } from './player';

/**
 * Mounted once, in the shared layout: restores the last episode (paused), marks finished
 * episodes read, binds the system media controls, listens for `p` (play/pause from anywhere)
 * and shows the mini-player. The media element itself belongs to the player store, so it keeps
 * playing whatever the routes and the reader do.
 */
export function PlayerHost() {
  useEffect(() => {
    const player = getPlayer();
    player.setFinishedHandler((ep) => {
      withEngine((e) => e.state.markRead([ep.itemId], true)).catch((err: unknown) =>
        notifications.show({ color: 'red', message: errorText(err) }),
      );
    });
    player.restore();
    // Closing or reloading the tab while playing keeps the position to the second.
    const flush = () => player.flush();
    window.addEventListener('pagehide', flush);
    const unbind = bindMediaSession(player);
    return () => {
      window.removeEventListener('pagehide', flush);
      unbind();
    };
  }, []);

  useShortcuts(
    bindKeys('everywhere', {
      playPause: () => {
        const player = getPlayer();
        const s = player.getState();
        if (!s.current && s.queue.length === 0) return false;
        player.toggle();
      },
    }),
  );

  return <MiniPlayer />;
}
