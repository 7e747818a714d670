/**
 * The list's selection kept with its history entry, so a reload, Back and Forward come back to
 * the article that was selected (and bring it into view) if the list still holds it. The mark is
 * written into the browser's current entry in place (`history.replaceState` of the router's own
 * entry, its `key` and `idx` kept): no entry is added, the router does not navigate, and the
 * entries articleAddress.ts pushes and replaces keep their own marks beside it. The router reads
 * it back as the location's state when it lands on the entry (a reload, Back, Forward).
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
  const entry = win.history.state as { key?: unknown; usr?: unknown } | null;
  // The router's first entry has no key of its own: it reads as 'default' (its index is there).
  if (typeof entry !== 'object' || entry === null || (entry.key ?? 'default') !== key) return false;
  const now = selectedIn(entry.usr);
  if (now?.id === mark?.id && now?.pubDate === mark?.pubDate) return false;
  win.history.replaceState({ ...entry, usr: withSelected(entry.usr, mark) }, '');
  return true;
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
  const [wanted, setWanted] = useState(() => (openId === null ? selectedIn(location.state) : null));
  const selectedId = selectedRow?.id ?? null;
  if (wanted !== null && selectedId !== null) setWanted(null);
  // A kept article read meanwhile in a list that hides read ones is not brought back.
  usePlaceInList(wanted, data, hidesRead, rowInList, false);
  useOpenRequest(wanted?.id ?? null, data.rows, reveal);

  const selectedDate = selectedRow?.pubDate ?? null;
  const key = location.key;
  const restoring = wanted !== null;
  // At most WRITE_BURST writes a second (the rest a moment later): a held j moves the selection
  // ~30 times a second, and Chromium ignores history calls past 200 in 10 s for a while, the
  // router's own navigations included. Every j of a person stepping is written at once (so a
  // Back right after it leaves the entry saying so); a page leaving (a reload) writes what waits.
  const writes = useRef<{ stamps: number[]; timer?: ReturnType<typeof setTimeout>; waiting?: () => void }>({
    stamps: [],
  });
  useEffect(() => {
    // Until the kept article is found, the entry goes on naming it (a reload meanwhile finds it).
    if (restoring) return;
    const w = writes.current;
    const mark =
      selectedId === null || selectedDate === null ? null : { id: selectedId, pubDate: selectedDate };
    const write = () => {
      w.waiting = undefined;
      if (markEntry(key, mark)) w.stamps.push(Date.now());
    };
    clearTimeout(w.timer);
    const now = Date.now();
    w.stamps = w.stamps.filter((at) => now - at < 1000);
    if (w.stamps.length < WRITE_BURST) write();
    else {
      w.waiting = write;
      w.timer = setTimeout(write, w.stamps[0]! + 1000 - now);
    }
  }, [key, selectedId, selectedDate, restoring]);
  useEffect(() => {
    const w = writes.current;
    const now = () => {
      clearTimeout(w.timer);
      w.waiting?.();
    };
    window.addEventListener('pagehide', now);
    return () => {
      window.removeEventListener('pagehide', now);
      now();
    };
  }, []);
}
