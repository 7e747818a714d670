import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useT } from '../../i18n';
import { groupsQuery } from '../../queries/groups';
import { fitWidth } from '../../components/fitWidth';

/** Where a new subscription goes: no group, an existing group, or a group created with it. */
export type GroupChoice =
  { kind: 'none' } | { kind: 'existing'; id: number } | { kind: 'new'; title: string };

const NONE = 'none';
const NEW = 'new';

/** The part of the subscribe request that says the group. */
export function groupChoiceRequest(choice: GroupChoice): { groupId?: number; newGroupTitle?: string } {
  if (choice.kind === 'existing') return { groupId: choice.id };
  if (choice.kind === 'new') return { newGroupTitle: choice.title.trim() };
  return {};
}

/** A group select with "No group" and "New group…" (which shows a name field inline). */
export function GroupPicker({ value, onChange }: { value: GroupChoice; onChange: (c: GroupChoice) => void }) {
  const t = useT();
  const groups = useQuery(groupsQuery());
  const data = useMemo(
    () => [
      { value: NONE, label: t('subscribe.group.none') },
      ...[...(groups.data ?? [])]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((g) => ({ value: String(g.id), label: g.title })),
      { value: NEW, label: t('subscribe.group.new') },
    ],
    [groups.data, t],
  );
  const selected = value.kind === 'existing' ? String(value.id) : value.kind === 'new' ? NEW : NONE;
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('subscribe.group.label')}
        w={fitWidth(
          data.map((o) => o.label),
          220,
        )}
        maw="100%"
        data={data}
        value={selected}
        allowDeselect={false}
        onChange={(v) => {
          if (v === NEW) onChange({ kind: 'new', title: '' });
          else if (!v || v === NONE) onChange({ kind: 'none' });
          else onChange({ kind: 'existing', id: Number(v) });
        }}
        data-testid="group-select"
        comboboxProps={{ withinPortal: true }}
      />
      {value.kind === 'new' && (
        <TextInput
          label={t('subscribe.group.newName')}
          w={220}
          value={value.title}
          onChange={(e) => onChange({ kind: 'new', title: e.currentTarget.value })}
          autoFocus
          data-testid="new-group-input"
        />
      )}
    </Group>
  );
}
