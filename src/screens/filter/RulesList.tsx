import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedFilter } from '../../filters/savedFilters';
import { useT } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { queryKeys } from '../../queries/keys';
import { withRules } from '../../rules/client';
import { rulesListQuery } from '../../rules/queries';
import { restoreRule } from '../../rules/sync';
import type { Rule } from '../../rules/types';
import { makeChange, recordUndoAction } from '../../undo/undoStore';
import classes from './Filter.module.css';

/** Moves id `index` by `delta` in a copy of `ids` (clamped). */
export function reordered(ids: readonly string[], index: number, delta: number): string[] {
  const to = Math.max(0, Math.min(ids.length - 1, index + delta));
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Every rule in the order the engine applies them; move one up or down, open its filter. A rule
 * whose saved filter is gone (a settings file edited by hand, a backup from before filters took
 * their rules with them) still runs: it says so, and can be deleted here (with Undo).
 */
export function RulesList({
  filters,
  onEdit,
}: {
  filters: readonly SavedFilter[];
  onEdit: (f: SavedFilter) => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const rules = useQuery(rulesListQuery());
  const list = rules.data ?? [];
  const move = async (index: number, delta: number) => {
    try {
      await withRules((r) =>
        r.reorder(
          reordered(
            list.map((x) => x.id),
            index,
            delta,
          ),
        ),
      );
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
    await client.invalidateQueries({ queryKey: queryKeys.rulesAll });
  };
  const remove = async (rule: Rule) => {
    await makeChange(async (made) => {
      try {
        await withRules((r) => r.remove(rule.id));
        recordUndoAction(
          1,
          () => t('rules.deleted', { name: rule.name }),
          async () => {
            await restoreRule(rule);
            await client.invalidateQueries({ queryKey: queryKeys.rulesAll });
            return 1;
          },
          { done: () => t('rules.restored', { name: rule.name }), made },
        );
      } catch (err) {
        notifications.show({ color: 'red', message: errorText(err) });
      }
    });
    await client.invalidateQueries({ queryKey: queryKeys.rulesAll });
  };
  if (!rules.isSuccess) return null;
  return (
    <div data-testid="rules-list">
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={2}>
        {t('rules.list')}
      </Text>
      {/* Empty, it reads as its neighbours' empty lines (Recent, Saved filters) do; over a list, as a hint. */}
      <Text size={list.length === 0 ? 'sm' : 'xs'} c="dimmed" mb={6}>
        {list.length === 0 ? t('rules.listEmpty') : t('rules.listHint')}
      </Text>
      <div className={classes.scrollList}>
        {list.map((rule, i) => {
          const filter = filters.find((f) => f.id === rule.filterId);
          const orphan = rule.filterId !== undefined && !filter;
          return (
            <div
              key={rule.id}
              className={classes.savedRow}
              data-testid="rules-list-row"
              data-rule-id={rule.id}
              data-orphan={orphan || undefined}
            >
              <button
                type="button"
                className={classes.savedMain}
                style={{ all: 'unset', cursor: filter ? 'pointer' : 'default', flex: 1, minWidth: 0 }}
                onClick={() => filter && onEdit(filter)}
              >
                <Text size="sm" fw={500} truncate>
                  {i + 1}. {rule.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {orphan && (
                    <Tooltip label={t('rules.orphanHint')} multiline w={260} withArrow>
                      <Text span inherit c="orange" fw={600} data-testid="rules-list-orphan">
                        {t('rules.orphan')}
                        {' · '}
                      </Text>
                    </Tooltip>
                  )}
                  {rule.actions.map((a) => t(`rules.action.${a.type}`)).join(' → ')}
                </Text>
              </button>
              {!rule.enabled && (
                <Badge size="sm" color="gray" variant="light">
                  {t('rules.off')}
                </Badge>
              )}
              <Group gap={0} wrap="nowrap">
                {orphan && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => void remove(rule)}
                    aria-label={t('rules.deleteRule', { name: rule.name })}
                    data-testid="rules-list-delete"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={i === 0}
                  onClick={() => void move(i, -1)}
                  aria-label={t('rules.moveUp', { action: rule.name })}
                  data-testid="rules-list-up"
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={i === list.length - 1}
                  onClick={() => void move(i, 1)}
                  aria-label={t('rules.moveDown', { action: rule.name })}
                  data-testid="rules-list-down"
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </div>
          );
        })}
      </div>
    </div>
  );
}
