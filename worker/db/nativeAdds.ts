/**
 * Adds issued one at a time on a transaction's own native object store, as the caller makes
 * each record, instead of one Dexie `bulkAdd` of the whole array at the end.
 *
 * Why (measured with the ingest bench at 100k, 10k articles in 53 feeds, phases timed inside
 * `writeItems`): IndexedDB stores the records on its own thread while this one goes on. Made
 * first and handed over together, the ~240 ms of per-article work (HTML pass, hashes, one-byte
 * copies) ran while IndexedDB had nothing to do, then this thread waited ~950 ms for it. Adding
 * each record as soon as it is made lets the two overlap: in three bench runs with both ways
 * interleaved in each, 4,552–4,788 → 5,084–5,542 articles/s (0.68–0.78× → 0.83–0.86× of the
 * anchor). Dexie's `bulkAdd` cannot do that for chunks either: it issues its requests from its
 * own promise machinery, after the loop that made them (chunks of 16–64: 0.81–0.85× against
 * 0.79–0.83× in runs of their own).
 *
 * Each record goes in by `put`, not `add`: the store makes a new key for a record without one
 * either way, and neither overwrites anything then, but Chromium's `add` first asks its LevelDB
 * whether the key is already stored, a read through every level of the database that grows with
 * it. Measured: in the ingest bench at 100k (a fresh database, both ways interleaved in each run)
 * 0.99× and 0.95× the time; in a scratch profile of 1M articles, 10,000 new ones in transactions
 * of 250, the browser's CPU ~5.3 s against ~6.0 s (medians of four) and the writes' wall time
 * 3.0–3.3 s against 3.2–4.0 s. A record that carries a key is refused before it is written, so a
 * `put` can never replace a stored one. A unique index refuses a `put` as it does an `add`.
 */

/** What the adds came to, once the last request has answered. */
export interface AddsSettled {
  /** Each record's key, in the order added (`undefined` where the add failed). */
  keys: IDBValidKey[];
  /** The errors of failed adds (for example ConstraintError from a unique index). */
  failures: DOMException[];
}

/**
 * Issues a write per new record and settles when every request has answered. A failed add is
 * kept from aborting the transaction by itself (as Dexie's bulk calls do): the caller decides,
 * usually by throwing inside the transaction so nothing is written. Requests of one transaction
 * answer in the order they were made, so the last one answering means all have.
 */
export class NativeAdds {
  private readonly requests: IDBRequest<IDBValidKey>[] = [];
  // A failed add is read from its request (`error`) when the adds settle.
  private readonly onError = (event: Event): void => {
    event.preventDefault();
    event.stopPropagation();
  };

  // Where a record's key would be (the store's key path).
  private readonly keyPath: string;

  /** `store` must make its own keys (auto-increment, one key path). */
  constructor(private readonly store: IDBObjectStore) {
    const { keyPath, autoIncrement } = store;
    if (!autoIncrement || typeof keyPath !== 'string')
      throw new Error(`NativeAdds: store ${store.name} does not make its own keys`);
    this.keyPath = keyPath;
  }

  /** Number of adds issued. */
  get size(): number {
    return this.requests.length;
  }

  /**
   * Issues the add now (the record is cloned at once; later changes to it are not stored).
   * Throws, writing nothing, when the record carries a key: it would replace a stored record.
   */
  add(record: object): void {
    if ((record as Record<string, unknown>)[this.keyPath] !== undefined)
      throw new Error('NativeAdds: a new record must not carry a key');
    const request = this.store.put(record);
    request.onerror = this.onError;
    this.requests.push(request);
  }

  /**
   * Settles once every add issued so far has answered; never rejects (see `failures`). Ask in the
   * task that issued the adds: it listens for the last request's answer, which must not have
   * come yet (a request's `readyState` cannot tell, as an abort marks requests done before their
   * errors are set).
   */
  settled(): Promise<AddsSettled> {
    const last = this.requests.at(-1);
    const result = (): AddsSettled => ({
      keys: this.requests.map((r) => (r.error ? undefined : r.result) as IDBValidKey),
      failures: this.requests.flatMap((r) => (r.error ? [r.error] : [])),
    });
    if (!last) return Promise.resolve(result());
    return new Promise((resolve) => {
      last.addEventListener('success', () => resolve(result()));
      last.addEventListener('error', () => resolve(result()));
    });
  }
}
