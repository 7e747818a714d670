import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { DescribeFilter } from '../../ai/DescribeFilter';
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
import { useDocumentTitle } from '../../filters/useDocumentTitle';
import { queryThroughRenames, type TagRename } from '../../filters/queryRenames';
import { useAddressDraft } from '../../filters/useAddressDraft';
import { useQueryCheck } from '../../filters/useQueryCheck';
import { liveEntryState } from '../../app/historyState';
import { ItemsView } from '../../items/ItemsView';
import { FilterPanel, type Mode } from './FilterPanel';
import { NameModal } from './NameModal';
import { RanSummary, ranText } from './RanSummary';
import { RelatedView } from './RelatedView';
import { RuleEditor } from './RuleEditor';
import { rulesListQuery } from '../../rules/queries';
import { ruleOfFilter, syncRuleWithFilter } from '../../rules/sync';
import { type Ran, resultsSource } from './resultsSource';
import { useT } from '../../i18n';
import { tagsQuery } from '../../tags/api';
import { useTagRenames } from '../../tags/useTagRenames';
import { renameTagInQuery } from '../../../shared/tagQuery';

const EMPTY_ROWS: FilterKeyword[] = [{ keyword: '', weight: 1 }];

/** Route `/filter`: the query editor, or the related-articles view with `?related=<itemId>`. */
export function FilterScreen() {
  const [params] = useSearchParams();
  const related = parseRelatedParam(params.get('related'));
  if (related !== null) return <RelatedView key={related} itemId={related} />;
  return <FilterEditor />;
}

/**
 * The editor above the standard items list. The address holds what was run (`q`), the saved
 * filter being edited (`edit`) and the mode (`mode=keywords`), so reload and back keep them.
 */
