/**
 * User actions on feeds and groups shared by the feed list, the sidebar menu and the banner:
 * each asks what it must (confirmation, a new name), calls the engine, and reports failures as
 * notifications. Every action resolves true when it did something, false when cancelled or failed.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { confirm } from '../components/ConfirmDialog';
import type { Feed, Group } from '../engine/contract';
import { t, tRich } from '../i18n';
import * as api from './api';
import { promptText } from './TextPrompt';
import { checkFeedUrl } from './urlCheck';
import { makeChange, recordUndo, recordUndoAction } from '../undo/undoStore';
import { errorText } from '../i18n/errorText';
import { startRefresh } from './refreshActions';

function report(what: string, err: unknown): false {
  notifications.show({
    color: 'red',
    title: what,
    message: errorText(err),
  });
  return false;
}

/** Whether a feed belongs to a sync account (its unsubscribe goes to the server at once). */
const isSynced = (feed: Feed): boolean => Boolean(feed.account && feed.remoteId);

/** Whether the engine expects to keep a copy for Undo (none synced, few enough articles). */
async function expectUndo(feeds: readonly Feed[]): Promise<boolean> {
  if (feeds.some(isSynced)) return false;
  return api.unsubscribeUndoable(feeds.map((f) => f.id)).catch(() => false);
}

/** What the confirmation says of Undo: that it can bring the feeds back, or why it cannot. */
function undoNote(feeds: readonly Feed[], undoable: boolean): string {
  if (undoable) return t('subscribe.actions.unsubscribeUndoNote');
  return t(
    feeds.some(isSynced)
      ? 'subscribe.actions.unsubscribeSyncedNote'
      : 'subscribe.actions.unsubscribeLargeNote',
  );
}

/**
 * Asks for confirmation, then deletes the feeds and all their articles. When the engine kept a
 * copy (local feeds, not too many articles) the notice offers Undo (and Z), which brings the
 * feeds back with their articles as they were; the confirmation says beforehand whether it will.
 */
export async function unsubscribeFeeds(feeds: readonly Feed[]): Promise<boolean> {
  if (!feeds.length) return false;
  const [first] = feeds;
  const undoable = await expectUndo(feeds);
  const note = undoNote(feeds, undoable);
  const ok = await confirm({
    title:
      feeds.length === 1
        ? t('subscribe.actions.unsubscribeTitle')
        : t('subscribe.actions.unsubscribeManyTitle', { count: feeds.length }),
    message: createElement(
      'span',
      null,
      ...(feeds.length === 1 && first
        ? tRich('subscribe.actions.unsubscribeMessage', {
            title: createElement('b', null, first.title || first.url),
          })
        : [t('subscribe.actions.unsubscribeManyMessage')]),
      ' ',
      note,
    ),
    confirmLabel: t('subscribe.actions.unsubscribe'),
  });
  if (!ok) return false;
  // Under way from the yes (undoStore.ts): a z pressed before the engine answers takes this back.
  return makeChange(async (made) => {
    try {
      const token = await api.deleteFeeds(feeds.map((f) => f.id));
      const label = (count: number) => t('subscribe.actions.unsubscribed', { count });
      if (token) recordUndo(token, label, { done: (count) => t('keys.undo.feedsBack', { count }), made });
      else
        notifications.show({
          // Promised but not kept: the articles' texts were too large for the copy (known only once read).
          message: undoable
            ? t('subscribe.actions.unsubscribedNoUndo', { count: feeds.length })
            : label(feeds.length),
          autoClose: 6000,
        });
      return true;
    } catch (err) {
      return report(t('subscribe.actions.unsubscribeFailed'), err);
    }
  });
}

/** Asks for a new title and renames the feed. */
export async function renameFeedAction(feed: Feed): Promise<boolean> {
  const title = await promptText({
    title: t('subscribe.actions.renameTitle'),
    label: t('subscribe.actions.titleLabel'),
    initial: feed.title,
    confirmLabel: t('subscribe.actions.rename'),
  });
  if (title === null || title === feed.title) return false;
  return makeChange(async (made) => {
    try {
      await api.renameFeed(feed.id, title);
      const label = () => t('subscribe.actions.renamed', { title });
      // A feed that had no title of its own (the list showed its address) cannot be renamed back to none.
      if (!feed.title) notifications.show({ message: label(), autoClose: 3000 });
      else
        recordUndoAction(1, label, () => api.renameFeed(feed.id, feed.title).then(() => 1), {
          done: () => t('subscribe.actions.renameUndone', { title: feed.title }),
          made,
        });
      return true;
    } catch (err) {
      return report(t('subscribe.actions.renameFailed'), err);
    }
  });
}

