import { Button, Group, Kbd, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CheckState } from '../../filters/checkState';
import { QueryEditor } from './QueryEditor';
import { QueryStatus } from './QueryStatus';
import { tRich, useT } from '../../i18n';

// Keycap names, printed the same on keyboards in both languages.
const KEY_ENTER = 'Enter';
const KEY_SHIFT = 'Shift';

interface QueryPanelProps {
  draft: string;
  onDraft: (text: string) => void;
  onRun: () => void;
  state: CheckState;
  errorAt: { offset: number; length: number } | null;
  /** Save buttons (they depend on whether a saved filter is being edited). */
  saveActions: ReactNode;
}

/** The query editor with its live status line and the Run / Save buttons. */
export function QueryPanel({ draft, onDraft, onRun, state, errorAt, saveActions }: QueryPanelProps) {
  const t = useT();
  return (
    <div>
      <QueryEditor
        value={draft}
        onChange={onDraft}
        onRun={onRun}
        errorAt={errorAt}
        describedBy="query-status"
        autoFocus
      />
      <Group justify="space-between" align="flex-start" mt={8} gap="sm">
        {/* The status keeps ~12 em; below that the buttons move to the next line. */}
        <div style={{ flex: '1 1 12em', minWidth: '12em' }}>
          <QueryStatus state={state} id="query-status" empty={draft.trim() === ''} />
        </div>
        <Group gap={8}>
          {saveActions}
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={onRun}
            disabled={state.kind === 'error' && errorAt !== null}
            data-testid="query-run"
          >
            {t('filter.run')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {/* The keys are hints a touch-only device has no use for (src/theme/global.css). */}
        <span data-key-hint>
          {tRich('filter.query.runs', {
            enter: <Kbd size="xs">{KEY_ENTER}</Kbd>,
            shift: <Kbd size="xs">{KEY_SHIFT}</Kbd>,
          })}
        </span>
        {tRich('filter.query.syntaxLine', { syntax: <code>{t('filter.query.syntax')}</code> })}
      </Text>
    </div>
  );
}

/** Save buttons: "Save as filter…" normally; "Update" and "Save as new…" while editing one. */
export function SaveActions({
  editingName,
  onSaveNew,
  onUpdate,
  disabled,
}: {
  editingName: string | null;
  onSaveNew: () => void;
  onUpdate: () => void;
  disabled: boolean;
}) {
  const t = useT();
  if (editingName === null) {
    return (
      <Button
        variant="default"
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onSaveNew}
        disabled={disabled}
        data-testid="filter-save"
      >
        {t('filter.saveAs')}
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" onClick={onSaveNew} disabled={disabled} data-testid="filter-save">
        {t('filter.saveAsNew')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onUpdate}
        disabled={disabled}
        data-testid="filter-update"
        maw={260}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {t('filter.update', { name: editingName })}
        </span>
      </Button>
    </>
  );
}
