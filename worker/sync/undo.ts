/**
 * Undo meets the sync queue. A bulk change of synced items queued "read" (say) for the server;
 * taking it back must leave the server where it was, not send "read" and then "unread". So the
 * restore runs with the queue listener held off for those items, and then, in one queue
 * transaction, their entries of that kind are withdrawn and an entry is added only where the
 * restored local state differs from what the server last acknowledged (the change had already
 * been sent). While a sync is pushing, its read of the queue may already hold the entries, so
 * then the restored state is queued plainly and the server gets the change back.
 */
import type { StateApi } from '../state/readState';
import type { UndoToken } from '../types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { EngineContext } from '../engineContext';
import type { StateOp } from './protocol';
import { readAccount, type QueueEntry } from './store';
import type { Tracker } from './tracker';

const bitOf = (flag: UndoToken['flag']) => (flag === 'read' ? FLAG_READ : FLAG_SAVED);
const opsOf = (flag: UndoToken['flag']): [StateOp, StateOp] =>
  flag === 'read' ? ['read', 'unread'] : ['saved', 'unsaved'];

/**
 * The state domain whose `undo` also fixes the sync queue (see the file comment). Costs, with an
 * account and synced items in the token: one read of the account, one read-write transaction
 * over the queue (O(queued ids)). Without an account nothing changes.
 */
export function withSyncUndo(
  state: StateApi,
  ctx: EngineContext,
  tracker: Tracker,
  syncRunning: () => boolean,
): StateApi {
  return {
    ...state,
    async undo(token) {
      const account = await readAccount(ctx.db);
      // Tags are not flags of the sync queue (labels sync on their own): nothing to settle.
      if (!account || !Array.isArray(token?.ids) || (token.flag !== 'read' && token.flag !== 'saved'))
        return state.undo(token);
      await tracker.ready();
      const synced = token.ids.filter((id) => tracker.byItem.has(id));
      if (synced.length === 0) return state.undo(token);
      for (const id of synced) tracker.withheld.add(id);
      try {
        const restored = await state.undo(token);
        await settleQueue(ctx, tracker, token.flag, synced, syncRunning());
        return restored;
      } finally {
        for (const id of synced) tracker.withheld.delete(id);
      }
    },
  };
}

/**
 * One queue transaction: unless `plain`, drops these items' entries of this kind; then queues
 * each item whose local flag differs from the server's last known one (with `plain`: every
 * item, its local state, as the queue listener would have).
 */
async function settleQueue(
  ctx: EngineContext,
  tracker: Tracker,
  flag: UndoToken['flag'],
  itemIds: number[],
  plain: boolean,
): Promise<void> {
  const bit = bitOf(flag);
  const [yes, no] = opsOf(flag);
  const remote = new Set<string>();
  const on: string[] = [];
  const off: string[] = [];
  for (const id of itemIds) {
    const record = tracker.byItem.get(id);
    const row = ctx.index.rowOf(id);
    if (!record || row === -1) continue;
    remote.add(record.remoteId);
    const local = (ctx.index.flags(row) & bit) !== 0;
    if (plain || local !== ((record.server & bit) !== 0)) (local ? on : off).push(record.remoteId);
  }
  const at = Date.now();
  const added: QueueEntry[] = [];
  if (on.length) added.push({ at, op: yes, remoteIds: on });
  if (off.length) added.push({ at, op: no, remoteIds: off });
  await ctx.db.run('update', () =>
    ctx.db.dexie.transaction('rw', ['syncQueue'], async () => {
      const queue = ctx.db.dexie.table<QueueEntry, number>('syncQueue');
      if (!plain) {
        for (const entry of await queue.toArray()) {
          if (entry.op !== yes && entry.op !== no) continue;
          const kept = entry.remoteIds.filter((id) => !remote.has(id));
          if (kept.length === entry.remoteIds.length) continue;
          if (kept.length === 0) await queue.delete(entry.seq!);
          else await queue.put({ ...entry, remoteIds: kept });
        }
      }
      if (added.length) await queue.bulkAdd(added);
    }),
  );
}