/** Runs a feed switch's engine call; a failure is shown under `failed` and answers false. */
async function feedSwitch(call: () => Promise<void>, failed: string): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (err) {
    return report(failed, err);
  }
}

/** Turns the feed's "always load the full article" on or off (on also fetches its newest). */
export const setAlwaysFullText = (feed: Feed, on: boolean): Promise<boolean> =>
  feedSwitch(() => api.setFeedFullText(feed.id, on), t('fullText.feedSettingFailed'));

/** Turns the feed's "Translate titles in lists" on or off. */
export const setTranslateTitles = (feed: Feed, on: boolean): Promise<boolean> =>
  feedSwitch(() => api.setFeedTranslateTitles(feed.id, on), t('ai.titles.feedSettingFailed'));

/**
 * Checks a new address for `feed` by fetching it: null when it gives a feed no other
 * subscription has, else the problem in words. One fetch (the engine keeps the parsed result
 * for a few minutes, so the refresh that follows the change is cheap).
 */
export async function checkNewFeedUrl(feed: Feed, url: string): Promise<string | null> {
  const typo = checkFeedUrl(url);
  if (typo) return typo;
  try {
    const p = await api.preview(url);
    if (p.subscribedFeedId !== null && p.subscribedFeedId !== feed.id) {
      const other = p.title || p.url;
      return t('upkeep.editUrl.otherFeed', { title: other });
    }
    return null;
  } catch (err) {
    return t('upkeep.editUrl.notAFeed', { reason: errorText(err) });
  }
}

/**
 * Asks for a new feed address, fetches it before anything is stored (a typo, an address that
 * gives no feed, or one already subscribed is explained in the dialog, and the feed stays as it
 * was), then stores it and fetches the feed from there at once.
 */
export async function editFeedUrlAction(feed: Feed): Promise<boolean> {
  const url = await promptText({
    title: t('subscribe.actions.editUrlTitle'),
    label: t('subscribe.actions.urlLabel'),
    initial: feed.url,
    validate: (value) => (value === feed.url ? null : checkNewFeedUrl(feed, value)),
    checkingLabel: t('upkeep.editUrl.checking'),
    confirmLabel: t('upkeep.editUrl.check'),
  });
  if (url === null || url === feed.url) return false;
  try {
    await api.setFeedUrl(feed.id, url);
  } catch (err) {
    return report(t('subscribe.actions.editUrlFailed'), err);
  }
  notifications.show({
    message: t('upkeep.editUrl.changed', { title: feed.title || url }),
    autoClose: 4000,
    'data-testid': 'edit-url-done',
  });
  void startRefresh({ scope: 'feed', id: feed.id, force: true });
  return true;
}

/** Marks every article of the feeds read; one change to undo (the notice says how many). */
export function markFeedsRead(feeds: readonly Feed[]): Promise<boolean> {
  return makeChange(async (made) => {
    try {
      // One call for every feed: pushing each feed's ids with a spread threw past ~120,000 ids.
      const { ids } = await api.markFeedsAllRead(feeds.map((f) => f.id));
      if (ids.length === 0)
        notifications.show({ message: t('subscribe.actions.markedRead', { count: 0 }), autoClose: 2500 });
      recordUndo({ flag: 'read', set: true, ids }, (count) => t('keys.undo.markedRead', { count }), { made });
      return true;
    } catch (err) {
      return report(t('subscribe.actions.markReadFailed'), err);
    }
  });
}

/** Moves feeds to a group (-1 = no group); `groupTitle` names it in the notice. */
export function moveFeedsAction(
  feeds: readonly Feed[],
  groupId: number,
  groupTitle?: string,
): Promise<boolean> {
  return makeChange(async (made) => {
    try {
      await api.moveFeeds(
        feeds.map((f) => f.id),
        groupId,
      );
      const group = groupId === -1 ? t('subscribe.actions.noGroup') : groupTitle ? `“${groupTitle}”` : null;
      recordUndoAction(
        feeds.length,
        (count) =>
          group
            ? t('subscribe.actions.moved', { count, group })
            : t('subscribe.actions.movedPlain', { count }),
        () => moveBack(feeds),
        { done: (count) => t('subscribe.actions.moveUndone', { count }), made },
      );
      return true;
    } catch (err) {
      return report(t('subscribe.actions.moveFailed'), err);
    }
  });
}

