import { Button, Group, Kbd, Text } from '@mantine/core';
import { IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CheckState } from '../../filters/checkState';
import { QueryEditor } from './QueryEditor';
import { QueryStatus } from './QueryStatus';

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
        <div style={{ flex: 1, minWidth: 0 }}>
          <QueryStatus state={state} id="query-status" />
        </div>
        <Group gap={8}>
          {saveActions}
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={onRun}
            disabled={state.kind === 'error' && errorAt !== null}
            data-testid="query-run"
          >
            Run
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        <Kbd size="xs">Enter</Kbd> runs · <Kbd size="xs">Shift</Kbd>+<Kbd size="xs">Enter</Kbd> new line ·{' '}
        Syntax: <code>field op value</code> joined by AND / OR, then ORDER BY and LIMIT
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
  if (editingName === null) {
    return (
      <Button
        variant="default"
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onSaveNew}
        disabled={disabled}
        data-testid="filter-save"
      >
        Save as filter…
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" onClick={onSaveNew} disabled={disabled} data-testid="filter-save">
        Save as new…
      </Button>
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={onUpdate}
        disabled={disabled}
        data-testid="filter-update"
        maw={260}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>Update “{editingName}”</span>
      </Button>
    </>
  );
}
