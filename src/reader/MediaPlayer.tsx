import { Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Enclosure } from '../../worker/types';
import { formatDurationIn } from '../i18n/format';
import { useT } from '../i18n';
import { loadPosition, savePosition } from './mediaPositions';

const SAVE_EVERY_MS = 5000;
// Within this many seconds of the end the episode counts as finished: start over next time.
const END_SLACK_S = 10;

/** "1:02:03" / "4:05" from seconds (the same in every language). */
export function formatDuration(seconds: number): string {
  return formatDurationIn('en', seconds, 'clock');
}

/** Whether an enclosure is something the player can play. */
export function isPlayable(enclosure: Enclosure | null): enclosure is Enclosure {
  return !!enclosure?.url && /^(audio|video)\//i.test(enclosure.type);
}

/**
 * Audio or video player for an item's enclosure. Restores the saved position when the media's
 * metadata is loaded, saves it every ~5 s while playing, on pause and when unmounted.
 */
export function MediaPlayer({ itemId, enclosure }: { itemId: number; enclosure: Enclosure }) {
  const t = useT();
  const ref = useRef<HTMLMediaElement | null>(null);
  const isVideo = enclosure.type.toLowerCase().startsWith('video/');

  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    let lastSave = 0;
    const save = () => {
      const done = media.duration > 0 && media.currentTime > media.duration - END_SLACK_S;
      savePosition(itemId, done ? 0 : media.currentTime);
      lastSave = Date.now();
    };
    const restore = () => {
      const pos = loadPosition(itemId);
      if (pos > 0 && (!(media.duration > 0) || pos < media.duration - END_SLACK_S)) media.currentTime = pos;
    };
    const onTime = () => {
      if (Date.now() - lastSave >= SAVE_EVERY_MS) save();
    };
    if (media.readyState >= 1) restore();
    media.addEventListener('loadedmetadata', restore);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('pause', save);
    media.addEventListener('ended', save);
    return () => {
      media.removeEventListener('loadedmetadata', restore);
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('pause', save);
      media.removeEventListener('ended', save);
      if (media.currentTime > 0) save();
    };
  }, [itemId, enclosure.url]);

  return (
    <div className="rv-media" data-testid="reader-media">
      {isVideo ? (
        <video
          ref={(el) => {
            ref.current = el;
          }}
          src={enclosure.url}
          controls
          preload="metadata"
          poster={enclosure.image || undefined}
          className="rv-media-el"
        />
      ) : (
        <Group gap="sm" wrap="nowrap" align="center">
          {enclosure.image && (
            <img className="rv-media-art noclick" src={enclosure.image} alt="" referrerPolicy="no-referrer" />
          )}
          <audio
            ref={(el) => {
              ref.current = el;
            }}
            src={enclosure.url}
            controls
            preload="metadata"
            className="rv-media-el"
          />
        </Group>
      )}
      {enclosure.duration > 0 && (
        <Text size="xs" c="dimmed" mt={4} data-testid="reader-media-duration">
          {t('reader.duration', { time: formatDuration(enclosure.duration) })}
        </Text>
      )}
    </div>
  );
}
