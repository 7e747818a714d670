import { Button, Text } from '@mantine/core';
import { IconArrowRight, IconConfetti, IconEye, IconRss, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { Feed } from '../engine/contract';
import { useTouchOnly } from '../components/KeyHint';
import { useT } from '../i18n';
import { keyHint } from '../keys/keyMap';
import { useSettingsGroup } from '../settings/useSettings';
import { feedHealth } from '../subscriptions/feedStatus';
import classes from './ItemsView.module.css';
import type { NextFeed } from './useNextFeed';

/** Whether a feed's last fetch failed (or it is gone): its empty list must not say "all read". */
export function isFailing(feed: Feed): boolean {
  const health = feedHealth(feed);
  return health === 'failing' || health === 'dead';
}

/** "Hide read articles hides N here" with the one click that shows them. */
function HiddenRead({ count, onShowRead }: { count: number; onShowRead: () => void }) {
  const t = useT();
  return (
    <>
      <Text c="dimmed" size="sm" data-testid="items-hidden-read">
        {t('items.empty.hiddenRead', { count })}
      </Text>
      <Button
        mt="xs"
        variant="default"
        leftSection={<IconEye size={16} />}
        onClick={onShowRead}
        data-testid="items-show-read"
      >
        {t('items.empty.showRead')}
      </Button>
    </>
  );
}

/**
 * "Next unread: <feed or group>" when it is known, else "Next feed (group) with unread"; long
 * titles end in an ellipsis.
 */
function NextFeedLabel({ next }: { next: NextFeed }) {
  const t = useT();
  if (!next.title)
    return <>{next.kind === 'group' ? t('items.empty.nextGroup') : t('items.empty.nextFeed')}</>;
  return (
    <span className={classes.nextFeed} dir="auto">
      {t('items.empty.nextFeedNamed', { title: next.title })}
    </span>
  );
}

/**
 * A list with nothing to show because everything in it is read and the "Hide read articles"
 * setting hides them: says how many, offers to show them and the next unread feed.
 */
export function AllRead({
  nextFeed,
  hiddenRead,
  onShowRead,
}: {
  /** Where to read on (src/items/useNextFeed.ts); the button names it when known. */
  nextFeed?: NextFeed;
  hiddenRead: number;
  onShowRead: () => void;
}) {
  const t = useT();
  return (
    <div className={classes.state} data-testid="items-all-read">
      <IconConfetti size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        {t('items.empty.allRead')}
      </Text>
      <HiddenRead count={hiddenRead} onShowRead={onShowRead} />
      {nextFeed && (
        <Button
          mt="xs"
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          onClick={nextFeed.go}
          data-testid="items-next-feed"
        >
          <NextFeedLabel next={nextFeed} />
        </Button>
      )}
    </div>
  );
}

/**
 * An empty feed whose last fetch failed: never "all read" (its articles may simply never have
 * arrived). The feed's problem banner above the list (FeedProblemBanner) says what failed and
 * offers Retry, so this only says why the list is empty and points there, rather than repeat the
 * error and a second Retry. Read articles hidden by the setting are mentioned too.
 */
export function FetchFailed({
  hiddenRead,
  onShowRead,
}: {
  hiddenRead: number | null;
  onShowRead: () => void;
}) {
  const t = useT();
  return (
    <div className={classes.state} data-testid="items-fetch-failed">
      <IconRss size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        {t('items.empty.failedEmpty')}
      </Text>
      <Text c="dimmed" size="sm" data-testid="items-fetch-failed-text">
        {t('items.empty.failedEmptyText')}
      </Text>
      {hiddenRead ? <HiddenRead count={hiddenRead} onShowRead={onShowRead} /> : null}
    </div>
  );
}

/**
 * Saved with nothing saved: how to save. With a keyboard the key is named (from the key map); a
 * touch-only device has no keys, so it names the row swipe instead when swipes are on.
 */
function NothingSaved() {
  const t = useT();
  const touch = useTouchOnly();
  const { swipeArticles } = useSettingsGroup('general');
  const how = !touch
    ? t('items.empty.nothingSavedKey', { key: keyHint('list', 'toggleSaved') })
    : swipeArticles
      ? t('items.empty.nothingSavedSwipe')
      : t('items.empty.nothingSavedText');
  return (
    <div className={classes.state} data-testid="items-empty">
      <IconStar size={40} stroke={1.4} className={classes.stateIcon} />
      <Text fw={600} size="lg">
        {t('items.empty.nothingSaved')}
      </Text>
      <Text c="dimmed" size="sm" data-testid="items-empty-saved-how">
        {how}
      </Text>
    </div>
  );
}

/**
 * A list with no articles at all. Without subscriptions: point at the subscribe screen. With
 * some: Saved says how to save, Today that nothing was published today, any other list that new
 * articles will appear (no "subscribe" to someone who already has feeds).
 */
export function NothingHere({
  saved = false,
  today = false,
  hasFeeds = false,
}: {
  saved?: boolean;
  today?: boolean;
  hasFeeds?: boolean;
}) {
  const t = useT();
  if (saved) return <NothingSaved />;
  if (hasFeeds)
    return (
      <div className={classes.state} data-testid="items-empty">
        <IconRss size={40} stroke={1.4} className={classes.stateIcon} />
        <Text fw={600} size="lg">
          {t(today ? 'items.empty.nothingToday' : 'items.empty.nothing')}
        </Text>
        <Text c="dimmed" size="sm">
          {t(today ? 'items.empty.nothingTodayText' : 'items.empty.nothingYetText')}
        </Text>
      </div>
    );
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

/**
 * Shown after the last row of a complete list: "all caught up" only when the list's scope has
 * nothing unread left (`unread` 0), else (unread articles above, or a list without a scope such
 * as search results) just that the list ends here.
 */
export function EndOfList({
  nextFeed,
  unread,
}: {
  /** Where to read on (src/items/useNextFeed.ts); the button names it when known. */
  nextFeed?: NextFeed;
  unread?: number;
}) {
  const t = useT();
  const caughtUp = unread === 0;
  return (
    <div className={classes.end} data-testid="items-end" data-caught-up={caughtUp || undefined}>
      <Text size="sm">{caughtUp ? t('items.empty.caughtUp') : t('items.empty.endOfList')}</Text>
      {nextFeed && (
        <Button
          size="xs"
          variant="subtle"
          rightSection={<IconArrowRight size={14} />}
          onClick={nextFeed.go}
          data-testid="items-end-next-feed"
        >
          <NextFeedLabel next={nextFeed} />
        </Button>
      )}
    </div>
  );
}
