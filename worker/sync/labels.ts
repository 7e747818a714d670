/**
 * Tags as Google Reader labels. FreshRSS keeps article "labels" in the same `user/-/label/<name>`
 * namespace as its folders; `tag/list` types each one (`folder` or `tag`), and an item's
 * categories hold its feed's folder label beside its tags. So:
 *
 * - push: a local tag change of a synced item is queued like read/saved (`label`/`unlabel`
 *   entries holding the item's server ids, sent as `edit-tag a=|r=user/-/label/<name>`); a tag
 *   renamed or deleted here queues `rename-tag` / `disable-tag`. Offline-safe: the queue waits.
 * - pull: the ids of every tag label (`stream/items/ids?s=user/-/label/<name>`) are compared with
 *   what the server last reported per item (`SyncItemRecord.labels`), and where the server moved
 *   and nothing is queued for that item and label, the local tags follow (a tag that does not
 *   exist is made). New items bring their tags from their categories, less their folder.
 * - A label named like a folder is not pulled by stream: FreshRSS resolves that stream to the
 *   folder first (as its rename-tag and disable-tag do). Such tags still come with new items.
 *   `tag/list` does not name every folder (FreshRSS leaves out empty ones), so what a stream would
 *   change is checked against the articles' own labels first, and a stream found answering
 *   something else is not followed (labelCheck.ts): a tag is never taken off because of it.
 * - A rename or delete is sent only for a label the server is known to have on an item (so a
 *   folder of the same name is never touched), and only after the item changes before it.
 * - A server that refuses article labels (Miniflux answers 400 to a label in edit-tag) marks the
 *   account `labels: false`; tags then stay in this browser, as with Fever, and nothing is lost.
 */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { FeedServices } from '../subscriptions/services';
import { createTagsApi, readTags, sameName, setTagOnItems, type TagsApi } from '../tags/tags';
import type { EngineEvent } from '../types';
import { isLabelOp, type PushBatch } from './diff';
import { checkClaimsKept, checkDigest, type LabelClaim } from './labelCheck';
import type { LabelClient, RemoteItem, RemoteStructure, SyncClient } from './protocol';
import {
  acknowledge,
  enqueue,
  patchAccount,
  readAccount,
  readQueue,
  writeSyncItems,
  type AccountRecord,
  type QueueEntry,
  type SyncItemRecord,
} from './store';
import type { Tracker } from './tracker';

const has = (names: readonly string[], name: string) => names.some((n) => sameName(n, name));
const without = (names: readonly string[], name: string) => names.filter((n) => !sameName(n, name));

/** True when this account's tags travel as labels (Google Reader API, not refused). */
export function labelsOn(account: AccountRecord | null): boolean {
  return account !== null && account.protocol === 'greader' && account.labels !== false;
}

/**
 * The labels the server will have for this item once the queue is sent: what it last reported,
 * with the queued label entries applied in order. O(queue).
 */
export function expectedLabels(record: SyncItemRecord, queue: QueueEntry[]): string[] {
  let names = [...(record.labels ?? [])];
  for (const e of queue) {
    if (!isLabelOp(e.op) || e.label === undefined) continue;
    if (e.op === 'delete-label') names = without(names, e.label);
    else if (e.op === 'rename-label')
      names = names.map((n) => (sameName(n, e.label!) && e.dest ? e.dest : n));
    else if (e.remoteIds.includes(record.remoteId))
      names = e.op === 'label' ? [...without(names, e.label), e.label] : without(names, e.label);
  }
  return names;
}

/**
 * Queues the tag changes of synced items (`tags-changed` events) as label entries: for each item,
 * labels its local tags have and the server will not, and the reverse. The sync's own writes
 * (`tracker.applying`) are not sent back. Errors are logged (the change stays local).
 */
