/** The `backup` domain: streamed backups, and restores that check the whole file first. */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { MetaIndex } from '../index/metaIndex';
import { reloadGroupsAndFeeds } from '../index/remoteSync';
import { rebuild } from '../index/fromStore';
import type { BackupPreview, RestoreResult } from '../types';
import { startBackup, type BackupSession } from './export';
import { readBackup, type StagedBackup } from './parse';
import { META_KEYS } from '../db/meta';
import { mergeInto, replaceAll, type Progress, type RestoredSettings, type StartedRestore } from './restore';

/** What a restore needs from the text index: forget everything, then catch up. */
export interface TextIndexSync {
  sync(): Promise<void>;
}

/** The `backup` domain of the engine API. */
export interface BackupApi {
  /**
   * Plans a backup of every store (secrets and derived caches left out) plus `settings` (one
   * `@settings` line; pass what the file should hold, e.g. without an API key). Returns the
   * session id, the header and the number of record lines. Cost: one key read per store.
   */
  start(opts?: {
    settings?: unknown;
  }): Promise<{ id: string; header: BackupPreview['header']; total: number }>;
  /**
   * The next chunk of the file (NDJSON text: the header first, then up to 500 records), or null
   * when the backup is complete (the session is then gone). Fails: `no_session`,
   * `backup_changed` (records deleted meanwhile), storage errors.
   */
  next(id: string): Promise<string | null>;
  /** Forgets a backup session (no error when unknown). */
  cancel(id: string): Promise<void>;
  /**
   * Reads and checks a whole backup file and keeps it ready to restore (one at a time: a new
   * inspect replaces the previous one). Nothing is written. Fails with the reasons of
   * parse.ts: `not_backup`, `newer_version`, `truncated`, `corrupt_backup`.
   */
  inspect(file: Blob): Promise<BackupPreview>;
  /**
   * Restores the inspected backup (`merge` or `replace`, see restore.ts) in one transaction,
   * then reloads the index, caches and search text and tells every tab. The backup's settings
   * go into the same transaction (meta `restoredSettings`, tagged `restoreId`), so data and
   * settings land together: if the page is gone before it applies them, `pendingSettings`
   * hands them over at the next start. `onProgress(done, total, phase)` may be a Comlink proxy;
   * its `done` phase is the commit. Resolves with the settings for the page to apply, then
   * `settingsApplied(restoreId)`. Fails: `no_backup` (nothing inspected), `quota_exceeded` /
   * `restore_failed` (nothing changed).
   */
  restore(
    id: string,
    mode: 'merge' | 'replace',
    onProgress?: Progress,
    restoreId?: string,
    file?: string,
  ): Promise<RestoreResult>;
  /**
   * The restore that was started and never committed (its note is written in its own
   * transaction before the restore's, and removed in the restore's commit), or null. IndexedDB,
   * not localStorage: Chromium writes localStorage to disk seconds later, so a crash right after
   * a restore starts would lose a note kept there.
   */
  startedRestore(): Promise<StartedRestore | null>;
  /** Forgets the note of restore `restoreId` (once reported; no-op for another id). */
  forgetStartedRestore(restoreId: string): Promise<void>;
  /** The settings of a committed restore the page has not applied yet, or null. One meta read. */
  pendingSettings(): Promise<RestoredSettings | null>;
  /** The page applied the settings of restore `restoreId`: forget them (no-op for another id). */
  settingsApplied(restoreId: string): Promise<void>;
  /** Drops the inspected backup from memory. */
  discard(id: string): Promise<void>;
}

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Builds the backup domain. `text` is the engine's text index (rebuilt after a restore). */
export function createBackupApi(ctx: EngineContext, text: TextIndexSync): BackupApi {
  const sessions = new Map<string, BackupSession>();
  let staged: { id: string; backup: StagedBackup } | null = null;
  let restoring = false;

  const forgetStarted = (restoreId: string) =>
    ctx.db.tx('delete', 'rw', ['meta'], async () => {
      const table = ctx.db.table('meta');
      const value = (await table.get(META_KEYS.restoreStarted))?.value as StartedRestore | undefined;
      if (value?.restoreId === restoreId) await table.delete(META_KEYS.restoreStarted);
    });

  const knownStores = () =>
    new Map(ctx.db.dexie.tables.map((t) => [t.name, { inbound: t.schema.primKey.keyPath != null }]));

  // After a committed restore: the index, caches and search text follow the new content.
  const reload = async (feedIdsBefore: number[], feedIdsAfter: number[]) => {
    ctx.index.load(new MetaIndex().columns());
    await text.sync();
    ctx.applied.counter = await rebuild(ctx.db, ctx.index);
    await reloadGroupsAndFeeds(ctx);
    ctx.scheduleSnapshot();
    const counter = ctx.applied.counter;
    ctx.events.emit({ type: 'groups-changed' }, counter);
    ctx.events.emit({ type: 'items-removed', feedIds: feedIdsBefore }, counter);
    ctx.events.emit(
      { type: 'feeds-changed', feedIds: [...new Set([...feedIdsBefore, ...feedIdsAfter])] },
      counter,
    );
    ctx.events.emit({ type: 'items-added', feedIds: feedIdsAfter, count: ctx.index.liveCount() }, counter);

    ctx.events.emit({ type: 'highlights-changed', itemIds: [] }, counter);
  };

  return {
    async start(opts = {}) {
      const session = await startBackup(ctx, opts.settings);
      const id = newId();
      sessions.set(id, session);
      return { id, header: session.header, total: session.total };
    },
    async next(id) {
      const session = sessions.get(id);
      if (!session) throw new EngineError('no_session', 'This backup is no longer running; start it again');
      try {
        const chunk = await session.next();
        if (chunk === null) sessions.delete(id);
        return chunk;
      } catch (err) {
        sessions.delete(id);
        throw err;
      }
    },
    cancel: (id) => {
      sessions.delete(id);
      return Promise.resolve();
    },
    async inspect(file) {
      staged = null;
      const backup = await readBackup(file, knownStores());
      const id = newId();
      staged = { id, backup };
      return {
        id,
        header: backup.header,
        hasSettings: backup.settings !== undefined,
        unknownStores: backup.unknownStores,
      };
    },
    async restore(id, mode, onProgress, restoreId = newId(), file = '') {
      if (!staged || staged.id !== id) throw new EngineError('no_backup', 'Choose the backup file again');
      if (mode !== 'merge' && mode !== 'replace')
        throw new EngineError('bad_input', `Unknown restore mode ${String(mode)}`);
      if (restoring) throw new EngineError('busy', 'A restore is already running');
      restoring = true;
      try {
        const report: Progress = (done, total, phase) => {
          // A proxied callback returns a promise; a failed progress report must not fail the restore.
          void Promise.resolve(onProgress?.(done, total, phase)).catch(() => {});
        };
        const backup = staged.backup;
        const record: RestoredSettings = {
          restoreId,
          mode,
          settings: backup.settings ?? null,
          at: Date.now(),
          file,
        };
        const started: StartedRestore = { restoreId, mode, file, startedAt: record.at };
        await ctx.stores.meta.set(META_KEYS.restoreStarted, started);
        let outcome;
        try {
          outcome =
            mode === 'replace'
              ? await replaceAll(ctx, backup, report, record)
              : await mergeInto(ctx, backup, report, record);
        } catch (err) {
          // The restore failed and said so: nothing changed, and there is nothing to report later.
          await forgetStarted(restoreId).catch(() => {});
          throw err;
        }
        staged = null;
        await reload(outcome.feedIdsBefore, outcome.feedIdsAfter);
        return { mode, written: outcome.written, settings: backup.settings, restoreId };
      } finally {
        restoring = false;
      }
    },
    async startedRestore() {
      const value = (await ctx.stores.meta.get(META_KEYS.restoreStarted)) as StartedRestore | undefined;
      return value && typeof value.restoreId === 'string' ? value : null;
    },
    forgetStartedRestore: (restoreId) => forgetStarted(restoreId),
    async pendingSettings() {
      const value = (await ctx.stores.meta.get(META_KEYS.restoredSettings)) as RestoredSettings | undefined;
      return value && typeof value.restoreId === 'string' ? value : null;
    },
    async settingsApplied(restoreId) {
      await ctx.db.tx('delete', 'rw', ['meta'], async () => {
        const table = ctx.db.table('meta');
        const value = (await table.get(META_KEYS.restoredSettings))?.value as RestoredSettings | undefined;
        if (value?.restoreId === restoreId) await table.delete(META_KEYS.restoredSettings);
      });
    },
    discard: (id) => {
      if (staged?.id === id) staged = null;
      return Promise.resolve();
    },
  };
}
