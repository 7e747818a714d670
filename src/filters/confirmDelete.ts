import { confirm } from '../components/ConfirmDialog';
import { t } from '../i18n';
import { removeRuleOfFilter } from '../rules/sync';
import { deleteFilter, type SavedFilter } from './savedFilters';

/**
 * Asks before deleting a saved filter, then deletes it. Resolves true when it was deleted,
 * false when the person declined (or it was already gone).
 */
export async function confirmDeleteFilter(filter: Pick<SavedFilter, 'id' | 'name'>): Promise<boolean> {
  const ok = await confirm({
    title: t('filter.saved.confirmTitle'),
    message: t('filter.saved.confirmMessage', { name: filter.name }),
    confirmLabel: t('filter.saved.confirmDelete'),
  });
  if (!ok || !deleteFilter(filter.id)) return false;
  // A filter's actions go with it (an engine without rules, or no rule: nothing to remove).
  await removeRuleOfFilter(filter.id).catch(() => undefined);
  return true;
}