export function installLabelListener(ctx: EngineContext, tracker: Tracker, now: () => number = Date.now) {
  return ctx.events.on((event: EngineEvent) => {
    if (event.type !== 'tags-changed' || event.ids.length === 0) return;
    const ids = event.ids.filter((id) => !tracker.applying.tags.has(id) && !tracker.withheld.has(id));
    if (ids.length === 0) return;
    const at = now();
    return (async () => {
      if (!labelsOn(await readAccount(ctx.db))) return;
      await tracker.ready();
      const synced = ids.filter((id) => tracker.byItem.has(id) && ctx.index.rowOf(id) !== -1);
      if (synced.length === 0) return;
      const [{ tags }, queue] = await Promise.all([readTags(ctx), readQueue(ctx.db)]);
      const nameOf = new Map(tags.map((t) => [t.id, t.name]));
      const out = new Map<string, QueueEntry>();
      const add = (op: 'label' | 'unlabel', label: string, remoteId: string) => {
        const key = `${op}\n${label.toLowerCase()}`;
        const entry = out.get(key) ?? { at, op, label, remoteIds: [] };
        entry.remoteIds.push(remoteId);
        out.set(key, entry);
      };
      for (const id of synced) {
        const record = tracker.byItem.get(id)!;
        const local = ctx.index
          .tags(ctx.index.rowOf(id))
          .map((t) => nameOf.get(t))
          .filter((n): n is string => n !== undefined);
        const expected = expectedLabels(record, queue);
        for (const name of local) if (!has(expected, name)) add('label', name, record.remoteId);
        for (const name of expected) if (!has(local, name)) add('unlabel', name, record.remoteId);
      }
      await enqueue(ctx.db, [...out.values()]);
    })().catch((err: unknown) => console.warn('Rivulet: could not queue a label for the sync server', err));
  });
}

/**
 * The tags domain whose rename and delete also go to a Google Reader account (queued, so they
 * wait while offline). The local change happens first and stands on its own.
 */
export function withSyncLabels(tags: TagsApi, ctx: EngineContext): TagsApi {
  const queue = async (entry: QueueEntry) => {
    if (labelsOn(await readAccount(ctx.db))) await enqueue(ctx.db, [entry]);
  };
  return {
    ...tags,
    async rename(id, name, also, ifTaken) {
      const before = (await readTags(ctx)).tags.find((t) => t.id === id)?.name;
      const tag = await tags.rename(id, name, also, ifTaken);
      if (before !== undefined && before !== tag.name)
        await queue({ at: Date.now(), op: 'rename-label', label: before, dest: tag.name, remoteIds: [] });
      return tag;
    },
    async remove(id) {
      // Queued before the delete takes the tag off its items (whose `unlabel` entries follow),
      // so the label is still known on the server when the delete is sent.
      // A tag named like a folder only loses its items one by one (see pushLabelBatch).
      const name = (await readTags(ctx)).tags.find((t) => t.id === id)?.name;
      if (name !== undefined && !isFolder(ctx, name))
        await queue({ at: Date.now(), op: 'delete-label', label: name, remoteIds: [] });
      return tags.remove(id);
    },
  };
}

/** Server ids of the items the server is known to have put this label on. */
const carrying = (tracker: Tracker, label: string) =>
  [...tracker.byItem.values()].filter((r) => has(r.labels ?? [], label)).map((r) => r.remoteId);

/**
 * Whether `rename-tag` / `disable-tag` of this name would reach the label: FreshRSS picks a
 * category of that name first, also one `tag/list` does not name (an empty one, or one holding
 * only hidden feeds), whose stream lists none of the label's items. So the label's stream must
 * list one of the items known to carry it. One id listing; renames and deletes are rare.
 */
async function streamIsLabel(labels: LabelClient, tracker: Tracker, label: string): Promise<boolean> {
  const known = new Set(carrying(tracker, label));
  return (await labels.ids(label)).some((id) => known.has(id));
}

/** True when a synced feed's group (a server folder) has this name. O(feeds). */
function isFolder(ctx: EngineContext, label: string): boolean {
  for (const f of ctx.feedCache.values()) {
    const title = f.account ? ctx.groupCache.get(f.groupId)?.title : undefined;
    if (title !== undefined && sameName(title, label)) return true;
  }
  return false;
}

const refusedHere = (err: unknown) =>
  err instanceof EngineError &&
  err.code === 'sync_http' &&
  (err.details as { status?: number } | undefined)?.status === 400;

/**
 * Sends one label batch and records what the server now has. A 400 to a label edit means the
 * server keeps no article labels (Miniflux): the account's tags become local-only and the batch
 * is dropped. A 400 to a rename or delete means the server had no such label: nothing to do.
 * Returns false when labels were refused (the caller drops the later label batches).
 */