function FilterEditor() {
  const t = useT();
  useDocumentTitle(t('filter.title'));
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The tag renames seen while this page is open, in order. The query in the address reads through
  // those that came after its history entry was first seen (`seenAt`, by entry): an entry from
  // before a rename (Back from Manage tags lands on the one under its own) runs the query naming
  // the new tag, and its address is rewritten to it below, as a new entry that has seen them all.
  const [renames, setRenames] = useState<readonly TagRename[]>([]);
  const [seenAt, setSeenAt] = useState<ReadonlyMap<string, number>>(() => new Map());
  if (!seenAt.has(location.key)) setSeenAt(new Map(seenAt).set(location.key, renames.length));
  const seen = seenAt.get(location.key) ?? renames.length;
  const addressQuery = params.get('q');
  const ranQuery = useMemo(
    () => (addressQuery === null ? null : queryThroughRenames(addressQuery, renames, seen)),
    [addressQuery, renames, seen],
  );
  const editId = params.get('edit');
  const mode: Mode = params.get('mode') === 'keywords' ? 'keywords' : 'query';
  const filters = useSavedFilters();
  const editing = useSavedFilter(editId ?? undefined);

  // Back/forward or a link changing `q` replaces the draft; the editor's own changes do not.
  const { draft, setDraft, expect: expectQuery } = useAddressDraft(ranQuery, editing?.query ?? '');
  const [rows, setRows] = useState<FilterKeyword[]>(editing?.keywords ?? EMPTY_ROWS);
  const [ranKeywords, setRanKeywords] = useState<FilterKeyword[] | null>(
    mode === 'keywords' ? (editing?.keywords ?? null) : null,
  );
  const [naming, setNaming] = useState(false);
  const [panelsOpen, setPanelsOpen] = useState(ranQuery === null);
  // On a phone the editor folds to one line once a query has run (RanSummary); Edit opens it.
  // Not while a saved filter is being edited: its rule editor below keeps unsaved changes.
  const phone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const [editorOpen, setEditorOpen] = useState(false);
  const check = useQueryCheck(draft);
  const { history, push, clear } = useQueryHistory();
  const rules = useQuery(rulesListQuery());
  const tags = useQuery(tagsQuery());
  // A tag renamed while the editor is open (the saved filters and rules are renamed with it):
  // the draft and the query run follow, so the results stay, and a Save, Update or rule Save
  // afterwards names the new tag, not the old one.
  useTagRenames(tags.data, (from, to) => {
    setDraft((text) => renameTagInQuery(text, from, to));
    setRenames((list) => [...list, [from, to]]);
  });
  useEffect(() => {
    if (ranQuery === null || ranQuery === addressQuery) return;
    const next = new URLSearchParams(params);
    next.set('q', ranQuery);
    // The entry keeps its history state: a rename made in Manage tags, whose open dialog is a
    // mark in that state (tags/manageEntry.ts), must not close it. The live entry's, not this
    // render's: the dialog's push may not have rendered yet (historyState.ts).
    setParams(next, { replace: true, state: liveEntryState() });
    // `location` too: it is a new object for every move, where the query may read the same. The
    // router renders moves in transitions, which can fold a push, this replace and the Back after
    // them into one render showing the address this effect last saw, and Back then kept the
    // entry under the dialog naming the old tag.
  }, [ranQuery, addressQuery, params, setParams, location]);

  const setAddress = (next: { q?: string | null; edit?: string | null; mode?: Mode }) => {
    const p = new URLSearchParams();
    const m = next.mode ?? mode;
    const q = next.q === undefined ? ranQuery : next.q;
    const edit = next.edit === undefined ? editId : next.edit;
    if (m === 'keywords') p.set('mode', 'keywords');
    if (q !== null && m === 'query') p.set('q', q);
    if (edit) p.set('edit', edit);
    expectQuery(m === 'query' ? q : null);
    // Rendered at once, not in the router's transition: the next click (Run right after Save)
    // reads the address from this render, and a stale one dropped the `edit` Save had just set.
    setParams(p, { flushSync: true });
  };

  const runQuery = (text: string) => {
    setDraft(text);
    push(text);
    setAddress({ q: text });
    setPanelsOpen(false);
    setEditorOpen(false);
  };
  const runKeywords = () => {
    setRanKeywords(cleanKeywords(rows));
    setPanelsOpen(false);
    setEditorOpen(false);
  };
  const edit = (f: SavedFilter) => {
    setEditorOpen(true);
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

  const ran: Ran =
    mode === 'query'
      ? ranQuery === null
        ? { kind: 'none' }
        : { kind: 'query', text: ranQuery }
      : ranKeywords && ranKeywords.length > 0
        ? { kind: 'keywords', keywords: ranKeywords }
        : { kind: 'none' };
  // ItemsView keys its cache by listKey content, so a fresh fetcher per render is fine.
  // Exactly what the query selects, as the match line counts it (no silent only-unread).
  const source = resultsSource(ran, false);
  const folded = phone && !editorOpen && editId === null && ran.kind !== 'none';

  const panel = (
    <FilterPanel
      mode={mode}
      onMode={(m) => setAddress({ mode: m, edit: null })}
      draft={draft}
      onDraft={setDraft}
      onRunQuery={runQuery}
      check={check}
      rows={rows}
      onRows={setRows}
      onRunKeywords={runKeywords}
      editing={editing && isKeywordFilter(editing) === (mode === 'keywords') ? editing : null}
      onSaveNew={() => setNaming(true)}
      onUpdate={() => {
        if (!editing) return;
        const saved = updateFilter(editing.id, definition());
        if (isKeywordFilter(saved)) return;
        // The address and the results follow the saved query (a reload showed the query run
        // before the edit, and Update again would have saved that one back).
        setAddress({ q: saved.query });
        // The rule keeps a copy of the query: follow the edit (nothing to do without a rule).
        void syncRuleWithFilter(saved).catch(() => undefined);
      }}
      panelsOpen={panelsOpen}
      onPanelsOpen={setPanelsOpen}
      filters={filters}
      onEdit={edit}
      history={history}
      onClearHistory={clear}
    />
  );

  return (
    <div data-testid="screen-filter" style={{ display: 'contents' }}>
      <ItemsView
        listKey={source.listKey}
        fetchPage={source.fetchPage}
        title={t('filter.title')}
        headerExtra={
          folded ? (
            <RanSummary text={ranText(ran)} onEdit={() => setEditorOpen(true)} />
          ) : (
            <>
              {panel}
              {/* Only with an engine that has rules (an older engine in another tab answers an error). */}
              {mode === 'query' && editing && !isKeywordFilter(editing) && rules.isSuccess && (
                <RuleEditor
                  key={`${editing.id}:${ruleOfFilter(rules.data, editing.id)?.id ?? 'new'}`}
                  filter={editing}
                  query={draft}
                  queryError={check.state.kind === 'error' ? check.state.message : null}
                  rule={ruleOfFilter(rules.data, editing.id)}
                  tags={tags.data}
                />
              )}
              {mode === 'query' && <DescribeFilter onRun={runQuery} />}
            </>
          )
        }
        ranked={ran.kind === 'keywords'}
        showsRead
        // Before a query runs the list is empty by design: no "0 articles" beside the live
        // match count under the editor.
        noCount={ran.kind === 'none'}
        markAllFilter={
          ran.kind === 'query'
            ? { query: ran.text }
            : ran.kind === 'keywords'
              ? { keywords: ran.keywords }
              : undefined
        }
        emptyState={
          <Text c="dimmed" py="xl" ta="center" data-testid="filter-results-empty">
            {ran.kind === 'none' ? t('filter.runEmpty') : t('filter.noMatch')}
          </Text>
        }
      />
      <NameModal
        opened={naming}
        title={t('filter.saveTitle')}
        confirmLabel={t('filter.save')}
        initialName=""
        onClose={() => setNaming(false)}
        onSave={(name) => {
          const saved = createFilter({ name, ...definition() });
          setAddress({ edit: saved.id });
        }}
      />
    </div>
  );
}