/**
 * Moves each feed into its own group (an import's "move them into the file's groups") as one
 * change that Undo takes back whole. `moves` are the feeds as they are now with their target.
 */
export function moveFeedsToGroupsAction(moves: readonly { feed: Feed; groupId: number }[]): Promise<boolean> {
  if (moves.length === 0) return Promise.resolve(false);
  return makeChange(async (made) => {
    const byGroup = new Map<number, number[]>();
    for (const { feed, groupId } of moves) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), feed.id]);
    const feeds = moves.map((m) => m.feed);
    try {
      for (const [groupId, ids] of byGroup) await api.moveFeeds(ids, groupId);
    } catch (err) {
      // Some groups may have taken their feeds: put those back, so nothing is half done.
      await moveBack(feeds).catch(() => 0);
      return report(t('subscribe.actions.moveFailed'), err);
    }
    recordUndoAction(
      feeds.length,
      (count) => t('subscribe.actions.movedPlain', { count }),
      () => moveBack(feeds),
      { done: (count) => t('subscribe.actions.moveUndone', { count }), made },
    );
    return true;
  });
}

/**
 * Puts each feed back in the group it was in (`feeds` as they were before a move); a group
 * deleted since leaves its feeds in no group. Resolves how many feeds moved back.
 */
async function moveBack(feeds: readonly Feed[]): Promise<number> {
  const byGroup = new Map<number, number[]>();
  for (const f of feeds) byGroup.set(f.groupId, [...(byGroup.get(f.groupId) ?? []), f.id]);
  for (const [groupId, ids] of byGroup) {
    try {
      await api.moveFeeds(ids, groupId);
    } catch (err) {
      const gone = typeof err === 'object' && err !== null && 'code' in err && err.code === 'bad_input';
      if (!gone || groupId === -1) throw err;
      await api.moveFeeds(ids, -1);
    }
  }
  return feeds.length;
}

/** Asks for a title and creates a group; resolves with its id, or null. */
export async function createGroupAction(): Promise<number | null> {
  const title = await promptText({
    title: t('subscribe.actions.newGroupTitle'),
    label: t('subscribe.actions.groupNameLabel'),
    confirmLabel: t('subscribe.actions.create'),
  });
  if (title === null) return null;
  try {
    return await api.createGroup(title);
  } catch (err) {
    report(t('subscribe.actions.createGroupFailed'), err);
    return null;
  }
}

/** Asks for a new title and renames the group. */
export async function renameGroupAction(group: Group): Promise<boolean> {
  const title = await promptText({
    title: t('subscribe.actions.renameGroupTitle'),
    label: t('subscribe.actions.groupNameLabel'),
    initial: group.title,
    confirmLabel: t('subscribe.actions.rename'),
  });
  if (title === null || title === group.title) return false;
  try {
    await api.renameGroup(group.id, title);
    return true;
  } catch (err) {
    return report(t('subscribe.actions.renameGroupFailed'), err);
  }
}

/** Asks for confirmation and deletes the group; its feeds become ungrouped. */
export async function deleteGroupAction(group: Group, feedCount: number): Promise<boolean> {
  const ok = await confirm({
    title: t('subscribe.actions.deleteGroupTitle', { title: group.title }),
    message:
      feedCount > 0
        ? t('subscribe.actions.deleteGroupMessage', { count: feedCount })
        : t('subscribe.actions.deleteGroupEmpty'),
    confirmLabel: t('subscribe.actions.deleteGroup'),
  });
  if (!ok) return false;
  return makeChange(async (made) => {
    try {
      const members = (await api.listFeeds()).filter((f) => f.groupId === group.id).map((f) => f.id);
      await api.deleteGroup(group.id);
      // Undo makes the group again (a new one, same title) and moves its feeds back into it.
      recordUndoAction(
        1,
        () =>
          members.length
            ? t('subscribe.actions.groupDeleted', { title: group.title, count: members.length })
            : t('subscribe.actions.groupDeletedEmpty', { title: group.title }),
        async () => {
          const id = await api.createGroup(group.title);
          if (members.length) await api.moveFeeds(members, id);
          return 1;
        },
        { done: () => t('subscribe.actions.groupRestored', { title: group.title }), made },
      );
      return true;
    } catch (err) {
      return report(t('subscribe.actions.deleteGroupFailed'), err);
    }
  });
}
