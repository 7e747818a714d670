/**
 * The open article the person marked unread by hand, kept in the tab's `sessionStorage` so that a
 * reload, which opens the same address again, does not mark it read again (opening an article
 * marks it read: ItemsView's `revealAt`). It is forgotten as soon as the reader shows another
 * article or closes, so opening it again later (a click, j/k, Forward) marks it read as usual.
 * One id per tab: only the open article can be kept, and there is one.
 */
import { useEffect } from 'react';
import { FLAG_READ } from '../../shared/flags';
import type { ItemRow } from '../engine/contract';

import { type SessionStore, tabSession } from '../app/tabSession';

/** The `sessionStorage` key. */
export const KEPT_UNREAD_KEY = 'rivulet-kept-unread';

type Store = SessionStore;
const session = tabSession;

let inMemory: number | null = null;

/** Keeps `id` (the open article, just marked unread by hand). Never throws. */
export function keepUnread(id: number, store: Store | null = session()): void {
  inMemory = id;
  try {
    store?.setItem(KEPT_UNREAD_KEY, String(id));
  } catch {
    // A full store: this page still remembers it.
  }
}

/** Whether `id` is the article kept unread. */
export function isKeptUnread(id: number, store: Store | null = session()): boolean {
  if (inMemory === id) return true;
  try {
    return store?.getItem(KEPT_UNREAD_KEY) === String(id);
  } catch {
    return false;
  }
}

/** Forgets the kept article unless it is `openId` (the reader still shows it). Never throws. */
export function forgetKeptUnread(openId: number | null, store: Store | null = session()): void {
  if (openId !== null && isKeptUnread(openId, store)) return;
  inMemory = null;
  try {
    store?.removeItem(KEPT_UNREAD_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * A list's toggle of read wrapped so that marking the open article (`openId`) unread keeps it
 * so through a reload, and the kept article is forgotten when the reader moves on or closes.
 */
export function useKeptUnread(
  openId: number | null,
  toggleRead: (row: ItemRow) => void,
): (row: ItemRow) => void {
  useEffect(() => forgetKeptUnread(openId), [openId]);
  return (row) => {
    if (row.id === openId && (row.flags & FLAG_READ) !== 0) keepUnread(row.id);
    toggleRead(row);
  };
}
