/**
 * One sync pass: push queued local changes (in order), push changes the queue missed, pull
 * groups and feeds, pull the server's unread and saved lists, apply what changed on the server,
 * import items Rivulet does not have yet. Runs as a 'sync' job with progress.
 */
import type { RunningJob } from '../jobs/jobs';
import type { FeedServices } from '../subscriptions/services';
import type { JobSummary } from '../types';
import { applyOp, isLabelOp, planPull, planPushes, unqueuedChanges, type TrackedState } from './diff';
import { labelsOn, pullLabels, pushLabelBatch, tagsOfItems } from './labels';
import { patchFeed } from '../feeds/refresh/patchFeed';
import { accountFeeds, applyFlags, applyStructure, importItems } from './importer';
import { idsHeldAside, setAsideGone } from './leftServer';
import { highlightsOnce } from './ownData';
import { namedDefaultFolder, recogniseFreshRss, rememberDefaultFolder } from './defaultFolder';
import { groupsHeld, tidyGroups } from './syncGroups';
import { syncError } from './transport';
import { confirmAbsences } from './feverCheck';
import { keepWalk, walkBack, walkNew, walks } from './feverWalk';
import type { StateOp, SyncClient } from './protocol';
import {
  acknowledge,
  deleteSyncItems,
  readAccount,
  readQueue,
  writeSyncItems,
  type AccountRecord,
  type SyncItemRecord,
} from './store';
import type { Tracker } from './tracker';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';

/** Items fetched per step of the import (one progress step each). */
const IMPORT_CHUNK = 250;

function trackedStates(s: FeedServices, tracker: Tracker): TrackedState[] {
  return [...tracker.byItem.values()].map((r) => {
    const row = s.ctx.index.rowOf(r.itemId);
    return {
      itemId: r.itemId,
      remoteId: r.remoteId,
      server: r.server,
      local: row === -1 ? null : s.ctx.index.flags(row),
    };
  });
}

/** Pushes the queue, oldest first; each batch leaves the queue only once the server said OK. */
export async function pushQueue(s: FeedServices, client: SyncClient, tracker: Tracker): Promise<number> {
  const batches = planPushes(await readQueue(s.ctx.db));
  let pushed = 0;
  let labels = true;
  for (const batch of batches) {
    if (isLabelOp(batch.op)) {
      // Once the server refused labels, the rest of the label entries are dropped too.
      if (labels) labels = await pushLabelBatch(s, client, tracker, batch);
      else await acknowledge(s.ctx.db, batch.seqs, []);
      continue;
    }
    const op = batch.op;
    if (batch.remoteIds.length) await client.push(op, batch.remoteIds);
    pushed += batch.remoteIds.length;
    const records = batch.remoteIds
      .map((id) => tracker.byRemote.get(id))
      .filter((r): r is SyncItemRecord => r !== undefined)
      .map((r) => ({ ...r, server: applyOp(r.server, op) }));
    await acknowledge(s.ctx.db, batch.seqs, records);
    for (const r of records) tracker.set(r);
  }
  // Changes that never reached the queue (a crash right after the local write).
  const leftovers = unqueuedChanges(trackedStates(s, tracker), new Set());
  const byOp = new Map<StateOp, string[]>();
  for (const c of leftovers) byOp.set(c.op, [...(byOp.get(c.op) ?? []), c.remoteId]);
  for (const [op, ids] of byOp) {
    await client.push(op, ids);
    const records = ids
      .map((id) => tracker.byRemote.get(id)!)
      .map((r) => ({ ...r, server: applyOp(r.server, op) }));
    await writeSyncItems(s.ctx.db, records);
    for (const r of records) tracker.set(r);
    pushed += ids.length;
  }
  return pushed;
}

/**
 * The body of a sync job. Throws the client's EngineErrors (the job records them and the
 * account's `lastError` is set by the caller); whatever was pushed or imported before a
 * failure stays done.
 */