export async function pushLabelBatch(
  s: FeedServices,
  client: SyncClient,
  tracker: Tracker,
  batch: PushBatch,
): Promise<boolean> {
  const label = batch.label ?? '';
  const labels = client.labels;
  let refused = !labels || !label;
  if (labels && label) {
    try {
      if (batch.op === 'label' || batch.op === 'unlabel') {
        if (batch.remoteIds.length) await labels.edit(label, batch.op === 'label', batch.remoteIds);
      } else if (carrying(tracker, label).length && !isFolder(s.ctx, label)) {
        // Only a label items are known to carry there, and never one named like a folder:
        // FreshRSS renames (or deletes) a folder of that name first, and a folder must never
        // go because a tag did. Its items lost the label one by one already. A folder of that
        // name the server does not list is found by the label's stream: then the label is taken
        // off (and put on under its new name) item by item instead.
        if (await streamIsLabel(labels, tracker, label)) {
          if (batch.op === 'delete-label') await labels.remove(label);
          else if (batch.dest) await labels.rename(label, batch.dest);
        } else {
          const ids = carrying(tracker, label);
          if (batch.op === 'rename-label' && batch.dest) await labels.edit(batch.dest, true, ids);
          await labels.edit(label, false, ids);
        }
      }
    } catch (err) {
      if (!refusedHere(err)) throw err;
      if (batch.op === 'label' || batch.op === 'unlabel') {
        refused = true;
        await patchAccount(s.ctx.db, { labels: false });
      }
    }
  }
  const changed: SyncItemRecord[] = [];
  if (!refused) {
    if (batch.op === 'label' || batch.op === 'unlabel') {
      for (const id of batch.remoteIds) {
        const r = tracker.byRemote.get(id);
        if (!r) continue;
        const rest = without(r.labels ?? [], label);
        changed.push({ ...r, labels: batch.op === 'label' ? [...rest, label] : rest });
      }
    } else {
      for (const r of tracker.byItem.values()) {
        if (!has(r.labels ?? [], label)) continue;
        const rest = without(r.labels ?? [], label);
        changed.push({
          ...r,
          labels: batch.op === 'rename-label' && batch.dest ? [...rest, batch.dest] : rest,
        });
      }
    }
  }
  await acknowledge(s.ctx.db, batch.seqs, changed);
  for (const r of changed) tracker.set(r);
  return !refused;
}

/** An item's tags among its label categories: its feed's folder labels taken out once each. */
export function itemTags(item: RemoteItem, folders: readonly string[], tags: ReadonlySet<string>): string[] {
  const rest = [...(item.labels ?? [])];
  for (const folder of folders) {
    const at = rest.indexOf(folder);
    if (at !== -1) rest.splice(at, 1);
  }
  return [...new Set(rest)].filter((name) => tags.has(name));
}

/** The `itemTags` of a structure: item → its tags (none without labels). */
export function tagsOfItems(structure: RemoteStructure): ((item: RemoteItem) => string[]) | undefined {
  if (!structure.tags) return undefined;
  const tags = new Set(structure.tags);
  const folders = new Map(structure.feeds.map((f) => [f.id, f.groupIds]));
  return (item) => itemTags(item, folders.get(item.feedId) ?? [], tags);
}

/**
 * Sets local tags by name on items the server changed (`add` / `remove` per name), making tags
 * that do not exist yet. The ids are marked `applying`, so nothing is queued back.
 */
export async function applyLabels(
  ctx: EngineContext,
  tracker: Tracker,
  changes: { itemId: number; name: string; on: boolean }[],
): Promise<void> {
  if (changes.length === 0) return;
  const tagsApi = createTagsApi(ctx);
  const groups = new Map<string, { name: string; on: boolean; ids: number[] }>();
  for (const c of changes) {
    const key = `${c.on}\n${c.name.toLowerCase()}`;
    const g = groups.get(key) ?? { name: c.name, on: c.on, ids: [] };
    g.ids.push(c.itemId);
    groups.set(key, g);
  }
  const all = changes.map((c) => c.itemId);
  for (const id of all) tracker.applying.tags.add(id);
  try {
    for (const g of groups.values()) {
      if (g.on) {
        await tagsApi.addToItems(g.ids, g.name).catch((err: unknown) => {
          // A server label no local tag name can hold (too long, control characters) stays there.
          if (!(err instanceof EngineError && err.code === 'bad_input')) throw err;
        });
        continue;
      }
      const tag = (await readTags(ctx)).tags.find((t) => sameName(t.name, g.name));
      if (tag) await setTagOnItems(ctx, g.ids, tag.id, false);
    }
  } finally {
    for (const id of all) tracker.applying.tags.delete(id);
  }
}

