/**
 * The last bulk change (read/saved state, tags, an unsubscribe, a feed edit), kept so it can be
 * taken back: the notice's Undo button and the `z` key call `undoLast`. One change is kept (a
 * newer one replaces it), so Undo always means "the change just made". Scroll marking sends many
 * small batches; those of one burst (same `burst` key, each within BURST_MS of the previous)
 * merge into one change. No React here: `UndoHost.tsx` shows it, tests drive it directly.
 *
 * Most changes are made before they can be recorded: the record needs the engine's answer (its
 * undo token), and scroll marks wait in a batch for a pause first (src/items/useListActions.ts).
 * So a change is made through `makeChange`, which counts it as under way from the moment the
 * person made it until it is recorded, and an undo first sends what is held (`holdChanges`) and
 * waits for what is under way: `z` pressed a moment after "Mark above", a tag or a scroll takes
 * back that change, not the one before it. Changes are ordered by when they were made, not by
 * when the engine answered: a record that comes after that of a change made later is dropped.
 *
 * The change is also kept in the tab's sessionStorage (undoKeep.ts: engine changes only, bounded)
 * and taken up again when the page loads, without a notice: `z` after a reload undoes it.
 */
import type { UndoToken } from '../engine/contract';
import { keepChange, keptChange } from './undoKeep';

/** Batches of one scroll burst closer than this (ms) are one change to undo. */
export const BURST_MS = 4000;

/** A change that can be undone. `label` says what it did ("12 marked as read."). */
export interface UndoEntry {
  /** What the engine's `state.undo` takes back; null for a change the page takes back (`run`). */
  token: UndoToken | null;
  /** How many things the change touched (the token's ids, or what `recordUndoAction` was told). */
  count: number;
  /**
   * Takes the change back in the page (feed edits that go through the feeds domain and sync);
   * resolves how many things changed back, or null when it did not (the person said no when
   * asked): the change then stays recorded.
   */
  run?: () => Promise<number | null>;
  label: (count: number) => string;
  /** Says what Undo did, from the count it answers; by default the articles' state as it is again (undoneWords.ts) */
  done?: (count: number) => string;
  burst: string | null;
  at: number;
  /** When the change was made, in the order of `makeChange` (a later change has a larger one). */
  made: number;
  /** Names the change; a batch merged into it keeps the id (its notice is updated, not repeated). */
  id: number;
}

type Listener = (entry: UndoEntry | null) => void;

let serial = 0;
let current: UndoEntry | null = restoredEntry();
/** The last `made` handed out (by `makeChange`, or to a change recorded without one). */
let madeSerial = 0;
const listeners = new Set<Listener>();
const undoneListeners = new Set<(token: UndoToken | null) => void>();

/** Sources that hold changes back before making them (a scroll batch): each sends its own now. */
const holders = new Set<() => void>();
/** Changes made (on screen) whose record has not come yet. */
const underWay = new Set<Promise<unknown>>();

function emit(): void {
  keep();
  for (const l of listeners) l(current);
}

// Keeps the current change across a reload (undoKeep.ts forgets it when it cannot be kept).
// While a change is under way nothing is kept: a reload then (in the middle of a long "mark all
// read") must not make `z` take back the change before it; the one recorded last is kept once
// every change under way has settled.
function keep(): void {
  const c = current;
  if (underWay.size > 0) return keepChange(null);
  keepChange(
    c?.token && !c.run ? { token: c.token, count: c.count, label: c.label(c.count), at: c.at } : null,
  );
}

/**
 * Takes up the change kept before the page loaded (undoKeep.ts) as the change to undo, without
 * a notice. Runs once as this module loads; tests call it to stand for a reload.
 */
export function takeUpKept(): void {
  current = restoredEntry();
}

/**
 * The change kept before the page (re)loaded, if any: made before every change of this page
 * (`made` 0), labelled as it was shown, said undone by the default text.
 */
function restoredEntry(): UndoEntry | null {
  const kept = keptChange();
  if (!kept) return null;
  const { token, count, label, at } = kept;
  return { token, count, label: () => label, burst: null, at, made: 0, id: ++serial };
}

/**
 * Whether a change made at `made` (undefined: now) is the latest one, else its record is dropped
 * (a change made after it has been recorded already). Resolves undefined to a new `made`.
 */
function latest(made: number | undefined): number | null {
  if (made === undefined) return ++madeSerial;
  return current && current.made > made ? null : made;
}

/**
 * Records a change. Empty changes are ignored, but for a deleted tag: deleting a tag no article
 * carries still changed something (the tag is gone), and Undo must bring it back rather than
 * take back the change before it. With `burst`, a change of the same burst, flag
 * and direction made within BURST_MS of the last one is merged into it. `made` is the change's
 * (from `makeChange`; without it, the change is taken as made now).
 */
