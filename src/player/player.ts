/**
 * The app's one player (created on first use, so modules that merely import it cost nothing)
 * and the hook views read it with.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { fetchJsonChapters } from './chaptersJson';
import { createPlayer, type Player, type PlayerState } from './playerStore';

let instance: Player | null = null;

/** The player of this tab. */
export function getPlayer(): Player {
  instance ??= createPlayer({ loadChapters: fetchJsonChapters });
  return instance;
}

/**
 * A slice of the player state; the component re-renders when the slice changes (by `Object.is`),
 * so select primitives or stored references, not new objects.
 */
export function usePlayer<T>(select: (s: PlayerState) => T): T {
  const player = getPlayer();
  const get = useCallback(() => select(player.getState()), [player, select]);
  return useSyncExternalStore(player.subscribe, get, get);
}
