/**
 * Saved filters: named queries (or weighted keyword lists) kept in settings under
 * `automation.filters`. Pure list operations first, then the thin layer over the settings store
 * and the React hooks. Writes go through the settings store, so other tabs follow.
 */
import { useMemo } from 'react';
import { renameTagInQuery } from '../../shared/tagQuery';
import { t } from '../i18n';
import type { FilterKeyword, SavedFilter as StoredFilter } from '../settings/defaults';
import { settingsStore, useSettingsGroup } from '../settings/useSettings';

export type { FilterKeyword };

/** A saved filter as the UI uses it: every field present. `createdAt` is in milliseconds. */
export interface SavedFilter {
  id: string;
  name: string;
  query: string;
  createdAt: number;
  /** Present (non-empty) for keyword filters; their results are ranked, not dated. */
  keywords?: FilterKeyword[];
}

/** What the person edits: a name and either a query or keywords. */
export interface FilterInput {
  name: string;
  query?: string;
  keywords?: FilterKeyword[];
}

/** Longest name kept; longer names are cut (the sidebar shows ~30 characters anyway). */
export const MAX_FILTER_NAME = 80;

/** Fills in what old or hand-edited entries lack (name falls back to the id). */
export function normalizeFilter(f: StoredFilter): SavedFilter {
  const out: SavedFilter = {
    id: f.id,
    name: f.name?.trim() || f.id,
    query: f.query ?? '',
    createdAt: f.createdAt ?? 0,
  };
  if (f.keywords && f.keywords.length > 0) out.keywords = f.keywords.map((k) => ({ ...k }));
  return out;
}

/** True for keyword filters (ranked by relevance through `query.keywords`). */
export function isKeywordFilter(f: Pick<SavedFilter, 'keywords'>): boolean {
  return (f.keywords?.length ?? 0) > 0;
}

/** A keyword filter as one line of text: `rust×2, wasm` (a weight of 1 goes unsaid). */
export function keywordsText(keywords: readonly FilterKeyword[]): string {
  return keywords.map((k) => (k.weight === 1 ? k.keyword : `${k.keyword}×${k.weight}`)).join(', ');
}

/** Keyword rows worth keeping: trimmed, non-blank, finite weight. */
export function cleanKeywords(rows: readonly FilterKeyword[]): FilterKeyword[] {
  return rows
    .map((r) => ({ keyword: r.keyword.trim(), weight: r.weight }))
    .filter((r) => r.keyword !== '' && Number.isFinite(r.weight));
}

/**
 * Checks and tidies an input: the name is trimmed and required; keywords, when given, must keep
 * at least one valid row. Throws an Error with a message for people when the input is unusable.
 */
export function validateFilterInput(input: FilterInput): Required<Pick<FilterInput, 'name' | 'query'>> & {
  keywords?: FilterKeyword[];
} {
  const name = input.name.trim().slice(0, MAX_FILTER_NAME);
  if (!name) throw new Error(t('filter.saved.needName'));
  if (input.keywords !== undefined) {
    const keywords = cleanKeywords(input.keywords);
    if (keywords.length === 0) throw new Error(t('filter.keywords.needOne'));
    return { name, query: '', keywords };
  }
  return { name, query: (input.query ?? '').trim() };
}

/**
 * Throws when another filter than `id` already has this name (trimmed, any case): the sidebar and
 * the saved list show names only, so two of one name cannot be told apart.
 */
function refuseTakenName(list: readonly StoredFilter[], name: string, id?: string): void {
  const key = name.toLocaleLowerCase();
  if (list.some((f) => f.id !== id && normalizeFilter(f).name.trim().toLocaleLowerCase() === key))
    throw new Error(t('filter.saved.nameTaken', { name }));
}

