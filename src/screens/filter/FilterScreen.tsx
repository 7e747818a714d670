import { Paper, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '../../components/Screen';
import { useQueryHistory } from '../../filters/queryHistory';
import { parseRelatedParam } from '../../filters/related';
import {
  cleanKeywords,
  createFilter,
  type FilterKeyword,
  isKeywordFilter,
  type SavedFilter,
  updateFilter,
  useSavedFilter,
  useSavedFilters,
} from '../../filters/savedFilters';
import { useQueryCheck } from '../../filters/useQueryCheck';
import { Examples } from './Examples';
import classes from './Filter.module.css';
import { FilterResults } from './FilterResults';
import { History } from './History';
import { KeywordPanel } from './KeywordPanel';
import { NameModal } from './NameModal';
import { QueryPanel, SaveActions } from './QueryPanel';
import { RelatedView } from './RelatedView';
import { SavedFiltersList } from './SavedFiltersList';

type Mode = 'query' | 'keywords';
const EMPTY_ROWS: FilterKeyword[] = [{ keyword: '', weight: 1 }];

/** Route `/filter`: the query editor, or the related-articles view with `?related=<itemId>`. */
export function FilterScreen() {
  const [params] = useSearchParams();
  const related = parseRelatedParam(params.get('related'));
  if (related !== null) return <RelatedView key={related} itemId={related} />;
  return <FilterEditor />;
}

/**
 * The editor page. The address holds what was run (`q`), the saved filter being edited (`edit`)
 * and the mode (`mode=keywords`), so reloading or going back shows the same results.
 */
function FilterEditor() {
  const [params, setParams] = useSearchParams();
  const ranQuery = params.get('q');
  const editId = params.get('edit');
  const mode: Mode = params.get('mode') === 'keywords' ? 'keywords' : 'query';
  const filters = useSavedFilters();
  const editing = useSavedFilter(editId ?? undefined);

  const [draft, setDraft] = useState(ranQuery ?? editing?.query ?? '');
  // Back/forward or a link changing `q` replaces the draft (React's "adjust state on prop change").
  const [seenQuery, setSeenQuery] = useState(ranQuery);
  if (seenQuery !== ranQuery) {
    setSeenQuery(ranQuery);
    if (ranQuery !== null) setDraft(ranQuery);
  }
  const [rows, setRows] = useState<FilterKeyword[]>(editing?.keywords ?? EMPTY_ROWS);
  const [ranKeywords, setRanKeywords] = useState<FilterKeyword[] | null>(
    editing?.keywords && mode === 'keywords' ? editing.keywords : null,
  );
  const [naming, setNaming] = useState(false);
  const check = useQueryCheck(draft);
  const { history, push, clear } = useQueryHistory();

  const setAddress = (next: { q?: string | null; edit?: string | null; mode?: Mode }) => {
    const p = new URLSearchParams();
    const q = next.q === undefined ? ranQuery : next.q;
    const edit = next.edit === undefined ? editId : next.edit;
    const m = next.mode ?? mode;
    if (m === 'keywords') p.set('mode', 'keywords');
    if (q !== null && m === 'query') p.set('q', q);
    if (edit) p.set('edit', edit);
    setParams(p);
  };

  const runQuery = (text: string = draft) => {
    setDraft(text);
    push(text);
    setAddress({ q: text });
  };
  const runKeywords = () => setRanKeywords(cleanKeywords(rows));
  const pick = (text: string) => runQuery(text);

  const edit = (f: SavedFilter) => {
    if (isKeywordFilter(f)) {
      setRows(f.keywords ?? EMPTY_ROWS);
      setRanKeywords(f.keywords ?? null);
      setAddress({ edit: f.id, mode: 'keywords', q: null });
    } else {
      setDraft(f.query);
      push(f.query);
      setAddress({ edit: f.id, mode: 'query', q: f.query });
    }
  };

  const definition = () => (mode === 'keywords' ? { keywords: rows } : { query: draft });
  const editingName = editing && isKeywordFilter(editing) === (mode === 'keywords') ? editing.name : null;
  const invalid =
    mode === 'keywords'
      ? cleanKeywords(rows).length === 0
      : check.state.kind === 'error' && check.errorAt !== null;

  return (
    <Screen
      id="filter"
      title="Filters"
      actions={
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => setAddress({ mode: v === 'keywords' ? 'keywords' : 'query', edit: null })}
          data={[
            { value: 'query', label: 'Query' },
            { value: 'keywords', label: 'Keywords' },
          ]}
          data-testid="filter-mode"
        />
      }
    >
      <Paper withBorder radius="md" p="md">
        {mode === 'query' ? (
          <QueryPanel
            draft={draft}
            onDraft={setDraft}
            onRun={() => runQuery()}
            state={check.state}
            errorAt={check.errorAt}
            saveActions={
              <SaveActions
                editingName={editingName}
                disabled={invalid}
                onSaveNew={() => setNaming(true)}
                onUpdate={() => editing && updateFilter(editing.id, definition())}
              />
            }
          />
        ) : (
          <KeywordPanel
            rows={rows}
            onRows={setRows}
            onRun={runKeywords}
            saveActions={
              <SaveActions
                editingName={editingName}
                disabled={invalid}
                onSaveNew={() => setNaming(true)}
                onUpdate={() => editing && updateFilter(editing.id, definition())}
              />
            }
          />
        )}
      </Paper>

      <div className={classes.panels}>
        {mode === 'query' && <Examples onPick={pick} />}
        {mode === 'query' && <History history={history} onPick={pick} onClear={clear} />}
        <SavedFiltersList filters={filters} editingId={editing?.id ?? null} onEdit={edit} />
      </div>

      {mode === 'query' && ranQuery !== null && <FilterResults kind="query" query={ranQuery} />}
      {mode === 'keywords' && ranKeywords !== null && ranKeywords.length > 0 && (
        <FilterResults kind="keywords" keywords={ranKeywords} />
      )}

      <NameModal
        opened={naming}
        title="Save filter"
        confirmLabel="Save"
        initialName=""
        onClose={() => setNaming(false)}
        onSave={(name) => {
          const saved = createFilter({ name, ...definition() });
          setAddress({ edit: saved.id });
        }}
      />
    </Screen>
  );
}
