import { confirm } from '../components/ConfirmDialog';
import { deleteFilter, type SavedFilter } from './savedFilters';

/**
 * Asks before deleting a saved filter, then deletes it. Resolves true when it was deleted,
 * false when the person declined (or it was already gone).
 */
export async function confirmDeleteFilter(filter: Pick<SavedFilter, 'id' | 'name'>): Promise<boolean> {
  const ok = await confirm({
    title: 'Delete filter?',
    message: `“${filter.name}” will be removed. Articles are not affected.`,
    confirmLabel: 'Delete',
  });
  return ok && deleteFilter(filter.id);
}
