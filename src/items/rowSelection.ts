/**
 * The list's selected row (j/k, m, s, Enter act on it), held as the article it is, not only as a
 * place: new articles arriving above it, rows hidden by "only unread" or a list fetched again
 * (mark all read, its undo) left the index where it was, and m then marked whatever article had
 * moved into that place.
 */
import { useCallback, useState } from 'react';

interface Selection {
  index: number;
  /** The article selected; null when nothing is, or the row was not loaded yet. */
  id: number | null;
}

/**
 * Where `sel` is in `rows`: its article's new place when it moved, else the same place (which
 * then names the article now there, or keeps waiting while the rows are not loaded). O(1) while
 * the article stays put; O(rows) once when it moves.
 */
export function followSelection(sel: Selection, rows: readonly { id: number }[]): Selection {
  if (sel.index < 0 || rows[sel.index]?.id === sel.id) return sel;
  // Selected before its row was loaded: it is the article that arrives there.
  if (sel.id === null) return rows[sel.index] ? { index: sel.index, id: rows[sel.index]!.id } : sel;
  const at = rows.findIndex((r) => r.id === sel.id);
  if (at >= 0) return { index: at, id: sel.id };
  // Gone from the list (or not loaded yet): the place stays, and whatever is there is selected.
  const there = rows[sel.index];
  return there ? { index: sel.index, id: there.id } : sel;
}

/** `[selected index, select(index)]`, following the selected article as `rows` change. */
export function useRowSelection(rows: readonly { id: number }[]): [number, (index: number) => void] {
  const [sel, setSel] = useState<Selection>({ index: -1, id: null });
  const followed = followSelection(sel, rows);
  // Derived state, set during render (React re-renders at once, before anything is painted).
  if (followed !== sel) setSel(followed);
  const select = useCallback((index: number) => setSel({ index, id: rows[index]?.id ?? null }), [rows]);
  return [followed.index, select];
}
