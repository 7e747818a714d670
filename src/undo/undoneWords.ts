/**
 * What a notice says after Undo took a change back: the articles' state as it is again ("77
 * articles are unread again"), from the change's token, not a generic "restored" that leaves the
 * reader to work out which way things went. Read from the token alone, so a change kept across a
 * reload (undoKeep.ts) is worded the same. Fewer back than the change touched adds how many are
 * gone or were already changed back by hand. `flagChangeText` words a flag change itself.
 */
import type { UndoToken } from '../engine/contract';
import { t } from '../i18n';

function whatIsBack(token: UndoToken | null, count: number): string {
  switch (token?.flag) {
    case 'read':
      return t(token.set ? 'keys.undo.back.unreadAgain' : 'keys.undo.back.readAgain', { count });
    case 'saved':
      return t(token.set ? 'keys.undo.back.unsavedAgain' : 'keys.undo.back.savedAgain', { count });
    case 'hidden':
      return t(token.set ? 'keys.undo.back.shownAgain' : 'keys.undo.back.hiddenAgain', { count });
    case 'tag':
      return t(token.set ? 'keys.undo.back.tagOff' : 'keys.undo.back.tagOn', { count });
    case 'tag-deleted':
      // A tag no article carried comes back on none: its name is all there is to say.
      return token.ids.length === 0
        ? t('keys.undo.back.tagDeletedUnused', { name: token.tag.name })
        : t('keys.undo.back.tagDeleted', { count, name: token.tag.name });
    default:
      return t('keys.undo.done', { count });
  }
}

/** The notice after Undo: `count` things came back of the change's `total`. */
export function undoneText(token: UndoToken | null, count: number, total: number): string {
  const back = whatIsBack(token, count);
  return token && count < total
    ? t('keys.undo.withRest', { back, rest: t('keys.undo.rest', { count: total - count }) })
    : back;
}

/**
 * What a flag change did, for its own notice ("300,000 articles marked as read."): the words
 * before Undo, as `undoneText` gives those after it.
 */
export function flagChangeText(
  token: Extract<UndoToken, { flag: 'read' | 'saved' | 'hidden' }>,
  count: number,
): string {
  if (token.flag === 'read')
    return t(token.set ? 'keys.undo.markedRead' : 'keys.undo.markedUnread', { count });
  if (token.flag === 'saved') return t(token.set ? 'keys.undo.saved' : 'keys.undo.unsaved', { count });
  return t(token.set ? 'keys.undo.hidden' : 'keys.undo.unhidden', { count });
}
