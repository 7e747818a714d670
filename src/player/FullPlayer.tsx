import { ActionIcon, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconPlaylistAdd,
  IconPlayerTrackNext,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Item } from '../../worker/types';
import { useImageUntilError } from '../components/useImageUntilError';
import { useT } from '../i18n';
import { episodeFromItem, isVideo, type Episode } from './episode';
import { MediaSlot } from './MediaSlot';
import { clock, SeekBar, SpeedMenu, TransportRow } from './PlayerControls';
import { getPlayer, usePlayer } from './player';
import { chapterAt } from './playerStore';
import { queueEpisode } from './queueActions';
import classes from './player.module.css';

/** Priority of the reader's video box: above the mini-player's. */
export const READER_SLOT = 2;

/**
 * The reader's view of the player for an article with audio or video. While that article's
 * episode is the one loaded it shows the full controls (and the video itself); otherwise a Play
 * button and the queue actions. Renders nothing for articles without playable media.
 */
export function FullPlayer({ item, feedTitle }: { item: Item; feedTitle: string }) {
  const episode = useMemo(() => episodeFromItem(item, feedTitle), [item, feedTitle]);
  const isCurrent = usePlayer((s) => s.current?.itemId === item.id);
  if (!episode) return null;
  return (
    <div className={classes.full} data-testid="reader-media" data-current={isCurrent || undefined}>
      {isCurrent ? <CurrentEpisode episode={episode} /> : <IdleEpisode episode={episode} />}
    </div>
  );
}

function Artwork({ episode }: { episode: Episode }) {
  // No artwork rather than a broken-image box when it cannot load (offline, a host gone).
  const { src, onError } = useImageUntilError(episode.image || undefined);
  if (!src) return null;
  return (
    <img
      className={classes.fullArt}
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      onError={onError}
      data-testid="reader-media-art"
    />
  );
}

function QueueActions({ episode }: { episode: Episode }) {
  const t = useT();
  const queued = usePlayer((s) => s.queue.some((q) => q.itemId === episode.itemId));
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlayerTrackNext size={14} />}
        onClick={() => queueEpisode(episode, 'next')}
        data-testid="reader-play-next"
      >
        {t('player.playNext')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlaylistAdd size={14} />}
        disabled={queued}
        onClick={() => queueEpisode(episode, 'add')}
        data-testid="reader-queue-add"
      >
        {queued ? t('player.inQueue') : t('player.addToQueue')}
      </Button>
    </>
  );
}

function IdleEpisode({ episode }: { episode: Episode }) {
  const t = useT();
  return (
    <Group gap="md" wrap="nowrap" align="center" className={classes.idle}>
      <Artwork episode={episode} />
      <div className={classes.idleBody}>
        <Group gap={8} wrap="wrap">
          <Button
            size="sm"
            radius="xl"
            leftSection={<IconPlayerPlayFilled size={16} />}
            onClick={() => getPlayer().play(episode)}
            data-testid="reader-play"
          >
            {t('player.play')}
          </Button>
          <QueueActions episode={episode} />
        </Group>
        {episode.duration > 0 && (
          <Text size="xs" c="dimmed" mt={6} data-testid="reader-media-duration">
            {t('player.duration', { time: clock(episode.duration) })}
          </Text>
        )}
      </div>
    </Group>
  );
}

function CurrentEpisode({ episode }: { episode: Episode }) {
  const t = useT();
  const error = usePlayer((s) => s.error);
  const video = isVideo(episode);
  return (
    <>
      {video ? (
        <MediaSlot priority={READER_SLOT} className={classes.fullVideo} testId="reader-video" />
      ) : null}
      <Group gap="md" wrap="nowrap" align="center" className={classes.fullRow}>
        {!video && <Artwork episode={episode} />}
        <div className={classes.fullControls}>
          <SeekBar testId="reader-player-seek" />
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <ChapterStep dir={-1} />
            <TransportRow testPrefix="reader-player" big />
            <ChapterStep dir={1} />
          </Group>
        </div>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert" mt={6}>
          {t('player.error')}
        </Text>
      )}
      <Group gap={8} mt={8} wrap="nowrap">
        <SpeedMenu testId="reader-player-speed" />
        <Text size="xs" c="dimmed" lineClamp={2}>
          {t('player.speedTip', { feed: episode.feedTitle || t('common.untitled') })}
        </Text>
      </Group>
      <EpisodeChapters />
    </>
  );
}

/** Previous / next chapter (or restart / next episode without chapters). */
function ChapterStep({ dir }: { dir: -1 | 1 }) {
  const t = useT();
  const label = dir < 0 ? t('player.previous') : t('player.next');
  const enabled = usePlayer(
    (s) => dir < 0 || s.queue.length > 0 || chapterAt(s.chapters, s.time) < s.chapters.length - 1,
  );
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        disabled={!enabled}
        onClick={() => (dir < 0 ? getPlayer().previous() : getPlayer().next())}
        data-testid={dir < 0 ? 'reader-player-prev' : 'reader-player-next'}
      >
        {dir < 0 ? <IconPlayerSkipBackFilled size={18} /> : <IconPlayerSkipForwardFilled size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** The episode's chapters, the playing one marked; a click plays from its start. */
function EpisodeChapters() {
  const t = useT();
  const chapters = usePlayer((s) => s.chapters);
  const at = usePlayer((s) => chapterAt(s.chapters, s.time));
  if (chapters.length === 0) return null;
  return (
    <nav aria-label={t('player.chapters')} className={classes.chapters} data-testid="player-chapters">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {t('player.chapters')}
      </Text>
      <ol>
        {chapters.map((c, i) => (
          <li key={c.start}>
            <UnstyledButton
              className={classes.chapter}
              aria-current={i === at ? 'true' : undefined}
              aria-label={t('player.chapterAt', { title: c.title, time: clock(c.start) })}
              onClick={() => {
                getPlayer().seek(c.start);
                getPlayer().resume();
              }}
              data-testid="player-chapter"
            >
              <span className={classes.chapterTime}>{clock(c.start)}</span>
              <span>{c.title}</span>
            </UnstyledButton>
          </li>
        ))}
      </ol>
    </nav>
  );
}
