/**
 * A list's "Mark all as read", from its menu (the header's, or Shift+A's) to the Undo notice:
 * the choice is counted first (markAllRead.ts plans it), a choice that finds nothing says so and
 * asks nothing, otherwise the confirmation names the count; once confirmed the articles are
 * marked, the list is told (`onMarked`) and the change is recorded for Undo. A failure at any
 * step is a red notice.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { confirm } from '../components/ConfirmDialog';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { makeChange, recordUndo } from '../undo/undoStore';
import {
  type FilterSource,
  type ListScope,
  type MarkAge,
  planFilterRead,
  planScopeRead,
} from './markAllRead';

export interface MarkAllSource {
  /** The list's scope: the engine counts and marks it. */
  scope?: ListScope;
  /** A list without a scope (a filter's results): its filter, whose unread results are marked. */
  filter?: FilterSource;
  /** Gives the list the keyboard after the confirmation closes (the menu entry that had it is gone). */
  focusList?: () => void;
}

export interface MarkAllRead {
  /** Whether the list offers it at all (a scope, or its own pages to walk). */
  canMarkAll: boolean;
  /** The menu of choices (everything, older than a day, older than a week) is open. */
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  /** Runs a choice: closes the menu, counts, asks, marks, records. Never rejects. */
  markAll: (age: MarkAge) => Promise<void>;
}

/**
 * See the file comment. `onMarked` runs after the engine marked the articles, before the change
 * is recorded (the list closes its reader and reloads).
 */
export function useMarkAllRead(source: MarkAllSource, onMarked: () => void): MarkAllRead {
  const [menuOpen, setMenuOpen] = useState(false);
  const { scope, filter, focusList } = source;
  const canMarkAll = !!scope || !!filter;
  const markAll = async (age: MarkAge) => {
    setMenuOpen(false);
    if (!canMarkAll) return;
    try {
      // Counted first: the question names how many, and a choice that covers nothing (nothing
      // older than a day) says so instead of asking and then marking none.
      const plan = scope ? await planScopeRead(scope, age) : await planFilterRead(filter!, age);
      if (plan.count === 0) {
        notifications.show({ message: t(`items.nothingToMark.${age}`) });
        return;
      }
      const ok = await confirm({
        title: t('items.markConfirm.title'),
        message: t(`items.markConfirm.${age}`, { count: plan.count }),
        confirmLabel: t('items.markConfirm.confirm'),
        focusAfter: focusList,
      }).catch(() => false);
      if (!ok) return;
      // Under way from the yes: a z pressed before the engine answers takes this back.
      await makeChange(async (made) => {
        const token = await plan.run();
        onMarked();
        recordUndo(token, (count) => t('keys.undo.markedRead', { count }), { made });
      });
    } catch (err) {
      notifications.show({ color: 'red', title: t('items.markFailed'), message: errorText(err) });
    }
  };
  return { canMarkAll, menuOpen, setMenuOpen, markAll };
}
