import { Button, Collapse, Group, Paper, SegmentedControl } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { CheckState } from '../../filters/checkState';
import { cleanKeywords, type FilterKeyword, type SavedFilter } from '../../filters/savedFilters';
import { Examples } from './Examples';
import classes from './Filter.module.css';
import { History } from './History';
import { KeywordPanel } from './KeywordPanel';
import { QueryPanel, SaveActions } from './QueryPanel';
import { RulesList } from './RulesList';
import { SavedFiltersList } from './SavedFiltersList';
import { useT } from '../../i18n';

export type Mode = 'query' | 'keywords';

interface FilterPanelProps {
  mode: Mode;
  onMode: (mode: Mode) => void;
  draft: string;
  onDraft: (text: string) => void;
  onRunQuery: (text: string) => void;
  check: { state: CheckState; errorAt: { offset: number; length: number } | null };
  rows: readonly FilterKeyword[];
  onRows: (rows: FilterKeyword[]) => void;
  onRunKeywords: () => void;
  /** The saved filter loaded in the editor (same kind as the mode), else null. */
  editing: SavedFilter | null;
  onSaveNew: () => void;
  onUpdate: () => void;
  panelsOpen: boolean;
  onPanelsOpen: (open: boolean) => void;
  filters: readonly SavedFilter[];
  onEdit: (filter: SavedFilter) => void;
  history: readonly string[];
  onClearHistory: () => void;
}

/** Everything above the results: mode switch, editor, and the examples / recent / saved panels. */
export function FilterPanel(p: FilterPanelProps) {
  const t = useT();
  const invalid =
    p.mode === 'keywords'
      ? cleanKeywords(p.rows).length === 0
      : p.check.state.kind === 'error' && p.check.errorAt !== null;
  const save = (
    <SaveActions
      editingName={p.editing?.name ?? null}
      disabled={invalid}
      onSaveNew={p.onSaveNew}
      onUpdate={p.onUpdate}
    />
  );
  return (
    <div data-testid="filter-panel">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb={8}>
          <SegmentedControl
            size="xs"
            value={p.mode}
            onChange={(v) => p.onMode(v === 'keywords' ? 'keywords' : 'query')}
            data={[
              { value: 'query', label: t('filter.modes.query') },
              { value: 'keywords', label: t('filter.modes.keywords') },
            ]}
            data-testid="filter-mode"
          />
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            rightSection={
              <IconChevronDown
                size={14}
                style={{
                  transform: p.panelsOpen ? 'rotate(180deg)' : undefined,
                  transition: 'transform 150ms',
                }}
              />
            }
            onClick={() => p.onPanelsOpen(!p.panelsOpen)}
            aria-expanded={p.panelsOpen}
            data-testid="filter-panels-toggle"
          >
            {p.mode === 'query' ? t('filter.panelsQuery') : t('filter.panelsKeywords')}
          </Button>
        </Group>
        {p.mode === 'query' ? (
          <QueryPanel
            draft={p.draft}
            onDraft={p.onDraft}
            // Enter does what the Run button does: nothing while the text on screen has an error
            // (else the run lists an error box and the history keeps a query that cannot run).
            onRun={() => {
              if (!invalid) p.onRunQuery(p.draft);
            }}
            state={p.check.state}
            errorAt={p.check.errorAt}
            saveActions={save}
          />
        ) : (
          <KeywordPanel rows={p.rows} onRows={p.onRows} onRun={p.onRunKeywords} saveActions={save} />
        )}
        <Collapse expanded={p.panelsOpen}>
          <div className={classes.panels} data-testid="filter-panels">
            {p.mode === 'query' && <Examples onPick={p.onRunQuery} />}
            {p.mode === 'query' && (
              <History history={p.history} onPick={p.onRunQuery} onClear={p.onClearHistory} />
            )}
            <SavedFiltersList filters={p.filters} editingId={p.editing?.id ?? null} onEdit={p.onEdit} />
            {p.mode === 'query' && <RulesList filters={p.filters} onEdit={p.onEdit} />}
          </div>
        </Collapse>
      </Paper>
    </div>
  );
}
