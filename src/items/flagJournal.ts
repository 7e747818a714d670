/**
 * Flag changes on their way to the engine, kept for the next page if this one goes first.
 *
 * A list shows a star or a read mark at once and the engine's write follows a few to tens of
 * milliseconds later. A page that goes in between (a reload, a tab the phone discards when
 * another app comes to the front) ends that write, and the change was lost although the person
 * had seen it made. Each change is now noted here while it is on its way; as the page is hidden
 * or left, the changes still on their way are written to sessionStorage, which outlives both a
 * reload and a discarded tab; the next page of this tab makes them again as soon as its engine
 * runs (`replayFlagJournal`). Making a change again is harmless: the
 * engine changes only articles whose flag differs, so a write that had in fact landed changes
 * nothing the second time.
 *
 * A closed tab (not reloaded) takes its sessionStorage with it: a change made in the last moment
 * before closing is still lost. The window is the engine's write itself.
 */
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { fromLastPage, leaveForNextPage, onPageLeaving } from '../app/pageLeaving';
import type { UndoToken } from '../engine/contract';
import { withEngine } from '../queries/engine';

/** One change: these articles' `bit` set (`on`) or cleared. */
export interface FlagChange {
  ids: number[];
  bit: number;
  on: boolean;
}

/** The sessionStorage key of the changes a page left on their way. */
export const JOURNAL_KEY = 'rivulet.flagsOnTheirWay';

const onTheirWay = new Set<FlagChange>();
// Whether sessionStorage holds the set as it was when the page was last hidden (then each change
// that lands afterwards writes it again, so a later page never makes a change made since).
let stored = false;

function store(): void {
  // Refused (a full quota): the changes are lost only if the page goes before they land.
  if (leaveForNextPage(JOURNAL_KEY, onTheirWay.size > 0 ? [...onTheirWay] : null))
    stored = onTheirWay.size > 0;
}

/** Sends the change to the engine: the same call whether made now or made again. */
function send(c: FlagChange): Promise<UndoToken> {
  return withEngine((e) =>
    c.bit === FLAG_READ ? e.state.markRead(c.ids, c.on) : e.state.markSaved(c.ids, c.on),
  );
}

/**
 * Changes these articles' flag in the engine (`markRead` / `markSaved`), noting the change while
 * it is on its way. Resolves with the undo token, or rejects, as the engine answers.
 */
export async function writeFlags(change: FlagChange): Promise<UndoToken> {
  const entry = { ids: [...change.ids], bit: change.bit, on: change.on };
  onTheirWay.add(entry);
  try {
    return await send(entry);
  } finally {
    onTheirWay.delete(entry);
    if (stored) store();
  }
}

let installed = false;

/** Writes the changes on their way as the page is hidden or left. Once per page. */
export function watchPageLeaving(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  onPageLeaving(() => {
    if (onTheirWay.size > 0 || stored) store();
  });
}

function isFlagChange(value: unknown): value is FlagChange {
  const c = value as Partial<FlagChange> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    Array.isArray(c.ids) &&
    c.ids.every((id) => Number.isInteger(id)) &&
    (c.bit === FLAG_READ || c.bit === FLAG_SAVED) &&
    typeof c.on === 'boolean'
  );
}

/** The changes a page of this tab left on their way (and forgets them); [] for none or unreadable. */
export function takeJournal(): FlagChange[] {
  const list = fromLastPage(JOURNAL_KEY);
  leaveForNextPage(JOURNAL_KEY, null);
  return Array.isArray(list) ? list.filter(isFlagChange) : [];
}

/**
 * Makes again, in order, the changes the page before left on their way. Call once the engine
 * runs, at the start. Never rejects (a change that fails again is reported to the console).
 */
export async function replayFlagJournal(changes: FlagChange[] = takeJournal()): Promise<void> {
  for (const c of changes) {
    try {
      await send(c);
    } catch (err) {
      console.warn('Rivulet: a change the page before left could not be made again', err);
    }
  }
}
