/**
 * The UI side of tags: the tags query and the actions (each tag/untag and delete is recorded for
 * Undo, like other bulk changes; failures are shown where the user looks, in a notice).
 */
import { notifications } from '@mantine/notifications';
import { queryOptions } from '@tanstack/react-query';
import type { Tag } from '../engine/contract';
import type { TagColor } from '../../shared/tagColors';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { withEngine } from '../queries/engine';
import { queryKeys } from '../queries/keys';
import { makeChange, recordUndo, recordUndoAction } from '../undo/undoStore';
import { followTagRenames } from './renameLog';

export type { Tag } from '../engine/contract';
export type { TagColor };

/** Every tag by name, with its total and unread counts (refreshed by `tags-changed`). */
export const tagsQuery = () =>
  queryOptions({ queryKey: queryKeys.tags, queryFn: () => withEngine((e) => e.tags.list()) });

function fail(err: unknown): void {
  notifications.show({ color: 'red', message: errorText(err) });
}

/** Puts `tag` on these items or takes it off, with an Undo notice. Resolves false on failure. */
export function setTagOn(itemIds: number[], tag: Pick<Tag, 'id' | 'name'>, on: boolean): Promise<boolean> {
  // Under way at once: a z pressed before the engine answers takes this tagging back.
  return makeChange(async (made) => {
    try {
      const token = await withEngine((e) => e.tags.setOnItems(itemIds, tag.id, on));
      recordUndo(token, (count) => t(on ? 'tags.added' : 'tags.removed', { count, name: tag.name }), {
        made,
      });
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  });
}

/** Creates a tag and puts it on these items (Undo takes the tagging back). Null on failure. */
export async function createAndTag(itemIds: number[], name: string): Promise<Tag | null> {
  try {
    const tag = await withEngine((e) => e.tags.create(name));
    if (itemIds.length > 0) await setTagOn(itemIds, tag, true);
    return tag;
  } catch (err) {
    fail(err);
    return null;
  }
}

/**
 * Deletes a tag; the Undo notice brings it back (name and colour) on the same articles, and the
 * "add tag" actions the engine took out of rules with it (the notice says how many rules). A tag
 * no article carries is recorded too: its deletion is the change just made, so Undo and `z`
 * take it back rather than the change before it. Manage tags asks first when rules add the tag.
 */
export async function deleteTag(tag: Pick<Tag, 'id' | 'name'>): Promise<void> {
  await makeChange(async (made) => {
    try {
      const token = await withEngine((e) => e.tags.remove(tag.id));
      const rules = token.flag === 'tag-deleted' ? (token.rules?.length ?? 0) : 0;
      const label = (count: number) =>
        (token.ids.length === 0
          ? t('tags.deletedUnused', { name: tag.name })
          : t('tags.deleted', { count, name: tag.name })) +
        (rules > 0 ? t('tags.rulesChanged', { count: rules }) : '');
      recordUndo(token, label, { made });
    } catch (err) {
      fail(err);
    }
  });
}

/**
 * Renames a tag; resolves the error text when refused (e.g. the name is taken), else null. The
 * new name carries through to what names the tag: the engine renames it in the rules in the same
 * transaction and logs it, and the saved filters (this page's settings) follow the log at once
 * (renameLog.ts; a page closed before that follows it on its next start). Recorded for
 * Undo, which renames it back the same way (rules and filters follow again), as a feed's rename
 * is; when another tag took the old name meanwhile, the undo gives it the first free `old (2)`…
 * and says so.
 */
export function renameTag(tag: Pick<Tag, 'id' | 'name'>, name: string): Promise<string | null> {
  return makeChange(async (made) => {
    try {
      const renamed = await renameIn(tag, name);
      let back = tag.name;
      if (renamed.name !== tag.name)
        recordUndoAction(
          1,
          () => t('tags.renamedFrom', { from: tag.name, name: renamed.name }),
          async () => {
            back = (await renameIn(renamed, tag.name, 'suffix')).name;
            return 1;
          },
          {
            done: () =>
              back === tag.name
                ? t('tags.renameUndone', { name: back })
                : t('tags.renameUndoneTaken', { from: tag.name, name: back }),
            made,
          },
        );
      return null;
    } catch (err) {
      return errorText(err);
    }
  });
}

// One rename in the engine (with the rules, logged), then the saved filters follow the log.
async function renameIn(tag: Pick<Tag, 'id' | 'name'>, name: string, ifTaken?: 'suffix'): Promise<Tag> {
  const renamed = await withEngine((e) => e.tags.rename(tag.id, name, undefined, ifTaken));
  // The rename stands even when the filters cannot follow now: they follow the log later.
  await followTagRenames().catch(() => 0);
  return renamed;
}

/** Gives a tag another colour of the palette. */
export async function recolorTag(id: number, color: TagColor): Promise<void> {
  try {
    await withEngine((e) => e.tags.recolor(id, color));
  } catch (err) {
    fail(err);
  }
}
