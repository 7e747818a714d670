/**
 * The list's selection kept with its history entry, so a reload, Back and Forward come back to
 * the article that was selected (and bring it into view) if the list still holds it. The mark is
 * written into the browser's current entry in place (`history.replaceState` of the router's own
 * entry, its `key` and `idx` kept): no entry is added, the router does not navigate, and the
 * entries articleAddress.ts pushes and replaces keep their own marks beside it. The router reads
 * it back as the location's state when it lands on the entry (a reload, Back, Forward).
 *
 * Writes are limited to a few a second (a held j), so the last may still wait when the entry is
 * left: a reload writes it first (`beforeunload`); an entry the browser has left already (a
 * navigation, Back) has it kept in memory and read from there when a list lands on it again.
 *
 * A list restores it when it mounts (each list is its own ItemsView: a reload, Back or Forward
 * from another list or screen); a list that stays mounted keeps its own selection, which is
 * fresher (Back from the reader returns to the article j stepped to, not the one opened first).
 * An address naming an article wins over the mark: that article is selected.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ItemRow } from '../engine/contract';
import { usePlaceInList } from './openArticle';
import type { ItemsData } from './useItemsData';
import { useOpenRequest } from './useOpenRequest';

/** Most writes of the mark in a second. */
const WRITE_BURST = 8;

/** The key of the mark in an entry's state (beside articleAddress.ts's and the overlays'). */
const SELECTED = 'rivuletSelected';

/** The selected article, as the entry keeps it (its date lets the list find it past its pages). */
export interface SelectedMark {
  id: number;
  pubDate: number;
}

/** The selection an entry's state keeps, or null (none, or not one this app wrote). */
export function selectedIn(state: unknown): SelectedMark | null {
  if (typeof state !== 'object' || state === null) return null;
  const mark = (state as Record<string, unknown>)[SELECTED];
  if (typeof mark !== 'object' || mark === null) return null;
  const { id, pubDate } = mark as Record<string, unknown>;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && typeof pubDate === 'number'
    ? { id, pubDate }
    : null;
}

/** `state` (an entry's own, kept) with the selection `mark` (none: removed). */
export function withSelected(state: unknown, mark: SelectedMark | null): Record<string, unknown> {
  const own = typeof state === 'object' && state !== null ? { ...(state as Record<string, unknown>) } : {};
  if (mark) own[SELECTED] = { id: mark.id, pubDate: mark.pubDate };
  else delete own[SELECTED];
  return own;
}

/** The router's key of the browser's current entry (its first has none: 'default'), else null. */
function entryKey(win: Pick<Window, 'history'>): string | null {
  const entry = win.history.state as { key?: unknown } | null;
  if (typeof entry !== 'object' || entry === null) return null;
  return typeof entry.key === 'string' ? entry.key : 'default';
}

/**
 * Writes `mark` into the browser's current entry when that entry is the router's entry `key`
 * (a navigation the router has made but not rendered yet has moved the browser on: its entry is
 * left alone). Writes nothing when the entry already says so. True when it wrote.
 */
export function markEntry(
  key: string,
  mark: SelectedMark | null,
  win: Pick<Window, 'history'> = window,
): boolean {
  if (entryKey(win) !== key) return false;
  const entry = win.history.state as { usr?: unknown };
  const now = selectedIn(entry.usr);
  if (now?.id === mark?.id && now?.pubDate === mark?.pubDate) return false;
  win.history.replaceState({ ...entry, usr: withSelected(entry.usr, mark) }, '');
  return true;
}

/**
 * Marks of entries the browser left while their write still waited (the burst limit below): a
 * page can write only its current entry, so the mark is kept here, by the entry's key, for when a
 * list lands on that entry again (Back, Forward). In memory: a page's entries' keys are its own.
 */
const left = new Map<string, SelectedMark | null>();
const LEFT_KEPT = 50;

/** The selection entry `key` keeps: one kept for it when it was left, else its state's. */
export function markFor(key: string, state: unknown): SelectedMark | null {
  return left.has(key) ? left.get(key)! : selectedIn(state);
}

/**
 * Writes a mark that waited into its entry, `key`, if the browser is still on it; else keeps it
 * for that entry (`markFor`). True when it wrote into the history.
 */
