/**
 * Subscribing into a Google Reader account (one feed, or many from a list or an OPML file): the
 * server subscribes (it fetches each feed itself), then the structure and a sync pass bring the
 * feeds and their items here. Part of the sync domain (sync.ts), split out by responsibility.
 */
import { EngineError } from '../errors';
import { failureOf } from '../jobs/jobs';
import { planSubscriptions } from '../subscriptions/bulk';
import { ensureGroup } from '../subscriptions/groupsByTitle';
import type { FeedServices } from '../subscriptions/services';
import type { SubscribeRequest, SubscribeResult } from '../subscriptions/subscribe';
import { feedUrlOf, findSubscribed } from '../subscriptions/urlKey';
import type { JobSummary } from '../types';
import { landedFolder, rememberDefaultFolder, type Unfiled } from './defaultFolder';
import { applyStructure } from './importer';
import type { SubscriptionEdits, SyncClient } from './protocol';
import type { AccountRecord } from './store';
import type { SyncHooks } from './syncApi';
import { syncError } from './transport';

const isList = (value: unknown): boolean => Array.isArray(value);

/** What subscribing needs from the sync domain. */
export interface SubscribeDeps {
  s: FeedServices;
  /** The connected account (fails `sync_no_account`). */
  account: () => Promise<AccountRecord>;
  clientFor: (a: AccountRecord) => SyncClient;
  /** The client's subscription edits (fails `sync_unsupported` for Fever). */
  editsOf: (client: SyncClient) => SubscriptionEdits;
  /** Starts a sync job; resolves with its id. */
  run: () => Promise<string>;
}

/** Builds `subscribeOne` and `subscribeMany` of the sync hooks. */
export function createSyncSubscribe({
  s,
  account,
  clientFor,
  editsOf,
  run,
}: SubscribeDeps): Pick<SyncHooks, 'subscribeOne' | 'subscribeMany'> {
  /** The label a subscription goes into: a new group's title, or the chosen group's title. */
  const labelOf = (req: { groupId?: number; newGroupTitle?: string }): string | null => {
    const fresh = req.newGroupTitle?.trim();
    if (fresh) return fresh;
    if (req.groupId === undefined || req.groupId === -1) return null;
    const group = s.ctx.groupCache.get(req.groupId);
    if (!group) throw new EngineError('bad_input', `Group ${req.groupId} does not exist`);
    return group.title;
  };

  /**
   * Brings the server's new subscriptions in: structure, then a sync pass, awaited. Those made
   * without a label (`unfiled`) went to the server's default folder: it is learned here, so they
   * arrive in no group.
   */
  const pullNew = async (
    a: AccountRecord,
    unfiled: Unfiled[] = [],
  ): Promise<{ feedMap: Map<string, number>; newItems: number }> => {
    const structure = await clientFor(a).structure();
    const learned = await rememberDefaultFolder(s, a, landedFolder(structure.feeds, unfiled, ''));
    const feedMap = await applyStructure(s, learned, structure);
    const done = await s.jobs.whenFinished(await run());
    return { feedMap, newItems: done?.summary?.newItems ?? 0 };
  };

  const subscribeOne = async (req: SubscribeRequest): Promise<SubscribeResult> => {
    const a = await account();
    const edits = editsOf(clientFor(a));
    const url = feedUrlOf(req?.url);
    const known = findSubscribed(s.ctx, [url]);
    if (known) return { feedId: known.id, alreadySubscribed: true, added: 0 };
    const label = labelOf(req);
    const remoteId = await edits.subscribe(url, req.title?.trim() ?? '', label);
    const { feedMap } = await pullNew(a, label ? [] : [{ remoteId, title: url, from: null }]);
    const id = feedMap.get(remoteId);
    if (id === undefined)
      throw syncError('sync_bad_answer', 'The server subscribed, but the feed is not in its list.');
    if (label) await ensureGroup(s, label);
    return { feedId: id, alreadySubscribed: false, added: s.ctx.index.idsOfFeed(id).length };
  };

  const subscribeMany: SyncHooks['subscribeMany'] = async (
    kind,
    entries,
    preSkipped = 0,
    groupTitles = [],
  ) => {
    const a = await account();
    const edits = editsOf(clientFor(a));
    if (!isList(entries)) throw new EngineError('bad_input', 'A list of feeds is needed');
    const planned = planSubscriptions(s, entries);
    const { invalid } = planned;
    const skipped = preSkipped + planned.skipped;
    const todo = planned.todo.map((t) => ({ url: t.url, title: t.title, label: t.groupTitle.trim() }));
    return s.jobs.start(kind, null, entries.length + preSkipped, async (job) => {
      const summary: JobSummary = { added: 0, skipped, failed: 0, newItems: 0 };
      const groupsBefore = new Set(s.ctx.groupCache.keys());
      const remoteIds: string[] = [];
      const unfiled: Unfiled[] = [];
      job.progress.done = skipped;
      for (const f of invalid) {
        job.fail(f);
        job.progress.done++;
      }
      // Empty folders of an OPML file stay local groups (servers keep no empty folder for us).
      for (const title of groupTitles) if (title.trim()) await ensureGroup(s, title);
      // One at a time: the server fetches each feed while it answers.
      for (const entry of todo) {
        if (job.signal.aborted) break;
        try {
          const remoteId = await edits.subscribe(entry.url, entry.title, entry.label || null);
          remoteIds.push(remoteId);
          if (!entry.label) unfiled.push({ remoteId, title: entry.url, from: null });
          summary.added++;
        } catch (err) {
          job.fail(failureOf(err, { feedId: null, url: entry.url, title: entry.title }));
        }
        job.progress.done++;
        job.changed();
      }
      if (summary.added) {
        const pulled = await pullNew(a, unfiled);
        summary.newItems = pulled.newItems;
        summary.feedIds = remoteIds.flatMap((remote) => pulled.feedMap.get(remote) ?? []);
      } else summary.feedIds = [];
      // The labels of the new subscriptions came down as groups with the server's structure.
      summary.groupIds = [...s.ctx.groupCache.keys()].filter((id) => !groupsBefore.has(id));
      summary.failed = job.progress.failed;
      return summary;
    });
  };

  return { subscribeOne, subscribeMany };
}
