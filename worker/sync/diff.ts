/**
 * Pure state diffing for sync: which queued changes to send (in order, superseded ones
 * dropped), and what the server's id lists mean for local items. No I/O; unit-tested.
 */
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { LabelOp, StateOp } from './protocol';
import type { QueueEntry } from './store';

/** One request to send: `seqs` are the queue entries it settles. */
export interface PushBatch {
  op: StateOp | LabelOp;
  remoteIds: string[];
  seqs: number[];
  /** Label ops: the label (for a rename, the old name); `dest`: a rename's new name. */
  label?: string;
  dest?: string;
}

const bitOf = (op: StateOp) => (op === 'read' || op === 'unread' ? FLAG_READ : FLAG_SAVED);
const setsBit = (op: StateOp) => op === 'read' || op === 'saved';

/** True for the ops of article labels (tags). */
export function isLabelOp(op: StateOp | LabelOp): op is LabelOp {
  return op === 'label' || op === 'unlabel' || op === 'rename-label' || op === 'delete-label';
}

/**
 * Turns the queue into requests, keeping the order the changes were made in. For each item and
 * kind (read / saved / one label) only the latest change is sent: an earlier one is superseded
 * (the most recent user action wins); a label rename or delete starts afresh, so nothing is
 * superseded across one. Consecutive entries with the same op (and label) share one request; an
 * entry whose ids were all superseded still appears in some batch's `seqs`, so it is removed too.
 * A rename or delete is a request of its own. O(total ids).
 */
export function planPushes(entries: QueueEntry[]): PushBatch[] {
  let epoch = 0;
  const keys = entries.map((e) => {
    if (e.op === 'rename-label' || e.op === 'delete-label') epoch++;
    const kind = isLabelOp(e.op) ? `label:${epoch}:${(e.label ?? '').toLowerCase()}` : String(bitOf(e.op));
    return (id: string) => `${kind}:${id}`;
  });
  const latest = new Map<string, number>(); // key -> index of the entry that wins
  entries.forEach((e, i) => {
    for (const id of e.remoteIds) latest.set(keys[i]!(id), i);
  });
  const batches: PushBatch[] = [];
  entries.forEach((e, i) => {
    const seq = e.seq ?? -1;
    if (e.op === 'rename-label' || e.op === 'delete-label') {
      batches.push({ op: e.op, remoteIds: [], seqs: [seq], label: e.label ?? '', dest: e.dest ?? '' });
      return;
    }
    const ids = [...new Set(e.remoteIds.filter((id) => latest.get(keys[i]!(id)) === i))];
    const last = batches[batches.length - 1];
    const same = last !== undefined && last.op === e.op && (last.label ?? '') === (e.label ?? '');
    if (last && (same || ids.length === 0)) {
      for (const id of ids) if (!last.remoteIds.includes(id)) last.remoteIds.push(id);
      last.seqs.push(seq);
    } else {
      batches.push({
        op: e.op,
        remoteIds: ids,
        seqs: [seq],
        ...(e.label !== undefined ? { label: e.label } : {}),
      });
    }
  });
  return batches;
}

/** The server flags an item has after `op` was acknowledged. */
export function applyOp(flags: number, op: StateOp): number {
  return setsBit(op) ? flags | bitOf(op) : flags & ~bitOf(op);
}

/** A tracked item as the diff sees it. `local` = its flags in this browser, null when deleted. */
export interface TrackedState {
  itemId: number;
  remoteId: string;
  server: number;
  local: number | null;
}

/** What a pull means locally. */
export interface PullPlan {
  markRead: number[];
  markUnread: number[];
  save: number[];
  unsave: number[];
  /** New server flags to record per item id (only where they changed). */
  serverFlags: Map<number, number>;
  /** Server ids (unread or saved) with no local item yet: fetch and import them. */
  missing: string[];
}

/**
 * Compares the server's unread and saved id lists with what was last recorded. Where the
 * server changed since the last sync and no local change is still waiting for this item
 * (`pending`), the server's state is applied locally; a waiting local change wins (it is more
 * recent than the state the server had at our last sync). Items the server no longer lists as
 * unread count as read (servers drop old items from their lists). O(tracked + listed ids).
 */
export function planPull(
  tracked: TrackedState[],
  unread: Set<string>,
  saved: Set<string>,
  pending: Set<string>,
): PullPlan {
  const plan: PullPlan = {
    markRead: [],
    markUnread: [],
    save: [],
    unsave: [],
    serverFlags: new Map(),
    missing: [],
  };
  const known = new Set<string>();
  for (const t of tracked) {
    known.add(t.remoteId);
    const now = (unread.has(t.remoteId) ? 0 : FLAG_READ) | (saved.has(t.remoteId) ? FLAG_SAVED : 0);
    if (now !== t.server) plan.serverFlags.set(t.itemId, now);
    if (t.local === null || pending.has(t.remoteId)) continue;
    for (const bit of [FLAG_READ, FLAG_SAVED]) {
      const want = (now & bit) !== 0;
      if (want === ((t.local & bit) !== 0)) continue;
      // Only follow the server when the server moved; if only the local side moved, the
      // change is queued (or about to be) and will be pushed.
      if (want === ((t.server & bit) !== 0)) continue;
      if (bit === FLAG_READ) (want ? plan.markRead : plan.markUnread).push(t.itemId);
      else (want ? plan.save : plan.unsave).push(t.itemId);
    }
  }
  for (const id of new Set([...unread, ...saved])) if (!known.has(id)) plan.missing.push(id);
  return plan;
}

/**
 * Local changes no queue entry describes (a crash between the local write and the queue
 * append): tracked items whose local flags differ from the server's, not in `pending`.
 */
export function unqueuedChanges(
  tracked: TrackedState[],
  pending: Set<string>,
): { op: StateOp; remoteId: string }[] {
  const out: { op: StateOp; remoteId: string }[] = [];
  for (const t of tracked) {
    if (t.local === null || pending.has(t.remoteId)) continue;
    const diff = t.local ^ t.server;
    if (diff & FLAG_READ) out.push({ op: t.local & FLAG_READ ? 'read' : 'unread', remoteId: t.remoteId });
    if (diff & FLAG_SAVED) out.push({ op: t.local & FLAG_SAVED ? 'saved' : 'unsaved', remoteId: t.remoteId });
  }
  return out;
}
