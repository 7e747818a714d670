/**
 * The last undoable change, kept in the tab's `sessionStorage` so that `z` after a reload still
 * takes it back (undoStore.ts keeps it in step with its one recorded change). Per tab, as a
 * reload is: another tab's `z` never undoes this tab's change, and closing the tab forgets it.
 *
 * Only a change the engine takes back from its token alone is kept: read, saved, hidden and tag
 * flips, and a deleted tag (its name and colour are in the token). Not kept, and so forgotten at
 * a reload: a change the page takes back itself (`recordUndoAction`: its closure cannot be
 * stored), an unsubscribe or a deletion of old articles (their copy lives in the closed page's
 * engine, so the engine could only answer `undo_expired`), and a change of more than
 * KEEP_MAX_IDS articles (its ids would take megabytes of the tab's storage). When the change
 * just recorded cannot be kept, the one kept before is removed: a reload must never make `z`
 * take back an older change than the last one made.
 */
import { type SessionStore, tabSession } from '../app/tabSession';
import type { UndoToken } from '../engine/contract';

/** The `sessionStorage` key. */
export const KEEP_KEY = 'rivulet-undo';
/** A change of more articles than this is not kept (~1 MB of ids as JSON at most). */
export const KEEP_MAX_IDS = 100_000;

/** What is kept of a change: its token, size, the label it was shown with and when. */
export interface KeptChange {
  token: UndoToken;
  count: number;
  /** The notice's text, as shown when the change was made. */
  label: string;
  at: number;
}

type Store = SessionStore;
const session = tabSession;

/**
 * Whether the engine can take `token` back after a reload, and it is small enough to keep. A
 * deleted tag is kept even when no article carried it (its token holds the tag itself).
 */
export function keepable(token: UndoToken): boolean {
  if (token.ids.length > KEEP_MAX_IDS) return false;
  if (token.ids.length === 0 && token.flag !== 'tag-deleted') return false;
  return token.flag !== 'unsubscribed' && token.flag !== 'deleted';
}

/**
 * Keeps `change`, or forgets the kept one (null, or a change that cannot be kept). A store that
 * refuses the write (full) forgets it too. Never throws.
 */
export function keepChange(change: KeptChange | null, store: Store | null = session()): void {
  if (!store) return;
  try {
    if (change && keepable(change.token)) store.setItem(KEEP_KEY, JSON.stringify(change));
    else store.removeItem(KEEP_KEY);
  } catch {
    try {
      store.removeItem(KEEP_KEY);
    } catch {
      // Nothing kept, nothing to remove.
    }
  }
}

/** The kept change, or null when there is none or what is stored is not one (checked). */
export function keptChange(store: Store | null = session()): KeptChange | null {
  let raw: string | null;
  try {
    raw = store?.getItem(KEEP_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Partial<KeptChange> | null;
    if (
      !kept ||
      typeof kept.label !== 'string' ||
      typeof kept.count !== 'number' ||
      typeof kept.at !== 'number' ||
      !validToken(kept.token)
    )
      return null;
    return kept as KeptChange;
  } catch {
    return null;
  }
}

// The shapes `keepable` lets through (the engine checks a token again before it acts on it).
function validToken(token: unknown): token is UndoToken {
  if (typeof token !== 'object' || token === null) return false;
  const t = token as Record<string, unknown>;
  if (!Array.isArray(t.ids) || !t.ids.every((id) => Number.isInteger(id))) return false;
  if (t.flag === 'read' || t.flag === 'saved' || t.flag === 'hidden') return typeof t.set === 'boolean';
  if (t.flag === 'tag') return Number.isInteger(t.tagId) && typeof t.set === 'boolean';
  if (t.flag === 'tag-deleted') return typeof t.tag === 'object' && t.tag !== null;
  return false;
}
