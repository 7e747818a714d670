import { Button, Text } from '@mantine/core';
import { IconArrowRight, IconConfetti, IconRss } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './ItemsView.module.css';

/** A list with nothing to show because everything is read; offers the next unread feed. */
export function AllRead({ onNextFeed }: { onNextFeed?: () => void }) {
  return (
    <div className={classes.state} data-testid="items-all-read">
      <IconConfetti size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        All read
      </Text>
      <Text c="dimmed" size="sm">
        Nothing unread here. Nice.
      </Text>
      {onNextFeed && (
        <Button
          mt="xs"
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          onClick={onNextFeed}
          data-testid="items-next-feed"
        >
          Next feed with unread
        </Button>
      )}
    </div>
  );
}

/** A list with no articles at all: point at the subscribe screen. */
export function NothingHere() {
  return (
    <div className={classes.state} data-testid="items-empty">
      <IconRss size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        Nothing here yet
      </Text>
      <Text c="dimmed" size="sm">
        Articles from your subscriptions will show up here.
      </Text>
      <Button mt="xs" component={Link} to="/subscribe" variant="light" data-testid="items-subscribe">
        Subscribe to a feed
      </Button>
    </div>
  );
}

/** Shown after the last row of a complete list. */
export function EndOfList({ onNextFeed }: { onNextFeed?: () => void }) {
  return (
    <div className={classes.end} data-testid="items-end">
      <Text size="sm">You’re all caught up.</Text>
      {onNextFeed && (
        <Button
          size="xs"
          variant="subtle"
          rightSection={<IconArrowRight size={14} />}
          onClick={onNextFeed}
          data-testid="items-end-next-feed"
        >
          Next feed with unread
        </Button>
      )}
    </div>
  );
}
