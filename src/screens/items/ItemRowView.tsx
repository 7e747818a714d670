import { Anchor, Group, Text } from '@mantine/core';
import { Avatar } from '../../components/Avatar';
import type { Feed, ItemRow } from '../../engine/contract';
import { FLAG_READ } from './flags';
import { formatAge } from './route';
import classes from './ItemRowView.module.css';

interface ItemRowViewProps {
  row: ItemRow;
  feed: Feed | undefined;
  /** Unix seconds, passed in so every row of a render agrees. */
  now: number;
}

/** One list row: unread dot, title, feed and age; row height follows the density setting. */
export function ItemRowView({ row, feed, now }: ItemRowViewProps) {
  const unread = (row.flags & FLAG_READ) === 0;
  const feedTitle = feed?.title ?? 'Unknown feed';
  return (
    <div className={classes.row} data-testid="item-row" data-unread={unread}>
      <span className={classes.dot} data-on={unread} aria-label={unread ? 'Unread' : undefined} />
      <div className={classes.main}>
        <Anchor
          href={row.link || undefined}
          target="_blank"
          rel="noopener noreferrer"
          underline="never"
          c="inherit"
          size="sm"
          fw={unread ? 600 : 400}
          className={classes.title}
        >
          {row.title || '(untitled)'}
        </Anchor>
        <Group gap={6} wrap="nowrap" className={classes.meta}>
          <Avatar name={feedTitle} size={14} />
          <Text size="xs" c="dimmed" truncate>
            {feedTitle}
          </Text>
        </Group>
      </div>
      <Text
        size="xs"
        c="dimmed"
        className={classes.age}
        title={new Date(row.pubDate * 1000).toLocaleString()}
      >
        {formatAge(row.pubDate, now)}
      </Text>
    </div>
  );
}
