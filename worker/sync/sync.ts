/**
 * The `sync` domain: connect to a Fever or Google Reader API server, import, keep in step on
 * every refresh, push local changes, log out, load older items, and subscription edits where
 * the protocol has them. Protocol subset and design: docs/sync.md.
 */
import { EngineError } from '../errors';
import { patchFeed } from '../feeds/refresh/patchFeed';
import { ensureGroup } from '../subscriptions/groupsByTitle';
import type { FeedServices } from '../subscriptions/services';
import { createFeverClient, feverLogin } from './fever';
import { createGReaderClient, greaderLogin } from './greader';
import { accountFeeds, importItems, reattachFeeds } from './importer';
import { keepLeftFeeds } from './leftServer';
import type { SyncClient } from './protocol';
import { learnDefaultFolder, namedDefaultFolder, recogniseFreshRss, type Unfiled } from './defaultFolder';
import { installQueueListener } from './queueListener';
import { createSyncSubscribe } from './subscribe';
import { installLabelListener, withSyncLabels } from './labels';
import type { TagsApi } from '../tags/tags';
import { recogniseServer } from './recognise';
import { runSync } from './run';
import {
  ACCOUNT_KEY,
  deleteAccount,
  detachAccount,
  patchAccount,
  readAccount,
  readFormer,
  reattachAccount,
  writeAccount,
  type AccountRecord,
} from './store';
import { Tracker } from './tracker';
import { withSyncUndo } from './undo';
import type { StateApi } from '../state/readState';
import { MAX_RETRY_AFTER } from '../feeds/refresh/refreshPolicy';
import { proxyTransport, retryAfterOf, syncError, waitText, type SyncTransport } from './transport';

export * from './syncApi';
import { withRetries, normaliseServerUrl, type SyncApi, type SyncHooks } from './syncApi';
import { syncStatus } from './status';

