/**
 * Controls shared by the mini-player and the reader's full player. Each reads the one player
 * and acts on it, so both views always agree.
 */
import { ActionIcon, Group, Loader, Menu, Slider, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRewindBackward15,
  IconRewindForward30,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n, useT } from '../i18n';
import { formatDurationIn } from '../i18n/format';
import { SPEEDS } from './episode';
import { getPlayer, usePlayer } from './player';
import { BACK_S, FORWARD_S } from './playerStore';
import classes from './player.module.css';

/** "1:02:03" / "4:05" (the same in every language). */
export function clock(seconds: number): string {
  return formatDurationIn('en', Math.max(0, Math.floor(seconds)), 'clock');
}

/** Play/pause; shows a spinner while the media waits for data. */
export function PlayPauseButton({ size = 'lg', testId }: { size?: 'lg' | 'xl'; testId: string }) {
  const t = useT();
  const playing = usePlayer((s) => s.playing);
  const waiting = usePlayer((s) => s.waiting);
  const label = playing ? t('player.pause') : t('player.play');
  const icon = size === 'xl' ? 26 : 20;
  return (
    <Tooltip label={t('player.playTip')} openDelay={400}>
      <ActionIcon
        size={size}
        radius="xl"
        variant="filled"
        aria-label={label}
        aria-pressed={playing}
        onClick={() => getPlayer().toggle()}
        data-testid={testId}
        data-playing={playing || undefined}
      >
        {playing && waiting ? (
          <Loader size={icon - 4} color="white" />
        ) : playing ? (
          <IconPlayerPauseFilled size={icon} />
        ) : (
          <IconPlayerPlayFilled size={icon} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

/** Back 15 s or forward 30 s. */
export function SkipButton({
  dir,
  testId,
  size = 'lg',
}: {
  dir: -1 | 1;
  testId: string;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  const label = dir < 0 ? t('player.back') : t('player.forward');
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        size={size}
        variant="subtle"
        color="gray"
        aria-label={label}
        onClick={() => getPlayer().skip(dir < 0 ? -BACK_S : FORWARD_S)}
        data-testid={testId}
      >
        {dir < 0 ? <IconRewindBackward15 size={20} /> : <IconRewindForward30 size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The seek bar with elapsed and remaining time. While dragging it shows the dragged position
 * and seeks once, on release (seeking on every move would stall streaming media).
 */
export function SeekBar({ testId, compact = false }: { testId: string; compact?: boolean }) {
  const t = useT();
  const time = usePlayer((s) => s.time);
  const duration = usePlayer((s) => s.duration);
  const [drag, setDrag] = useState<number | null>(null);
  const shown = drag ?? time;
  const max = duration > 0 ? duration : Math.max(1, time);
  return (
    <div className={classes.seek} data-compact={compact || undefined}>
      <Text size="xs" c="dimmed" className={classes.clock} data-testid={`${testId}-elapsed`}>
        {clock(shown)}
      </Text>
      <Slider
        className={classes.slider}
        size="sm"
        min={0}
        max={max}
        step={1}
        value={Math.min(shown, max)}
        onChange={setDrag}
        onChangeEnd={(v) => {
          setDrag(null);
          getPlayer().seek(v);
        }}
        label={(v) => clock(v)}
        disabled={duration <= 0}
        thumbLabel={t('player.seek')}
        aria-valuetext={clock(shown)}
        data-testid={testId}
      />
      {/* The minus sign and the clock read the same in every language; the label says it. */}
      <Text
        size="xs"
        c="dimmed"
        className={classes.clock}
        aria-label={duration > 0 ? t('player.remaining', { time: clock(duration - shown) }) : undefined}
      >
        {duration > 0 ? `−${clock(duration - shown)}` : '–:––'}
      </Text>
    </div>
  );
}

/** Speed menu, 0.8× to 3×; the choice is remembered for the episode's feed. */
export function SpeedMenu({ testId }: { testId: string }) {
  const { t, formatNumber } = useI18n();
  const rate = usePlayer((s) => s.rate);
  const feed = usePlayer((s) => s.current?.feedTitle ?? '');
  // A number and the multiplication sign read the same in every language.
  const text = (r: number) => `${formatNumber(r)}×`;
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={feed ? t('player.speedTip', { feed }) : t('player.speed')} openDelay={400}>
          <UnstyledButton className={classes.speed} aria-label={t('player.speed')} data-testid={testId}>
            {text(rate)}
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        <Menu.Label>{t('player.speed')}</Menu.Label>
        {SPEEDS.map((r) => (
          <Menu.Item
            key={r}
            onClick={() => getPlayer().setRate(r)}
            data-testid={`${testId}-${r}`}
            fw={r === rate ? 700 : undefined}
            aria-current={r === rate ? 'true' : undefined}
          >
            {text(r)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Back, play/pause, forward in one row. */
export function TransportRow({ testPrefix, big = false }: { testPrefix: string; big?: boolean }) {
  return (
    <Group gap={big ? 'sm' : 4} wrap="nowrap" justify="center">
      <SkipButton dir={-1} testId={`${testPrefix}-back`} size={big ? 'lg' : 'md'} />
      <PlayPauseButton size={big ? 'xl' : 'lg'} testId={`${testPrefix}-toggle`} />
      <SkipButton dir={1} testId={`${testPrefix}-forward`} size={big ? 'lg' : 'md'} />
    </Group>
  );
}
