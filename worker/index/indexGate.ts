/**
 * Deferred index loading for a fast cold start. `init()` may answer before the index snapshot is
 * read; until it is, the gate holds every engine call (so no write reaches a half-loaded index and
 * none is lost or applied twice), except what the counts summary can answer exactly: `counts()`
 * and pages of the all list (earlyPage.ts). When not deferred the gate is a no-op pass-through.
 */
import type { Database } from '../db/database';
import type { Counts, ItemRow, ItemsQuery, Page } from '../types';
import { canPageEarly, earlyPage } from './earlyPage';
import type { IndexSummary } from './snapshot';

type AnyFn = (...args: never[]) => unknown;

/**
 * How long a load with a summary waits for the first page before it starts anyway. Reading and
 * unpacking the snapshot occupies the worker's thread for a while (~100–300 ms at 100k on a busy
 * 2-core machine); the first page, a few dozen IndexedDB cursor steps, would queue behind it.
 */
export const FIRST_PAGE_WINDOW_MS = 50;

export class IndexGate {
  private _loaded: boolean;
  private ready: Promise<void> = Promise.resolve();
  private summary: IndexSummary | null = null;
  private startLoad: (() => void) | null = null;
  /** Methods that answer on their own while loading (`page`): `hold` leaves them as they are. */
  private readonly early = new WeakSet<AnyFn>();

  /** `deferred` false: the index is loaded inside init and the gate never holds anything. */
  constructor(readonly deferred: boolean) {
    this._loaded = !deferred;
  }

  /** True once the index is loaded (always, when not deferred). */
  get loaded(): boolean {
    return this._loaded;
  }

  /**
   * Loads with `load` (which must report its own failures; a rejection is logged and still opens
   * the gate, leaving whatever the index holds). `summary` answers counts and early pages
   * meanwhile; null = nothing can be answered early, so the load starts at once. With a summary
   * the load starts after the first early page, at the first call that needs the index, or after
   * `windowMs`, whichever comes first. Resolves when the gate opens.
   */
  begin(
    summary: IndexSummary | null,
    load: () => Promise<void>,
    windowMs = FIRST_PAGE_WINDOW_MS,
  ): Promise<void> {
    this._loaded = false;
    this.summary = summary;
    const go = summary
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, windowMs);
          this.startLoad = () => {
            clearTimeout(timer);
            resolve();
          };
        })
      : Promise.resolve();
    this.ready = go
      .then(() => {
        this.startLoad = null;
        return load();
      })
      .catch((err: unknown) => console.error('Rivulet: index load failed', err))
      .then(() => {
        this._loaded = true;
        this.summary = null;
      });
    return this.ready;
  }

  /** Resolves when the index is loaded, without hurrying a load that waits for the first page. */
  afterLoad(): Promise<void> {
    return this.ready;
  }

  /** Resolves when the index is loaded (at once when it is, or when nothing is loading); starts a waiting load. */
  whenLoaded(): Promise<void> {
    this.startLoad?.();
    return this.ready;
  }

  /**
   * The same domain with every method held until the index is loaded. Once loaded a call costs
   * one boolean check. Non-function members, and methods made by `page`, are copied as they are.
   */
  hold<T extends object>(domain: T): T {
    if (!this.deferred) return domain;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(domain)) {
      if (typeof value !== 'function' || this.early.has(value as AnyFn)) {
        out[key] = value;
        continue;
      }
      const fn = value as AnyFn;
      out[key] = (...args: never[]) =>
        this._loaded ? fn(...args) : this.whenLoaded().then(() => fn(...args));
    }
    return out as T;
  }

  /**
   * `items.page` that answers the all list from IndexedDB while loading (same rows, cursor and
   * total as the index would give) and otherwise waits for the index and calls `page`. `hold`
   * passes the method it returns through unchanged, so a domain may carry it and still be held.
   */
  page(
    db: Database,
    page: (q: ItemsQuery) => Promise<Page<ItemRow>>,
  ): (q: ItemsQuery) => Promise<Page<ItemRow>> {
    const answer = async (q: ItemsQuery): Promise<Page<ItemRow>> => {
      const summary = this.summary;
      if (!this._loaded && summary && canPageEarly(q)) {
        const early = await earlyPage(db, summary, q);
        this.startLoad?.();
        if (early) return early;
      }
      if (!this._loaded) await this.whenLoaded();
      return page(q);
    };
    this.early.add(answer);
    return answer;
  }

  /** Counts from the summary while loading (exact: it matches the stored counter), else `live()`. */
  counts(live: () => Counts, caches: { groups: number; feeds: number }): Promise<Counts> {
    const s = this.summary;
    if (this._loaded || !s) return this.ready.then(live);
    return Promise.resolve({
      groups: caches.groups,
      feeds: caches.feeds,
      items: s.items,
      unread: s.unread,
      saved: s.saved,
      unreadByFeed: { ...s.unreadByFeed },
    });
  }
}