export function settleMark(
  key: string,
  mark: SelectedMark | null,
  win: Pick<Window, 'history'> = window,
): boolean {
  if (entryKey(win) === key) return markEntry(key, mark, win);
  left.delete(key);
  left.set(key, mark);
  if (left.size > LEFT_KEPT) left.delete(left.keys().next().value!);
  return false;
}

/** Forgets the mark kept for entry `key` (a list on it writes a newer one). */
export function forgetLeftMark(key: string): void {
  left.delete(key);
}

/**
 * Keeps the selection with the history entry (see the file comment). `selectedRow` is the row
 * selected now; `openId` the article the address opens; `reveal(index)` selects a row and
 * scrolls it into view (without reading it). A mark whose article is not loaded is looked for as
 * an opened article is (`usePlaceInList`); the person moving the selection first drops it.
 */
export function useSelectionEntry(
  selectedRow: ItemRow | undefined,
  openId: number | null,
  data: ItemsData,
  hidesRead: boolean,
  rowInList: ((at: { id: number; pubDate: number }) => Promise<ItemRow | null>) | undefined,
  reveal: (index: number) => void,
): void {
  const location = useLocation();
  // What the entry asked for when the list mounted; cleared once any row is selected (this one,
  // revealed, or another the person chose first).
  const [wanted, setWanted] = useState(() =>
    openId === null ? markFor(location.key, location.state) : null,
  );
  const selectedId = selectedRow?.id ?? null;
  if (wanted !== null && selectedId !== null) setWanted(null);
  // A kept article read meanwhile in a list that hides read ones is not brought back: the row
  // after it is selected instead (the reader comes back where they were, not at the top).
  const standIn = usePlaceInList(wanted, data, hidesRead, rowInList, false);
  useOpenRequest(standIn ?? wanted?.id ?? null, data.rows, reveal);

  const selectedDate = selectedRow?.pubDate ?? null;
  const key = location.key;
  const restoring = wanted !== null;
  // At most WRITE_BURST writes a second (the rest a moment later): a held j moves the selection
  // ~30 times a second, and Chromium ignores history calls past 200 in 10 s for a while, the
  // router's own navigations included. Every j of a person stepping is written at once (so a
  // Back right after it leaves the entry saying so). What waits is written when the entry is
  // left: a page leaving (a reload) writes it at once, on `beforeunload` (Chromium's reload has
  // taken the entry's state by `pagehide`: a write then was lost) and `pagehide` (a browser that
  // sends no `beforeunload`, as Safari on iOS may not); an entry the browser has already left (a
  // navigation, Back) gets it when a list lands there again (`settleMark`).
  const writes = useRef<{ stamps: number[]; timer?: ReturnType<typeof setTimeout>; waiting?: Waiting }>({
    stamps: [],
  });
  useEffect(() => {
    const w = writes.current;
    if (w.waiting && w.waiting.key !== key) settle(w);
    // Until the kept article is found, the entry goes on naming it (a reload meanwhile finds it).
    if (restoring) return;
    forgetLeftMark(key);
    const mark =
      selectedId === null || selectedDate === null ? null : { id: selectedId, pubDate: selectedDate };
    clearTimeout(w.timer);
    w.waiting = { key, mark };
    const now = Date.now();
    w.stamps = w.stamps.filter((at) => now - at < 1000);
    if (w.stamps.length < WRITE_BURST) settle(w);
    else w.timer = setTimeout(() => settle(w), w.stamps[0]! + 1000 - now);
  }, [key, selectedId, selectedDate, restoring]);
  useEffect(() => {
    const w = writes.current;
    const now = () => settle(w);
    window.addEventListener('beforeunload', now);
    window.addEventListener('pagehide', now);
    return () => {
      window.removeEventListener('beforeunload', now);
      window.removeEventListener('pagehide', now);
      now();
    };
  }, []);
}

/** A write of the selection into entry `key` held back by the burst limit. */
interface Waiting {
  key: string;
  mark: SelectedMark | null;
}

/** Writes what waits in `w` now (see `settleMark`), counting a write into the history. */
function settle(w: { stamps: number[]; timer?: ReturnType<typeof setTimeout>; waiting?: Waiting }): void {
  clearTimeout(w.timer);
  const waiting = w.waiting;
  w.waiting = undefined;
  if (waiting && settleMark(waiting.key, waiting.mark)) w.stamps.push(Date.now());
}
