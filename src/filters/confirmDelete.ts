import { confirm } from '../components/ConfirmDialog';
import { t } from '../i18n';
import { removeRuleOfFilter, restoreRule } from '../rules/sync';
import { makeChange, recordUndoAction } from '../undo/undoStore';
import { restoreFilter, takeFilter, type SavedFilter } from './savedFilters';

/**
 * Asks before deleting a saved filter, then deletes it and its actions (its rule). Resolves true
 * when it was deleted, false when the person declined (or it was already gone). The notice offers
 * Undo (and Z): the filter comes back where it stood, its actions with it (their run log does not).
 * `focusAfter` takes the keyboard once the dialog has closed, when the Delete button that asked went
 * with its row (see `confirm()`).
 */
export async function confirmDeleteFilter(
  filter: Pick<SavedFilter, 'id' | 'name'>,
  focusAfter?: () => void,
): Promise<boolean> {
  const ok = await confirm({
    title: t('filter.saved.confirmTitle'),
    message: t('filter.saved.confirmMessage', { name: filter.name }),
    confirmLabel: t('filter.saved.confirmDelete'),
    focusAfter,
  });
  if (!ok) return false;
  // Under way from the yes (undoStore.ts): a z pressed before its rule is gone takes it back.
  return makeChange(async (made) => {
    const taken = takeFilter(filter.id);
    if (!taken) return false;
    // A filter's actions go with it (an engine without rules, or no rule: nothing to remove).
    const rule = await removeRuleOfFilter(filter.id).catch(() => undefined);
    recordUndoAction(
      1,
      () => t('filter.saved.deleted', { name: filter.name }),
      async () => {
        if (restoreFilter(taken.filter, taken.index) && rule) await restoreRule(rule);
        return 1;
      },
      { done: () => t('filter.saved.restored', { name: filter.name }), made },
    );
    return true;
  });
}
