/**
 * Queue actions that start from an article id (the list's menu has rows, not bodies): load the
 * item and its feed's title, then hand the episode to the player, with a toast that says what
 * happened. Clearing the queue offers Undo.
 */
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { feedsQuery } from '../queries/feeds';
import { itemQuery } from '../queries/items';
import { queryClient } from '../queries/queryClient';
import { episodeFromItem, type Episode } from './episode';
import { getPlayer } from './player';

/** The episode of article `id`, or null when it has nothing playable. */
export async function episodeOf(id: number): Promise<Episode | null> {
  const [item, feeds] = await Promise.all([
    queryClient.fetchQuery(itemQuery(id)),
    queryClient.fetchQuery(feedsQuery()),
  ]);
  if (!item) return null;
  return episodeFromItem(item, feeds.find((f) => f.id === item.feedId)?.title ?? '');
}

/** Queues an episode at the end (`add`) or first (`next`) and says so. */
export function queueEpisode(ep: Episode, mode: 'add' | 'next'): void {
  const player = getPlayer();
  if (mode === 'next') player.playNext(ep);
  else player.enqueue(ep);
  const title = ep.title || t('common.untitled');
  notifications.show({
    message: mode === 'next' ? t('player.playNextToast', { title }) : t('player.queuedToast', { title }),
  });
}

/** Queues article `id`; tells the user when it has no media or could not be loaded. */
export async function queueItem(id: number, mode: 'add' | 'next'): Promise<void> {
  try {
    const ep = await episodeOf(id);
    if (ep) queueEpisode(ep, mode);
    else notifications.show({ color: 'orange', message: t('player.notPlayable') });
  } catch (err) {
    notifications.show({ color: 'red', message: errorText(err) });
  }
}

/** Empties the queue, with an Undo that puts the same episodes back in the same order. */
export function clearQueueWithUndo(): void {
  const player = getPlayer();
  const before = player.getState().queue;
  if (before.length === 0) return;
  player.clearQueue();
  const id = `player-queue-cleared-${Date.now()}`;
  const undo = () => {
    player.setQueue(before);
    notifications.hide(id);
  };
  notifications.show({
    id,
    autoClose: 8000,
    message: (
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <span>{t('player.queueCleared', { count: before.length })}</span>
        <Button size="compact-xs" variant="light" onClick={undo} data-testid="player-queue-undo">
          {t('player.undo')}
        </Button>
      </Group>
    ),
  });
}
