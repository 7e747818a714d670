import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash, IconCursorText } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { focusSavedNear } from './focusNear';
import { confirmDeleteFilter } from '../../filters/confirmDelete';
import { isKeywordFilter, keywordsText, type SavedFilter, updateFilter } from '../../filters/savedFilters';
import { useFilterCounts } from '../../filters/useFilterCounts';
import classes from './Filter.module.css';
import { NameModal } from './NameModal';
import { useI18n } from '../../i18n';
import { errorText } from '../../i18n/errorText';

interface SavedFiltersListProps {
  filters: readonly SavedFilter[];
  /** The filter loaded in the editor, highlighted. */
  editingId: string | null;
  onEdit: (filter: SavedFilter) => void;
}

/** The saved filters with their unread counts: open, edit (loads the editor), rename, delete. */
export function SavedFiltersList({ filters, editingId, onEdit }: SavedFiltersListProps) {
  const { t, formatNumber } = useI18n();
  const counts = useFilterCounts(filters);
  const [renaming, setRenaming] = useState<SavedFilter | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  // After a delete the keyboard goes to the filter in the deleted one's place (focusNear.ts).
  const focusNear = (index: number, gone: string) => () => focusSavedNear(rootRef.current, index, gone);
  return (
    <div ref={rootRef} tabIndex={-1} className={classes.savedFilters} data-testid="saved-filters-panel">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
        {t('filter.panelsKeywords')}
      </Text>
      {filters.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="saved-filters-empty">
          {t('filter.saved.empty')}
        </Text>
      ) : (
        <div className={classes.scrollList} data-testid="saved-filters">
          {filters.map((f, index) => {
            const count = counts[f.id];
            return (
              <div
                key={f.id}
                className={classes.savedRow}
                data-editing={editingId === f.id || undefined}
                data-testid="saved-filter"
                data-filter-id={f.id}
              >
                <Link to={`/filter/${encodeURIComponent(f.id)}`} className={classes.savedMain}>
                  <Text size="sm" fw={500} truncate data-testid="saved-filter-name">
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" truncate>
                    {isKeywordFilter(f)
                      ? keywordsText(f.keywords ?? [])
                      : f.query || t('filter.saved.allArticles')}
                  </Text>
                </Link>
                {count?.error ? (
                  <Tooltip label={errorText(count.error)} multiline maw={320}>
                    <Badge color="red" variant="light" size="sm">
                      {t('filter.saved.error')}
                    </Badge>
                  </Tooltip>
                ) : count && count.unread > 0 ? (
                  <Badge variant="light" size="sm" data-testid="saved-filter-unread">
                    {formatNumber(count.unread)}
                  </Badge>
                ) : null}
                <Group gap={0} wrap="nowrap">
                  <Tooltip label={t('filter.saved.editTip')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onEdit(f)}
                      aria-label={t('filter.saved.edit', { name: f.name })}
                      data-testid="saved-filter-edit"
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('filter.saved.renameTip')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setRenaming(f)}
                      aria-label={t('filter.saved.rename', { name: f.name })}
                      data-testid="saved-filter-rename"
                    >
                      <IconCursorText size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('filter.saved.deleteTip')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => void confirmDeleteFilter(f, focusNear(index, f.id))}
                      aria-label={t('filter.saved.delete', { name: f.name })}
                      data-testid="saved-filter-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </div>
            );
          })}
        </div>
      )}
      <NameModal
        opened={renaming !== null}
        title={t('filter.renameTitle')}
        confirmLabel={t('filter.rename')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSave={(name) => {
          if (renaming) updateFilter(renaming.id, { name });
        }}
      />
    </div>
  );
}