/**
 * The pull half: compares every tag label's item ids with what the server last reported and
 * makes local tags follow where the server moved (unless a label change is still queued for
 * that item). Returns server ids carrying a label that are not here yet (to import).
 * Costs one id listing per tag label, O(tracked items × labels) in memory.
 */
export async function pullLabels(
  s: FeedServices,
  client: SyncClient,
  tracker: Tracker,
  structure: RemoteStructure,
): Promise<string[]> {
  if (!client.labels || !structure.tags) return [];
  const folders = new Set(structure.groups.map((g) => g.title));
  for (const f of structure.feeds) for (const g of f.groupIds) folders.add(g);
  const names = structure.tags.filter((n) => !folders.has(n));
  const lists = new Map<string, Set<string>>();
  for (const name of names) lists.set(name.toLowerCase(), new Set(await client.labels.ids(name)));
  const queue = await readQueue(s.ctx.db);
  const pending = new Set<string>();
  let renaming = false;
  for (const e of queue) {
    if (e.op === 'rename-label' || e.op === 'delete-label') renaming = true;
    if (e.op === 'label' || e.op === 'unlabel')
      for (const id of e.remoteIds) pending.add(`${id}\n${(e.label ?? '').toLowerCase()}`);
  }
  // A rename or delete still waiting: the server's names are about to change; next time.
  if (renaming) return [];
  const live = [...tracker.byItem.values()].filter((r) => s.ctx.index.rowOf(r.itemId) !== -1);
  /** Labels whose stream this pass reads for the record, and what the stream says of each. */
  const said = (r: SyncItemRecord) => {
    const known = r.labels ?? [];
    const seen = [...names, ...known.filter((n) => !lists.has(n.toLowerCase()) && !folders.has(n))];
    return seen.map((name) => {
      const key = name.toLowerCase();
      const now = lists.get(key)?.has(r.remoteId) ?? false;
      const claim = now !== has(known, name) && !pending.has(`${r.remoteId}\n${key}`);
      return { name, key, now, claim };
    });
  };
  // What a stream would change is checked against the articles' own labels first (labelCheck.ts):
  // FreshRSS may answer a label's stream from a category of the same name.
  const claims: LabelClaim[] = [];
  for (const r of live)
    for (const l of said(r))
      if (l.claim) claims.push({ itemId: r.itemId, remoteId: r.remoteId, name: l.name, on: l.now });
  // A stream found wrong before, with nothing about it changed since, is not read again
  // (labelCheck.ts: `labelVerdicts`).
  const folderMap = new Map(structure.feeds.map((f) => [f.id, f.groupIds]));
  const account = await readAccount(s.ctx.db);
  const allNames = [...structure.tags, ...folders];
  const { confirmed, distrusted, verdicts } = await checkClaimsKept(
    client,
    claims,
    (id) => folderMap.get(id) ?? [],
    (key, asked) => checkDigest(allNames, lists.get(key) ?? [], asked),
    account?.labelVerdicts ?? {},
  );
  if (JSON.stringify(verdicts) !== JSON.stringify(account?.labelVerdicts ?? {}))
    await patchAccount(s.ctx.db, { labelVerdicts: verdicts });
  const agreed = new Set(confirmed.map((c) => `${c.itemId}\n${c.name.toLowerCase()}`));
  const records: SyncItemRecord[] = [];
  for (const r of live) {
    const known = r.labels ?? [];
    let next = known.filter((n) => folders.has(n) && !lists.has(n.toLowerCase()));
    for (const l of said(r)) {
      // A stream found wrong, or a change no article confirmed: what was known stays (a change
      // the article itself confirmed is made, also where its stream was found wrong).
      const kept = !agreed.has(`${r.itemId}\n${l.key}`) && (distrusted.has(l.key) || l.claim);
      if (kept ? has(known, l.name) : l.now) next = [...without(next, l.name), l.name];
    }
    if (next.length !== known.length || next.some((n, i) => n !== known[i]))
      records.push({ ...r, labels: next });
  }
  await applyLabels(
    s.ctx,
    tracker,
    confirmed.map((c) => ({ itemId: c.itemId, name: c.name, on: c.on })),
  );
  await writeSyncItems(s.ctx.db, records);
  for (const r of records) tracker.set(r);
  const missing = new Set<string>();
  for (const [key, ids] of lists)
    if (!distrusted.has(key)) for (const id of ids) if (!tracker.byRemote.has(id)) missing.add(id);
  return [...missing];
}