/** Builds the sync domain and its hooks. `transport` defaults to the companion server's /api/sync. */
export function createSync(s: FeedServices, transport: SyncTransport = proxyTransport(s.proxy)) {
  const tracker = new Tracker(s.ctx.db);
  installQueueListener(s.ctx, tracker);
  installLabelListener(s.ctx, tracker);
  const olderCursors = new Map<number, string>();
  const olderDone = new Set<number>();

  const clientFor = (a: AccountRecord): SyncClient =>
    a.protocol === 'fever'
      ? createFeverClient(transport, a.url, a.token)
      : createGReaderClient(transport, a.url, a.token);
  const account = async (): Promise<AccountRecord> => {
    const a = await readAccount(s.ctx.db);
    if (!a) throw syncError('sync_no_account', 'No sync account is connected.');
    return a;
  };
  const serverFeed = async (feedId: number) => {
    // A feed we do not know is not a synced one: the local edit applies its own rules to it
    // (move skips unknown ids, rename reports not_found).
    const feed = s.ctx.feedCache.get(feedId);
    if (!feed || !feed.account || !feed.remoteId) return null;
    const a = await readAccount(s.ctx.db);
    if (!a || a.tag !== feed.account) return null;
    return { feed, account: a, client: clientFor(a), remoteId: feed.remoteId };
  };
  // A local group is the account's folder of the same name once one of the account's feeds is
  // in it (applyStructure makes groups by title): renaming or deleting it here must reach the
  // server, or the next sync puts the folder back and moves the feeds into it again.
  const serverFolder = async (groupId: number) => {
    const group = s.ctx.groupCache.get(groupId);
    const a = group ? await readAccount(s.ctx.db) : null;
    if (!group || !a) return null;
    for (const f of s.ctx.feedCache.values())
      if (f.groupId === groupId && f.account === a.tag && f.remoteId)
        return { group, account: a, client: clientFor(a) };
    return null;
  };
  const foldersOf = (client: SyncClient) => {
    if (!client.labels)
      throw syncError(
        'sync_unsupported',
        'The Fever API cannot change folders. Make this change on your server, then refresh.',
      );
    return client.labels;
  };
  const editsOf = (client: SyncClient) => {
    if (!client.edits)
      throw syncError(
        'sync_unsupported',
        'The Fever API cannot change subscriptions. Make this change on your server, then refresh.',
      );
    return client.edits;
  };

  const run = async (opts: { readDays?: number; force?: boolean } = {}): Promise<string> => {
    // The server asked for a pause (429 or another refusal with Retry-After): a sync now is
    // refused with the time left, unless the reader insists (`force`) or one is running already.
    const waiting = await account();
    const left = (waiting.retryAt ?? 0) - s.ctx.now();
    if (left > 0 && !opts.force && !s.jobs.runningByKey('sync'))
      throw syncError(
        'sync_rate',
        `The server asked Rivulet to wait before syncing again: ${waitText(left)} more. Syncs start again by themselves then; "Sync anyway" tries now.`,
        { retryAfter: left, retryAt: waiting.retryAt },
      );
    if (opts.readDays !== undefined) {
      const days = Math.max(0, Math.min(365, Math.floor(Number(opts.readDays) || 0)));
      await account();
      await patchAccount(s.ctx.db, { readDays: days });
    }
    const a = await account();
    return s.jobs.start('sync', 'sync', 0, async (job) => {
      try {
        const client = clientFor(a);
        const summary = await runSync(s, a, client, tracker, job);
        // Articles too large to relay even one at a time are not here: said where the account's
        // state shows (and on the job), not only in the console. The server keeps them unread,
        // and the next sync asks again. Only articles that are not here count: the checks of
        // articles already here (feverCheck.ts, labelCheck.ts) read them too, and one of those
        // too large to read again was not skipped (each counted once, however often it was asked).
        const left = new Set((client.tooLarge ?? []).filter((id) => !tracker.byRemote.has(id))).size;
        const note = left
          ? `${left} article${left === 1 ? ' was' : 's were'} too large to bring in (over 10 MB each) and stay${left === 1 ? 's' : ''} on the server as ${left === 1 ? 'it is' : 'they are'}; the rest is synced.`
          : '';
        if (left) job.fail({ feedId: null, url: '', title: '', reason: note, code: 'sync_too_large' });
        await patchAccount(s.ctx.db, {
          lastSync: s.ctx.now(),
          lastError: note,
          lastErrorCode: left ? 'sync_too_large' : '',
          retryAt: 0,
        });
        return left ? { ...summary, failed: left } : summary;
      } catch (err) {
        const e = err instanceof EngineError ? err : new EngineError('sync_http', String(err));
        const message =
          e.code === 'sync_auth'
            ? 'The server refused the saved login, usually because the API password was changed. Log in again with the current password.'
            : e.message;
        // A wait the server named (429, or a 503 with Retry-After) holds automatic syncs back
        // until it is over, also across reloads (see `kick`); a failure naming none ends it.
        const wait = retryAfterOf(e);
        const retryAt = wait !== null && wait > 0 ? s.ctx.now() + Math.min(wait, MAX_RETRY_AFTER) : 0;
        await patchAccount(s.ctx.db, { lastError: message, lastErrorCode: e.code, retryAt }).catch(
          () => undefined,
        );
        throw new EngineError(e.code, message, e.details);
      }
    });
  };

  // A subscription the server has just accepted is brought in at once, whatever wait it named before.
  const { subscribeOne, subscribeMany } = createSyncSubscribe({
    s,
    account,
    clientFor,
    editsOf,
    run: () => run({ force: true }),
  });

  /** Forgets the former account: its map and queue, and the server ids its feeds kept. */
  const forgetFormer = async () => {
    await deleteAccount(s.ctx.db);
    for (const f of [...s.ctx.feedCache.values()])
      if (!f.account && f.remoteId) await patchFeed(s.ctx, f.id, { remoteId: undefined }, { ifExists: true });
  };

  const api: SyncApi = {
    async connect(req) {
      const protocol = req?.protocol;
      if (protocol !== 'fever' && protocol !== 'greader')
        throw new EngineError('bad_input', 'Choose the Fever API or the Google Reader API.');
      const url = normaliseServerUrl(req.url);
      const username = String(req.username ?? '').trim();
      if (!username || !req.password)
        throw new EngineError('bad_input', 'Enter your user name and password.');
      const existing = await readAccount(s.ctx.db);
      const tag = `${protocol} ${url}`;
      if (existing && existing.tag !== tag)
        throw new EngineError('sync_connected', `Already connected to ${existing.url}. Log out first.`);
      if (existing && existing.username !== username)
        throw new EngineError(
          'sync_connected',
          `Connected as ${existing.username}. Log out first to use another user.`,
        );
      const token = await (
        protocol === 'fever'
          ? feverLogin(transport, url, username, req.password)
          : greaderLogin(transport, url, username, req.password)
      ).catch(async (err: unknown) => {
        if (!(err instanceof EngineError) || err.code !== 'sync_not_api') throw err;
        const hint = await recogniseServer(transport, url, protocol);
        if (!hint) throw err;
        const name = hint.server === 'freshrss' ? 'FreshRSS' : 'Miniflux';
        const api = protocol === 'fever' ? 'Fever API' : 'Google Reader API';
        throw syncError(
          'sync_not_api',
          `This is ${name}, but not its ${api}: use ${hint.suggestion} (and check that the API is enabled${
            hint.server === 'freshrss' ? ' in Settings → Authentication' : ' in Settings → Integrations'
          }).`,
          hint,
        );
      });
      const client =
        protocol === 'fever'
          ? createFeverClient(transport, url, token)
          : createGReaderClient(transport, url, token);
      const structure = await client.structure();
      const unread = await client.unreadIds();
      const saved = await client.savedIds();
      const former = existing ? null : await readFormer(s.ctx.db);
      const same = former !== null && former.tag === tag && former.username === username;
      // What was learned of this same account stays (a new login clears a wait the server named).
      const kept = existing ?? (same ? former : null);
      const record: AccountRecord = {
        ...(kept?.readDays !== undefined ? { readDays: kept.readDays } : {}),
        ...(kept?.labels !== undefined ? { labels: kept.labels } : {}),
        ...(kept?.defaultFolder !== undefined ? { defaultFolder: kept.defaultFolder } : {}),
        ...(kept?.madeGroups !== undefined ? { madeGroups: kept.madeGroups } : {}),
        ...(kept?.server !== undefined ? { server: kept.server } : {}),
        ...(kept?.feverWalk !== undefined ? { feverWalk: kept.feverWalk } : {}),
        ...(kept?.labelVerdicts !== undefined ? { labelVerdicts: kept.labelVerdicts } : {}),
        id: ACCOUNT_KEY,
        protocol,
        url,
        username,
        token,
        tag,
        createdAt: existing?.createdAt ?? (same ? former.createdAt : s.ctx.now()),
        lastSync: existing?.lastSync ?? (same ? former.lastSync : 0),
        lastError: '',
        lastErrorCode: '',
      };
      let reattached = 0;
      if (same) {
        // The same server and user as before the logout: the kept item map and queue are this
        // account's, and its feeds come back (matched by stream id, else by feed URL).
        await reattachAccount(s.ctx.db, record);
        reattached = await reattachFeeds(s, record, structure.feeds);
        tracker.clear();
        await tracker.reload();
      } else {
        if (former) await forgetFormer();
        await writeAccount(s.ctx.db, record);
      }
      olderCursors.clear();
      olderDone.clear();
      // FreshRSS's default folder comes in as no group, not as a group.
      const noGroup = namedDefaultFolder(await recogniseFreshRss(s, record, client), structure);
      return {
        reattached,
        protocol,
        url,
        username,
        groups: new Set(structure.feeds.map((f) => f.groupIds[0]).filter((g) => g && g !== noGroup)).size,
        feeds: structure.feeds.length,
        unread: unread.length,
        saved: saved.length,
        canEditSubscriptions: client.edits !== undefined,
      };
    },
    status: () => syncStatus(s),
    run: (opts) => run(opts),
    async logout(opts = {}) {
      const a = await readAccount(s.ctx.db);
      const running = s.jobs.runningByKey('sync');
      if (running) await s.jobs.cancel(running);
      tracker.clear();
      olderCursors.clear();
      olderDone.clear();
      if (!a) return;
      const feeds = [...accountFeeds(s, a).values()];
      if (opts.removeFeeds) {
        await deleteAccount(s.ctx.db);
        for (const f of feeds) await s.feeds.delete(f.id);
        return;
      }
      // Kept feeds become local (refreshed from their own address) but remember their server
      // id, and the item map and queue stay: logging in again to this account re-attaches them.
      await detachAccount(s.ctx.db, a);
      for (const f of feeds) await patchFeed(s.ctx, f.id, { account: undefined }, { ifExists: true });
    },
    async relogin(password) {
      const a = await account();
      await api.connect({ protocol: a.protocol, url: a.url, username: a.username, password });
      return run();
    },
    async loadOlder(feedId) {
      const target = await serverFeed(feedId);
      if (!target) throw new EngineError('not_found', `Feed ${feedId} is not synced with a server`);
      await tracker.ready();
      // A feed that reported its end stays at its end (until the account changes).
      if (olderDone.has(feedId)) return { added: 0, more: false };
      const cursor = olderCursors.get(feedId) ?? '';
      const page = await withRetries(() =>
        target.client.older(target.remoteId, cursor, (id) => tracker.byRemote.has(id)),
      );
      olderCursors.set(feedId, page.next);
      const added = await importItems(
        s,
        target.account,
        tracker,
        page.items,
        new Map([[target.remoteId, feedId]]),
      );
      if (page.done) olderDone.add(feedId);
      return { added, more: !page.done };
    },
    async subscribe(url, opts = {}) {
      const result = await subscribeOne({
        url,
        ...(opts.groupId !== undefined ? { groupId: opts.groupId } : {}),
      });
      return result.feedId;
    },
    keepLeft: (feedIds) => keepLeftFeeds(s, Array.isArray(feedIds) ? feedIds : []),
    async editMode(feedId) {
      const target = await serverFeed(feedId);
      if (!target) return 'local';
      return target.client.edits ? 'server' : 'unsupported';
    },
  };

  const hooks: SyncHooks = {
    async beforeRename(feedId, title) {
      const target = await serverFeed(feedId);
      if (target) await editsOf(target.client).rename(target.remoteId, title);
    },
    async beforeMove(feedIds, groupId) {
      const to = groupId === -1 ? null : (s.ctx.groupCache.get(groupId)?.title ?? null);
      const unfiled: Unfiled[] = [];
      let last: { account: AccountRecord; client: SyncClient } | null = null;
      for (const id of feedIds) {
        const target = await serverFeed(id);
        if (!target) continue;
        const from = s.ctx.groupCache.get(target.feed.groupId)?.title ?? null;
        await editsOf(target.client).move(target.remoteId, from, to);
        if (!to && from) unfiled.push({ remoteId: target.remoteId, title: target.feed.title, from });
        last = target;
      }
      // "No group": the server put the feeds in its default folder, which is "no group" here.
      if (last)
        await learnDefaultFolder(s, last.account, last.client, unfiled, 'Move it to another group instead.');
      if (to) await ensureGroup(s, to);
    },
    async beforeDelete(feedIds) {
      for (const id of feedIds) {
        const target = s.ctx.feedCache.has(id) ? await serverFeed(id) : null;
        if (target) await editsOf(target.client).unsubscribe(target.remoteId);
      }
    },
    async beforeGroupRename(groupId, title) {
      const target = await serverFolder(groupId);
      // Google Reader folders are labels: FreshRSS renames a category by `rename-tag`.
      if (target && target.group.title !== title)
        await foldersOf(target.client).rename(target.group.title, title);
    },
    async beforeGroupDelete(groupId) {
      const target = await serverFolder(groupId);
      if (!target) return;
      const title = target.group.title;
      const unfiled = [...accountFeeds(s, target.account).values()]
        .filter((f) => f.groupId === groupId)
        .map((f) => ({ remoteId: f.remoteId!, title: f.title, from: title }));
      // FreshRSS's `disable-tag` deletes the category and moves its feeds to the default one,
      // which is "no group" here, where the deleted group's feeds go.
      await foldersOf(target.client).remove(title);
      await learnDefaultFolder(
        s,
        target.account,
        target.client,
        unfiled,
        'Move its feeds to other groups first.',
      );
    },
    async subscribeTarget() {
      const a = await readAccount(s.ctx.db);
      return a?.protocol === 'greader' ? 'greader' : null;
    },
    subscribeOne,
    subscribeMany,
    async kick(minGap) {
      const a = await readAccount(s.ctx.db);
      if (!a) return null;
      // Automatic syncs (and "refresh everything") wait out the pause the server asked for.
      if ((a.retryAt ?? 0) > s.ctx.now()) return null;
      if (s.ctx.now() - a.lastSync < minGap && !a.lastError) return null;
      return run();
    },
  };
  /** The state domain with `undo` settling the sync queue too (worker/sync/undo.ts). */
  const withUndo = (state: StateApi): StateApi =>
    withSyncUndo(state, s.ctx, tracker, () => s.jobs.runningByKey('sync') !== null);
  /** The tags domain with renames and deletes sent to a Google Reader account as labels. */
  const withLabels = (tags: TagsApi): TagsApi => withSyncLabels(tags, s.ctx);
  return { api, hooks, withUndo, withLabels };
}
