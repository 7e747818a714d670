/**
 * Turns local read/saved changes of synced items into `syncQueue` entries. Engine events
 * arrive right after the change committed, so the queue append follows the state change
 * immediately (not in the same transaction: the state code is shared by every caller). A crash
 * in that gap is covered by the diff at the next sync (`unqueuedChanges`).
 */
import type { EngineContext } from '../engineContext';
import type { EngineEvent } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { StateOp } from './protocol';
import { enqueue, type QueueEntry } from './store';
import type { Tracker } from './tracker';

/**
 * Subscribes to the engine's events; returns the unsubscribe function. Each changed synced item
 * is queued with its current local state (not a toggle), so replaying the queue converges.
 * Errors are logged; the next sync's diff still finds the change.
 */
export function installQueueListener(
  ctx: EngineContext,
  tracker: Tracker,
  now: () => number = Date.now,
): () => void {
  return ctx.events.on((event: EngineEvent) => {
    if (event.type !== 'read-changed' && event.type !== 'saved-changed') return;
    const bit = event.type === 'read-changed' ? FLAG_READ : FLAG_SAVED;
    const applying = bit === FLAG_READ ? tracker.applying.read : tracker.applying.saved;
    // Checked synchronously: the sync's own writes (and an undo's) are marked only while they run.
    const ids = event.ids.filter((id) => !applying.has(id) && !tracker.withheld.has(id));
    if (ids.length === 0) return;
    const at = now();
    return tracker
      .ready()
      .then(() => {
        const on: string[] = [];
        const off: string[] = [];
        for (const id of ids) {
          const record = tracker.byItem.get(id);
          const row = ctx.index.rowOf(id);
          if (!record || row === -1) continue;
          ((ctx.index.flags(row) & bit) !== 0 ? on : off).push(record.remoteId);
        }
        const yes: StateOp = bit === FLAG_READ ? 'read' : 'saved';
        const no: StateOp = bit === FLAG_READ ? 'unread' : 'unsaved';
        const entries: QueueEntry[] = [];
        if (on.length) entries.push({ at, op: yes, remoteIds: on });
        if (off.length) entries.push({ at, op: no, remoteIds: off });
        return enqueue(ctx.db, entries);
      })
      .catch((err: unknown) => console.warn('Rivulet: could not queue a change for the sync server', err));
  });
}
