/**
 * User actions on feeds and groups shared by the feed list, the sidebar menu and the banner:
 * each asks what it must (confirmation, a new name), calls the engine, and reports failures as
 * notifications. Every action resolves true when it did something, false when cancelled or failed.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { confirm } from '../components/ConfirmDialog';
import type { Feed, Group } from '../engine/contract';
import * as api from './api';
import { promptText } from './TextPrompt';
import { checkFeedUrl } from './urlCheck';

function report(what: string, err: unknown): false {
  notifications.show({
    color: 'red',
    title: what,
    message: err instanceof Error ? err.message : String(err),
  });
  return false;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Asks for confirmation, then deletes the feeds and all their articles. */
export async function unsubscribeFeeds(feeds: readonly Feed[]): Promise<boolean> {
  if (!feeds.length) return false;
  const [first] = feeds;
  const ok = await confirm({
    title: feeds.length === 1 ? 'Unsubscribe?' : `Unsubscribe from ${feeds.length} feeds?`,
    message:
      feeds.length === 1 && first
        ? createElement(
            'span',
            null,
            'Unsubscribe from ',
            createElement('b', null, first.title || first.url),
            '? Its articles are deleted from this browser.',
          )
        : `Their articles are deleted from this browser. This cannot be undone.`,
    confirmLabel: 'Unsubscribe',
  });
  if (!ok) return false;
  try {
    await api.deleteFeeds(feeds.map((f) => f.id));
    return true;
  } catch (err) {
    return report('Could not unsubscribe', err);
  }
}

/** Asks for a new title and renames the feed. */
export async function renameFeedAction(feed: Feed): Promise<boolean> {
  const title = await promptText({
    title: 'Rename feed',
    label: 'Title',
    initial: feed.title,
    confirmLabel: 'Rename',
  });
  if (title === null || title === feed.title) return false;
  try {
    await api.renameFeed(feed.id, title);
    return true;
  } catch (err) {
    return report('Could not rename the feed', err);
  }
}

/** Asks for a new feed address (checked before it is sent) and stores it. */
export async function editFeedUrlAction(feed: Feed): Promise<boolean> {
  const url = await promptText({
    title: 'Edit feed address',
    label: 'Feed URL',
    initial: feed.url,
    validate: checkFeedUrl,
  });
  if (url === null || url === feed.url) return false;
  try {
    await api.setFeedUrl(feed.id, url);
    return true;
  } catch (err) {
    return report('Could not change the address', err);
  }
}

/** Marks every article of the feeds read. */
export async function markFeedsRead(feeds: readonly Feed[]): Promise<boolean> {
  try {
    let n = 0;
    for (const f of feeds) n += await api.markAllRead('feed', f.id);
    notifications.show({ message: `${plural(n, 'article')} marked read`, autoClose: 2500 });
    return true;
  } catch (err) {
    return report('Could not mark as read', err);
  }
}

/** Moves feeds to a group (-1 = no group). */
export async function moveFeedsAction(feeds: readonly Feed[], groupId: number): Promise<boolean> {
  try {
    await api.moveFeeds(
      feeds.map((f) => f.id),
      groupId,
    );
    return true;
  } catch (err) {
    return report('Could not move the feeds', err);
  }
}

/** Asks for a title and creates a group; resolves with its id, or null. */
export async function createGroupAction(): Promise<number | null> {
  const title = await promptText({ title: 'New group', label: 'Group name', confirmLabel: 'Create' });
  if (title === null) return null;
  try {
    return await api.createGroup(title);
  } catch (err) {
    report('Could not create the group', err);
    return null;
  }
}

/** Asks for a new title and renames the group. */
export async function renameGroupAction(group: Group): Promise<boolean> {
  const title = await promptText({
    title: 'Rename group',
    label: 'Group name',
    initial: group.title,
    confirmLabel: 'Rename',
  });
  if (title === null || title === group.title) return false;
  try {
    await api.renameGroup(group.id, title);
    return true;
  } catch (err) {
    return report('Could not rename the group', err);
  }
}

/** Asks for confirmation and deletes the group; its feeds become ungrouped. */
export async function deleteGroupAction(group: Group, feedCount: number): Promise<boolean> {
  const ok = await confirm({
    title: `Delete the group “${group.title}”?`,
    message:
      feedCount > 0
        ? `Its ${plural(feedCount, 'feed')} move to “No group”; no feed or article is deleted.`
        : 'The group is empty.',
    confirmLabel: 'Delete group',
  });
  if (!ok) return false;
  try {
    await api.deleteGroup(group.id);
    return true;
  } catch (err) {
    return report('Could not delete the group', err);
  }
}