export function recordUndo(
  token: UndoToken,
  label: (count: number) => string,
  opts: { burst?: string; now?: number; done?: (count: number) => string; made?: number } = {},
): void {
  if (token.ids.length === 0 && token.flag !== 'tag-deleted') return;
  const made = latest(opts.made);
  if (made === null) return;
  const now = opts.now ?? Date.now();
  const burst = opts.burst ?? null;
  if (
    current &&
    burst !== null &&
    current.burst === burst &&
    now - current.at <= BURST_MS &&
    current.token &&
    sameKind(current.token, token)
  ) {
    const ids = [...new Set([...current.token.ids, ...token.ids])];
    current = { ...current, token: { ...token, ids }, count: ids.length, at: now, made };
  } else {
    serial += 1;
    const done = opts.done ? { done: opts.done } : {};
    current = { token, count: token.ids.length, label, burst, at: now, made, id: serial, ...done };
  }
  emit();
}

/**
 * Records a change the page itself takes back with `run` (a rename, a move of feeds: undone
 * through the same feeds domain, so a sync account hears of it too). Never merges.
 */
export function recordUndoAction(
  count: number,
  label: (count: number) => string,
  run: () => Promise<number | null>,
  opts: { done?: (count: number) => string; now?: number; made?: number } = {},
): void {
  if (count === 0) return;
  const made = latest(opts.made);
  if (made === null) return;
  serial += 1;
  const done = opts.done ? { done: opts.done } : {};
  const at = opts.now ?? Date.now();
  current = { token: null, count, run, label, burst: null, at, made, id: serial, ...done };
  emit();
}

// Two changes merge only when they flip the same thing the same way (a deleted tag or an
// unsubscribe never merges).
function sameKind(a: UndoToken, b: UndoToken): boolean {
  if (a.flag === 'tag-deleted' || b.flag === 'tag-deleted') return false;
  if (a.flag === 'unsubscribed' || b.flag === 'unsubscribed') return false;
  if (a.flag === 'deleted' || b.flag === 'deleted') return false;
  if (a.flag === 'tag' || b.flag === 'tag')
    return a.flag === 'tag' && b.flag === 'tag' && a.tagId === b.tagId && a.set === b.set;
  return a.flag === b.flag && a.set === b.set;
}

/**
 * Registers a source that holds changes back before it makes them (scroll marks batched for a
 * pause): `flush` makes what it holds at once (and hands each change to `changeUnderWay`).
 * Returns the function that unregisters it.
 */
export function holdChanges(flush: () => void): () => void {
  holders.add(flush);
  return () => holders.delete(flush);
}

/**
 * Makes a change the person has just asked for (after any question it asks, right as they say
 * yes): `make` starts at once and is handed the change's `made`, to pass to `recordUndo` or
 * `recordUndoAction` when the engine answers. Until its promise settles the change is under way:
 * an undo waits for it, so it takes back this change (or one made later), never the one before.
 * Returns `make`'s promise.
 */
export function makeChange<T>(make: (made: number) => Promise<T>): Promise<T> {
  const change = make(++madeSerial);
  changeUnderWay(change);
  return change;
}

/**
 * A change on its way whose `recordUndo` comes when it settles: an undo waits for it first. The
 * promise should not reject (a failure is the maker's to report); if it does, undo goes on.
 * `makeChange` calls it; use that, which also orders the change by when it was made.
 */
export function changeUnderWay(change: Promise<unknown>): void {
  underWay.add(change);
  keep();
  const done = () => {
    underWay.delete(change);
    keep();
  };
  change.then(done, done);
}

/**
 * Makes every held change and waits for every change under way, so the change recorded last is
 * the last one made (undo calls it before it looks). Cheap when nothing is held or under way.
 */
export async function settleChanges(): Promise<void> {
  for (const flush of [...holders]) flush();
  while (underWay.size > 0) await Promise.allSettled([...underWay]);
}

/** The change `undoLast` would take back, or null. */
export function pendingUndo(): UndoEntry | null {
  return current;
}

/** Forgets the change (it can no longer be undone). */
export function clearUndo(): void {
  if (!current) return;
  current = null;
  emit();
}

/**
 * Takes back the last change (after `settleChanges`: held and pending changes are recorded
 * first) through `undo` (the engine's `state.undo`), then tells the
 * `onUndone` listeners (lists reload). Resolves how many items changed back, or null when there
 * was nothing to undo or the change's own `run` declined (it then stays recorded). On failure the
 * change stays recorded (undo is idempotent: try again).
 */
export async function undoLast(undo: (token: UndoToken) => Promise<number>): Promise<number | null> {
  await settleChanges();
  const entry = current;
  if (!entry) return null;
  const restored = entry.run ? await entry.run() : entry.token ? await undo(entry.token) : 0;
  if (restored === null) return null;
  if (current === entry) {
    current = null;
    emit();
  }
  for (const l of undoneListeners) l(entry.token);
  return restored;
}

/** Calls `listener` whenever the recorded change changes; returns the unsubscribe function. */
export function onUndoChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` after a change was undone; returns the unsubscribe function. */
export function onUndone(listener: (token: UndoToken | null) => void): () => void {
  undoneListeners.add(listener);
  return () => undoneListeners.delete(listener);
}
