import { Button, Text } from '@mantine/core';
import { IconArrowRight, IconConfetti, IconRss } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import classes from './ItemsView.module.css';

/** A list with nothing to show because everything is read; offers the next unread feed. */
export function AllRead({ onNextFeed }: { onNextFeed?: () => void }) {
  const t = useT();
  return (
    <div className={classes.state} data-testid="items-all-read">
      <IconConfetti size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        {t('items.empty.allRead')}
      </Text>
      <Text c="dimmed" size="sm">
        {t('items.empty.allReadText')}
      </Text>
      {onNextFeed && (
        <Button
          mt="xs"
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          onClick={onNextFeed}
          data-testid="items-next-feed"
        >
          {t('items.empty.nextFeed')}
        </Button>
      )}
    </div>
  );
}

/** A list with no articles at all: point at the subscribe screen. */
export function NothingHere() {
  const t = useT();
  return (
    <div className={classes.state} data-testid="items-empty">
      <IconRss size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        {t('items.empty.nothing')}
      </Text>
      <Text c="dimmed" size="sm">
        {t('items.empty.nothingText')}
      </Text>
      <Button mt="xs" component={Link} to="/subscribe" variant="light" data-testid="items-subscribe">
        {t('items.empty.subscribe')}
      </Button>
    </div>
  );
}

/** Shown after the last row of a complete list. */
export function EndOfList({ onNextFeed }: { onNextFeed?: () => void }) {
  const t = useT();
  return (
    <div className={classes.end} data-testid="items-end">
      <Text size="sm">{t('items.empty.caughtUp')}</Text>
      {onNextFeed && (
        <Button
          size="xs"
          variant="subtle"
          rightSection={<IconArrowRight size={14} />}
          onClick={onNextFeed}
          data-testid="items-end-next-feed"
        >
          {t('items.empty.nextFeed')}
        </Button>
      )}
    </div>
  );
}
