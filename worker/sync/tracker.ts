/**
 * The in-memory view of `syncItems` (item id → server id and last server state) and the set of
 * items whose local state the sync itself is writing right now (so those writes are not queued
 * back to the server). Loaded once per engine, kept in step by the sync code.
 */
import type { Database } from '../db/database';
import { readSyncItems, type SyncItemRecord } from './store';

export class Tracker {
  readonly byItem = new Map<number, SyncItemRecord>();
  readonly byRemote = new Map<string, SyncItemRecord>();
  /**
   * Item ids the sync is writing from the server right now, by what it writes: only that kind of
   * change of those items is not queued back. Kept apart because a change of another kind made
   * meanwhile is the reader's own (reading an article while the sync saves it must be sent).
   */
  readonly applying = { read: new Set<number>(), saved: new Set<number>(), tags: new Set<number>() };
  /** Item ids an undo is restoring; it settles their queue entries itself (see undo.ts). */
  readonly withheld = new Set<number>();
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  /** Loads the map once (O(synced items), one getAll); later calls resolve at once. */
  ready(): Promise<void> {
    this.loading ??= this.reload().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  /** Re-reads the store (another tab may have synced). */
  async reload(): Promise<void> {
    const records = await readSyncItems(this.db);
    this.byItem.clear();
    this.byRemote.clear();
    for (const r of records) this.set(r);
  }

  set(record: SyncItemRecord): void {
    this.byItem.set(record.itemId, record);
    this.byRemote.set(record.remoteId, record);
  }

  clear(): void {
    this.byItem.clear();
    this.byRemote.clear();
  }
}