export async function runSync(
  s: FeedServices,
  account: AccountRecord,
  client: SyncClient,
  tracker: Tracker,
  job: RunningJob,
): Promise<JobSummary> {
  await tracker.reload();
  await pushQueue(s, client, tracker);
  if (job.signal.aborted) return { added: 0, skipped: 0, failed: 0, newItems: 0 };

  const structure = await client.structure();
  // A list of no feed at all, where the account has some here, is not taken as "every feed was
  // unsubscribed": applied, it would delete every synced article, saved ones too, and (its
  // unread list empty as well) mark the rest read, on one odd answer (a server mid-upgrade, a
  // proxy's empty body, FreshRSS leaving hidden feeds out). The sync stops with a message; what
  // was pushed stays pushed, nothing here changes.
  const mine = accountFeeds(s, account).size;
  if (structure.feeds.length === 0 && mine > 0)
    throw syncError(
      'sync_refused',
      `The server listed no subscriptions, though this account has ${mine} feeds here: nothing was changed. If you unsubscribed from everything on the server, log out and remove its feeds.`,
    );
  // FreshRSS names its default folder itself: known from the first pass on, so its feeds never
  // pass through a local group of that name (defaultFolder.ts).
  // FreshRSS behind a rewritten path is known by what it says of itself (asked once).
  const known = await recogniseFreshRss(s, account, client);
  const named = await rememberDefaultFolder(s, known, namedDefaultFolder(known, structure));
  const groups = groupsHeld(s, named);
  // Feeds the server no longer lists that hold saved, tagged or highlighted articles are set
  // aside, not deleted. The highlights are read once for the pass, if a feed is gone at all.
  const highlighted = highlightsOnce(s.ctx.db);
  await setAsideGone(s, named, tracker, structure.feeds, highlighted);
  const made = new Set<number>();
  const feedMap = await applyStructure(s, named, structure, { highlighted, made });
  // Groups this account's syncs made and this pass emptied go (syncGroups.ts).
  await tidyGroups(s, named, structure, groups, made);
  const unread = new Set(await client.unreadIds());
  const saved = new Set(await client.savedIds());
  // Synced items whose feed or item was deleted locally are forgotten.
  const states = trackedStates(s, tracker);
  const gone = states.filter((t) => t.local === null).map((t) => t.itemId);
  await deleteSyncItems(s.ctx.db, gone);
  for (const id of gone) {
    const r = tracker.byItem.get(id);
    tracker.byItem.delete(id);
    if (r) tracker.byRemote.delete(r.remoteId);
  }
  const live = states.filter((t) => t.local !== null);
  // Fever lists may leave out whole feeds' articles (FreshRSS: its main stream only): what they
  // would change by leaving an article out is asked of the article itself first (feverCheck.ts).
  await confirmAbsences(client, live, unread, saved);
  const plan = planPull(live, unread, saved, new Set());
  // Only the bits the server changed: an item the server saved while the reader read it here
  // keeps the reader's read (its queued change goes up next), rather than being made unread.
  const bits = new Map<number, number>();
  const want = (ids: number[], bit: number) => {
    for (const id of ids) bits.set(id, (bits.get(id) ?? 0) | bit);
  };
  want([...plan.markRead, ...plan.markUnread], FLAG_READ);
  want([...plan.save, ...plan.unsave], FLAG_SAVED);
  await applyFlags(
    s,
    tracker,
    [...bits].map(([itemId, mask]) => ({
      itemId,
      flags: plan.serverFlags.get(itemId) ?? tracker.byItem.get(itemId)?.server ?? 0,
      bits: mask,
    })),
  );
  const changed = [...plan.serverFlags].map(([itemId, server]) => ({
    ...tracker.byItem.get(itemId)!,
    server,
  }));
  await writeSyncItems(s.ctx.db, changed);
  for (const r of changed) tracker.set(r);

  // Tags as labels: server label changes of known items, and labelled items not here yet.
  const current = await readAccount(s.ctx.db);
  const labelled = labelsOn(current) ? structure : { ...structure, tags: undefined };
  const wantedIds = new Set(plan.missing);
  const labelledIds = await pullLabels(s, client, tracker, labelled);
  // Labelled articles of feeds set aside (or kept) are here already (leftServer.ts).
  const aside = labelledIds.length ? idsHeldAside(s, account) : new Set<string>();
  for (const id of labelledIds)
    if (!wantedIds.has(id) && !aside.has(id)) {
      wantedIds.add(id);
      plan.missing.push(id);
    }

  if (account.readDays && client.recentIds) {
    // "Also the last N days of read articles": ids the server received in that window.
    const since = s.ctx.now() - account.readDays * 86_400;
    const wanted = new Set(plan.missing);
    for (const id of await client.recentIds(since))
      if (!tracker.byRemote.has(id) && !wanted.has(id)) {
        wanted.add(id);
        plan.missing.push(id);
      }
  }
  // FreshRSS's Fever lists leave out feeds outside its main stream: its items are walked by id
  // too, and listed articles the walk brought are not asked for again (feverWalk.ts).
  const walking = walks(named, client);
  const fresh = walking ? await walkNew(named, client, tracker, new Set(plan.missing)) : null;
  const walked = new Set(fresh?.items.map((i) => i.id));
  if (walked.size) plan.missing = plan.missing.filter((id) => !walked.has(id));
  job.progress.total = plan.missing.length;
  job.changed();
  let newItems = fresh?.items.length
    ? await importItems(s, account, tracker, fresh.items, feedMap, tagsOfItems(labelled))
    : 0;
  for (let i = 0; i < plan.missing.length; i += IMPORT_CHUNK) {
    if (job.signal.aborted) break;
    const chunk = plan.missing.slice(i, i + IMPORT_CHUNK);
    newItems += await importItems(
      s,
      account,
      tracker,
      await client.items(chunk),
      feedMap,
      tagsOfItems(labelled),
    );
    job.progress.done = Math.min(plan.missing.length, i + chunk.length);
    job.changed();
  }
  if (fresh && !job.signal.aborted) {
    // The first pass also looks back through the feeds that brought nothing listed.
    const walk = fresh.walk ?? { top: '', backfill: [], floor: '' };
    // Feeds with a listed article are in the main stream: their articles come by the lists.
    // Found from the listed ids (by server id), not by a pass over every synced article.
    const held = new Set<number>();
    for (const list of [unread, saved])
      for (const remoteId of list) {
        const r = tracker.byRemote.get(remoteId);
        if (r) held.add(r.feedId);
      }
    const back = await walkBack(walk, named.feverWalk === undefined, client, tracker, () =>
      [...feedMap].filter(([, local]) => !held.has(local)).map(([remote]) => remote),
    );
    if (back.items.length)
      newItems += await importItems(s, account, tracker, back.items, feedMap, tagsOfItems(labelled));
    await keepWalk(s, named.feverWalk, back.walk);
  }
  // A synced feed is kept up to date by the sync, not by fetching it: its "fetched" time is the
  // last complete sync (the feeds page showed "never" for every synced feed).
  if (!job.signal.aborted) {
    const at = s.ctx.now();
    for (const id of new Set(feedMap.values()))
      await patchFeed(s.ctx, id, { lastFetched: at }, { ifExists: true });
  }
  return { added: 0, skipped: 0, failed: 0, newItems };
}
