/**
 * The one module that talks to IndexedDB (through Dexie). Everything else reaches storage
 * through `Database.tx` (the single transaction helper) or the stores built on it.
 */
import Dexie, { type Table, type Transaction } from 'dexie';
import { dbError, type DbErrorKind, lostError } from './dbErrors';
import { defineSchema, type StoreName, type StoreRecords } from './schema';

/** What the engine needs from the environment to reach IndexedDB (injectable for tests). */
export interface DbEnvironment {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
  dbName?: string;
}

/** Default database name in the browser. */
export const DEFAULT_DB_NAME = 'rivulet';

/**
 * Why the connection was lost under the running engine: the database was deleted (site data
 * cleared, `indexedDB.deleteDatabase`), the browser closed it by force (storage cleared or
 * evicted, the disk gone), or a newer version of the app wants to upgrade it.
 */
export type DbLoss = 'deleted' | 'closed' | 'upgraded';

/** The kinds of `run` that only read (see `readsWaiting`). */
const READ_KINDS: ReadonlySet<DbErrorKind> = new Set(['fetch', 'fetchAll', 'cursor', 'count', 'exists']);

/** A typed table of one store. */
export type StoreTable<S extends StoreName> = Table<StoreRecords[S], number | string>;

/** An opened Rivulet database: typed tables plus the transaction helper. */
export class Database {
  readonly dexie: Dexie;
  private opening: Promise<void> | null = null;
  private openError: unknown = null;
  private lostReason: DbLoss | null = null;
  private readonly lostListeners = new Set<(reason: DbLoss) => void>();
  private reading = 0;

  constructor(env: DbEnvironment) {
    this.dexie = new Dexie(env.dbName ?? DEFAULT_DB_NAME, {
      indexedDB: env.indexedDB,
      IDBKeyRange: env.IDBKeyRange,
    });
    defineSchema(this.dexie);
  }

  /**
   * Opens the database (idempotent once it succeeded). Rejects with `Error opening database:
   * <reason>` and remembers the failure, so calls through `run()` reject with `Database open
   * failed: <reason>` until a later `open()` succeeds (the UI may offer a retry).
   */
  open(): Promise<void> {
    this.opening ??= this.dexie.open().then(
      () => {
        this.openError = null;
        this.watchConnection();
      },
      (err: unknown) => {
        this.openError = err;
        this.opening = null;
        throw dbError('open', err);
      },
    );
    return this.opening;
  }

  /** Why the connection was lost under the engine, or null while it is fine. */
  get lost(): DbLoss | null {
    return this.lostReason;
  }

  /** Calls `listener` once if the connection is lost (see DbLoss); returns the unsubscribe function. */
  onLost(listener: (reason: DbLoss) => void): () => void {
    this.lostListeners.add(listener);
    return () => void this.lostListeners.delete(listener);
  }

  /**
   * Follows the browser's own signals on the open connection. Dexie closes on `versionchange`
   * and on a forced `close` but then reopens at the next call, which would silently create an
   * empty database where the person's data was (or open a half-deleted one). Instead the
   * connection is closed for good: every later call fails with `db_lost` until the page starts
   * a new engine, and the listeners (the engine, then the UI) are told once.
   */
  private watchConnection(): void {
    const idb = this.dexie.backendDB();
    const lose = (reason: DbLoss) => {
      if (this.lostReason) return;
      this.lostReason = reason;
      this.dexie.close({ disableAutoOpen: true });
      for (const listener of this.lostListeners) {
        try {
          listener(reason);
        } catch (err) {
          console.error('Rivulet: database-lost listener failed', err);
        }
      }
    };
    idb.addEventListener('versionchange', (ev) => lose(ev.newVersion === null ? 'deleted' : 'upgraded'));
    idb.addEventListener('close', () => lose('closed'));
  }

  /** Closes the connection; later calls fail with the operation's own error text. */
  close(): void {
    this.dexie.close();
  }

  /** The typed table of a store. Only valid inside `run`/`tx` callbacks. */
  table<S extends StoreName>(name: S): StoreTable<S> {
    return this.dexie.table(name);
  }

  /**
   * Runs one storage operation and maps any failure to `<text of kind>: <underlying message>`.
   * If the earlier open failed, rejects with `Database open failed: <reason>` without trying;
   * after the connection was lost (see `lost`), with `db_lost` without trying.
   */
  async run<T>(kind: DbErrorKind, fn: () => Promise<T>): Promise<T> {
    if (this.lostReason) throw lostError(this.lostReason);
    if (this.openError !== null) throw dbError('openFailed', this.openError);
    const read = READ_KINDS.has(kind);
    if (read) this.reading++;
    try {
      return await fn();
    } catch (err) {
      throw dbError(kind, err);
    } finally {
      if (read) this.reading--;
    }
  }

  /**
   * Reads asked through `run`/`tx` and not yet answered. A long read-write transaction checks
   * it between its steps: IndexedDB runs a read-only transaction over the same stores only after
   * every read-write one begun before it has committed, so such a read is waiting for it.
   */
  get readsWaiting(): number {
    return this.reading;
  }

  /**
   * The transaction helper: runs `fn` in one IndexedDB transaction over `stores` and maps a
   * failure to `kind`'s text. Inside `fn`, await only Dexie calls (awaiting anything else lets
   * IndexedDB auto-commit the transaction). All writes of `fn` commit or none do.
   */
  tx<T>(
    kind: DbErrorKind,
    mode: 'r' | 'rw',
    stores: StoreName[],
    fn: (trans: Transaction) => Promise<T>,
  ): Promise<T> {
    return this.run(kind, () => this.dexie.transaction(mode, stores, fn));
  }
}