/** A new, practically unique id (time + randomness, base 36). */
export function newFilterId(now: number = Date.now()): string {
  return `f${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Appends a new filter built from `input` to `list` (a copy); returns both. Throws like
 * validateFilterInput, and when another filter has the name.
 */
export function addFilter(
  list: readonly StoredFilter[],
  input: FilterInput,
  now: number = Date.now(),
): { list: StoredFilter[]; filter: SavedFilter } {
  const clean = validateFilterInput(input);
  refuseTakenName(list, clean.name);
  let id = newFilterId(now);
  while (list.some((f) => f.id === id)) id = newFilterId(now);
  const filter: SavedFilter = { id, ...clean, createdAt: now };
  return { list: [...list, filter], filter };
}

/**
 * Replaces the name and/or definition of filter `id` in a copy of `list`. Giving a query turns a
 * keyword filter into a query filter and vice versa. Throws when the id is unknown or the result
 * is invalid.
 */
export function patchFilter(
  list: readonly StoredFilter[],
  id: string,
  patch: Partial<FilterInput>,
): { list: StoredFilter[]; filter: SavedFilter } {
  const index = list.findIndex((f) => f.id === id);
  const current = list[index];
  if (!current) throw new Error(t('filter.saved.gone'));
  const base = normalizeFilter(current);
  const definition =
    patch.keywords !== undefined
      ? { keywords: patch.keywords }
      : patch.query !== undefined
        ? { query: patch.query }
        : base.keywords
          ? { keywords: base.keywords }
          : { query: base.query };
  const clean = validateFilterInput({ name: patch.name ?? base.name, ...definition });
  // Only a new name is checked: a redefinition keeps working for names shared before this check.
  if (clean.name !== base.name) refuseTakenName(list, clean.name, id);
  const filter: SavedFilter = { id, createdAt: base.createdAt, ...clean };
  const next = [...list];
  next[index] = filter;
  return { list: next, filter };
}

/** `list` without filter `id` (the same contents when it is absent). */
export function removeFilter(list: readonly StoredFilter[], id: string): StoredFilter[] {
  return list.filter((f) => f.id !== id);
}

// --- settings-backed operations (always read the latest list, never a rendered copy) ---

function current(): StoredFilter[] {
  return settingsStore.getSnapshot().automation.filters;
}

function save(list: StoredFilter[]): void {
  settingsStore.update('automation', { filters: list });
}

/** Saves a new filter; returns it. Throws an Error with a message for people on invalid input. */
export function createFilter(input: FilterInput): SavedFilter {
  const { list, filter } = addFilter(current(), input);
  save(list);
  return filter;
}

/** Renames or redefines a saved filter; returns it. Throws when it is gone or invalid. */
export function updateFilter(id: string, patch: Partial<FilterInput>): SavedFilter {
  const { list, filter } = patchFilter(current(), id, patch);
  save(list);
  return filter;
}

/**
 * Makes every saved query that names tag `from` (ignoring case) name `to` (shared/tagQuery.ts:
 * `tags = 'x'`, `!=`, `[NOT] IN`), after the tag was renamed. The rules follow in the engine with
 * the same rewrite, so a filter's rule keeps the same query. Returns the filters that changed.
 */
export function renameTagInFilters(from: string, to: string): SavedFilter[] {
  const { next, changed } = renameTagInFilterList(current(), [{ from, to }]);
  if (changed.length > 0) save(next);
  return changed;
}

/** `list` with these tag renames made in order in each query, and the filters that changed. Pure. */
export function renameTagInFilterList(
  list: readonly StoredFilter[],
  renames: ReadonlyArray<{ from: string; to: string }>,
): { next: StoredFilter[]; changed: SavedFilter[] } {
  const changed: SavedFilter[] = [];
  const next = list.map((f) => {
    if (!f.query) return f;
    const query = renames.reduce((q, r) => renameTagInQuery(q, r.from, r.to), f.query);
    if (query === f.query) return f;
    changed.push(normalizeFilter({ ...f, query }));
    return { ...f, query };
  });
  return { next, changed };
}

/** Deletes a saved filter without asking; false when it did not exist. */
export function deleteFilter(id: string): boolean {
  return takeFilter(id) !== null;
}

/** Deletes a saved filter without asking; resolves it and where it stood (for undo), or null. */
export function takeFilter(id: string): { filter: StoredFilter; index: number } | null {
  const list = current();
  const index = list.findIndex((f) => f.id === id);
  const filter = list[index];
  if (!filter) return null;
  save(removeFilter(list, id));
  return { filter, index };
}

/** Puts a deleted filter back where it stood; false when one with its id is here already. */
export function restoreFilter(filter: StoredFilter, index: number): boolean {
  const list = current();
  if (list.some((f) => f.id === filter.id)) return false;
  const next = [...list];
  next.splice(Math.min(index, next.length), 0, filter);
  save(next);
  return true;
}

/** The saved filter with this id, or undefined. Reads the settings snapshot; no subscription. */
export function getSavedFilter(id: string): SavedFilter | undefined {
  const found = current().find((f) => f.id === id);
  return found ? normalizeFilter(found) : undefined;
}

/** Every saved filter, in saved order; re-renders when the list changes (any tab). */
export function useSavedFilters(): SavedFilter[] {
  const { filters } = useSettingsGroup('automation');
  return useMemo(() => filters.map(normalizeFilter), [filters]);
}

/** One saved filter by id (undefined when absent); re-renders when the list changes. */
export function useSavedFilter(id: string | undefined): SavedFilter | undefined {
  const filters = useSavedFilters();
  return id === undefined ? undefined : filters.find((f) => f.id === id);
}
