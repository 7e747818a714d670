/**
 * What a page hands to the next page of its tab. A page can go at any moment: a reload, Back out
 * of the app, a tab the phone discards while another app is in front. Its last chance to write
 * is when it is hidden or left; what it writes to the tab's sessionStorage outlives both a reload
 * and a discarded tab (not a closed tab). Used by the reader's place (src/reader/readingPlace.ts)
 * and by the flag changes still on their way (src/items/flagJournal.ts).
 */
import { tabSession } from './tabSession';

/**
 * Calls `save` each time the page is hidden (another app or tab in front: it may be discarded
 * without another word) or left (`pagehide`: a reload, a navigation away). Returns the unsubscribe.
 */
export function onPageLeaving(save: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Keeps `value` (as JSON) under `key` for the next page of this tab, or removes it for null.
 * False when the storage refused it (a sandboxed frame, a full quota). Never throws.
 */
export function leaveForNextPage(key: string, value: unknown): boolean {
  try {
    const store = tabSession();
    if (!store) return false;
    if (value === null) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** What a page of this tab left under `key` (parsed), or null: nothing, or nothing readable. */
export function fromLastPage(key: string): unknown {
  try {
    const raw = tabSession()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}
