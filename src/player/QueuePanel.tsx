import { ActionIcon, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useT } from '../i18n';
import { clock } from './PlayerControls';
import { getPlayer, usePlayer } from './player';
import { clearQueueWithUndo } from './queueActions';
import classes from './player.module.css';

/** The queue: play an entry now, move it up or down, remove it, or clear everything (Undo). */
export function QueuePanel() {
  const t = useT();
  const queue = usePlayer((s) => s.queue);
  const player = getPlayer();
  return (
    <Stack gap={6} data-testid="player-queue">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('player.upNext')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          disabled={queue.length === 0}
          onClick={clearQueueWithUndo}
          data-testid="player-queue-clear"
        >
          {t('player.clearQueue')}
        </Button>
      </Group>
      {queue.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="player-queue-empty">
          {t('player.queueEmpty')}
        </Text>
      ) : (
        <ol className={classes.queue}>
          {queue.map((ep, i) => {
            const title = ep.title || t('common.untitled');
            return (
              <li
                key={ep.itemId}
                className={classes.queueRow}
                data-testid="player-queue-entry"
                data-item={ep.itemId}
              >
                <UnstyledButton
                  className={classes.queueTitle}
                  onClick={() => player.play(ep)}
                  aria-label={t('player.playNow', { title })}
                  // The opened queue's focus starts on its first episode, not on Clear queue.
                  data-autofocus={i === 0 || undefined}
                  data-testid="player-queue-play"
                >
                  <Text size="sm" lineClamp={1}>
                    {title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {ep.feedTitle}
                    {ep.duration > 0 ? ` · ${clock(ep.duration)}` : ''}
                  </Text>
                </UnstyledButton>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => player.move(i, i - 1)}
                  aria-label={t('player.moveUp', { title })}
                  data-testid="player-queue-up"
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  disabled={i === queue.length - 1}
                  onClick={() => player.move(i, i + 1)}
                  aria-label={t('player.moveDown', { title })}
                  data-testid="player-queue-down"
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => player.remove(ep.itemId)}
                  aria-label={t('player.remove', { title })}
                  data-testid="player-queue-remove"
                >
                  <IconX size={14} />
                </ActionIcon>
              </li>
            );
          })}
        </ol>
      )}
    </Stack>
  );
}
