import { ActionIcon, Popover, Text, Tooltip, UnstyledButton, Indicator } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconHeadphones, IconPlaylist, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useImageUntilError } from '../components/useImageUntilError';
import { useT } from '../i18n';
import { episodeHref, isVideo } from './episode';
import { MediaSlot } from './MediaSlot';
import { SeekBar, SpeedMenu, TransportRow } from './PlayerControls';
import { getPlayer, usePlayer } from './player';
import { chapterAt } from './playerStore';
import { clearQueueWithUndo } from './queueActions';
import { QueuePanel } from './QueuePanel';
import classes from './player.module.css';

/** Priority of the mini-player's video box; the reader's player uses a higher one. */
export const MINI_SLOT = 1;

/**
 * The player docked at the bottom of every screen while an episode is loaded (or queued). Its
 * height is published as `--rv-player-h` on <html> so the layout leaves room for it; it sits on
 * `--rv-bottom-nav-h` (the phone's bottom navigation bar, 0 when there is none).
 */
export function MiniPlayer() {
  const t = useT();
  const navigate = useNavigate();
  const current = usePlayer((s) => s.current);
  const queued = usePlayer((s) => s.queue.length);
  const error = usePlayer((s) => s.error);
  const chapter = usePlayer((s) => s.chapters[chapterAt(s.chapters, s.time)]?.title ?? '');
  const progress = usePlayer((s) => (s.duration > 0 ? Math.min(1, s.time / s.duration) : 0));
  const { ref, height } = useElementSize();
  // The headphones icon instead of a broken-image box when the artwork cannot load.
  const art = useImageUntilError(current?.image || undefined);
  const visible = current !== null || queued > 0;

  useEffect(() => {
    const root = document.documentElement.style;
    if (visible && height > 0) root.setProperty('--rv-player-h', `${Math.ceil(height)}px`);
    else root.removeProperty('--rv-player-h');
    return () => {
      root.removeProperty('--rv-player-h');
    };
  }, [visible, height]);

  if (!visible) return null;
  const player = getPlayer();
  const title = current ? current.title || t('common.untitled') : t('player.upNext');
  const sub = current ? [current.feedTitle, chapter].filter(Boolean).join(' · ') : '';

  return (
    <section ref={ref} className={classes.mini} aria-label={t('player.region')} data-testid="mini-player">
      <div className={classes.miniProgress} style={{ transform: `scaleX(${progress})` }} aria-hidden="true" />
      <div className={classes.miniArt}>
        {current && isVideo(current) ? (
          <MediaSlot priority={MINI_SLOT} className={classes.miniVideo} testId="mini-player-video" />
        ) : art.src ? (
          <img
            src={art.src}
            alt=""
            referrerPolicy="no-referrer"
            className={classes.miniImg}
            onError={art.onError}
          />
        ) : (
          <IconHeadphones size={22} className={classes.miniIcon} />
        )}
      </div>
      <UnstyledButton
        className={classes.miniText}
        disabled={!current}
        onClick={() => current && void navigate(episodeHref(current))}
        aria-label={current ? `${t('player.open')}: ${title}` : undefined}
        data-testid="mini-player-open"
      >
        <Text size="sm" fw={600} lineClamp={1} data-testid="mini-player-title">
          {title}
        </Text>
        <Text size="xs" c={error ? 'red' : 'dimmed'} lineClamp={1}>
          {error ? t('player.error') : sub}
        </Text>
      </UnstyledButton>
      <div className={classes.miniTransport}>
        <TransportRow testPrefix="mini-player" />
      </div>
      <div className={classes.miniSeek}>
        <SeekBar testId="mini-player-seek" compact />
      </div>
      <div className={classes.miniSpeed}>
        <SpeedMenu testId="mini-player-speed" />
      </div>
      <Popover position="top-end" width={380} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Tooltip label={t('player.queueTip', { count: queued })} openDelay={400}>
            <Indicator
              label={queued}
              size={16}
              disabled={queued === 0}
              offset={6}
              className={classes.miniQueue}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('player.queueTip', { count: queued })}
                data-testid="mini-player-queue"
              >
                <IconPlaylist size={20} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown className={classes.queueDropdown}>
          <QueuePanel />
        </Popover.Dropdown>
      </Popover>
      <Tooltip label={t('player.close')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.miniClose}
          aria-label={t('player.close')}
          onClick={() => (current ? player.close() : clearQueueWithUndo())}
          data-testid="mini-player-close"
        >
          <IconX size={18} />
        </ActionIcon>
      </Tooltip>
    </section>
  );
}
