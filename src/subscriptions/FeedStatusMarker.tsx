import { Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconSkull } from '@tabler/icons-react';
import type { Feed } from '../engine/contract';
import { useT } from '../i18n';
import { feedHealth, problemReason } from './feedStatus';

/**
 * A warning icon with the failure reason as its tooltip, for a feed whose last fetch failed
 * (a different icon for a dead feed). Renders nothing for a healthy feed.
 */
export function FeedStatusMarker({ feed, size = 14 }: { feed: Feed; size?: number }) {
  const t = useT();
  const health = feedHealth(feed);
  if (health !== 'failing' && health !== 'dead') return null;
  const reason = problemReason(feed);
  const Icon = health === 'dead' ? IconSkull : IconAlertTriangle;
  return (
    <Tooltip label={reason} multiline maw={320} withinPortal>
      <span
        role="img"
        aria-label={t('subscribe.problem.marker', { reason })}
        data-testid={`feed-marker-${feed.id}`}
        data-health={health}
        style={{
          display: 'inline-flex',
          color: `var(--mantine-color-${health === 'dead' ? 'red' : 'orange'}-6)`,
        }}
      >
        <Icon size={size} />
      </span>
    </Tooltip>
  );
}
