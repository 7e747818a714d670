/**
 * Deferred index loading for a fast cold start. `init()` may answer before the index snapshot is
 * read; until it is, the gate holds every engine call (so no write reaches a half-loaded index and
 * none is lost or applied twice), except the reads that can be answered exactly meanwhile:
 * - `counts()` from the counts summary, before anything of the snapshot is read;
 * - calls made with `early` (pages of every list, filters naming no text field) once the
 *   snapshot's number columns are in: they run the index's own code over those columns, so they
 *   answer what the loaded index answers (the text columns load next, snapshot.ts);
 * - calls made with `free` (the feed and group lists), which read nothing of the index.
 * When not deferred the gate is a no-op pass-through.
 *
 * Until schema version 8 the all list's first pages of a database under 300k articles were also
 * walked from the items store's `[pubDate+id]` index while the snapshot loaded (~20 ms sooner at
 * 100k); the index went to make every stored article cheaper (worker/db/schema.ts).
 */
import type { Counts } from '../types';
import type { IndexSummary } from './snapshot';

type AnyFn = (...args: never[]) => unknown;

/**
 * How long a load with a summary waits for the first call that needs the index before it starts
 * anyway. Reading and unpacking the snapshot occupies the worker's thread for a while (~100–300 ms
 * at 100k on a busy 2-core machine); the feed and group lists (`free`), read from IndexedDB for the
 * sidebar, would queue behind it. The first page asked (an `early` call) starts the load at once.
 */
export const FIRST_PAGE_WINDOW_MS = 50;

export class IndexGate {
  private _loaded: boolean;
  private ready: Promise<void> = Promise.resolve();
  /** True while the number columns are in and the text columns are still loading. */
  private numbers = false;
  private numbersReady: Promise<void> = Promise.resolve();
  private summary: IndexSummary | null = null;
  private startLoad: (() => void) | null = null;
  private startText: (() => void) | null = null;
  /** Early calls running on the number columns; the text load waits until none is left. */
  private running = 0;
  /** Methods that answer on their own while loading (`early`, `free`): `hold` leaves them as they are. */
  private readonly earlyFns = new WeakSet<AnyFn>();

  /**
   * Runs once the first `begin`'s load is done. Until `begin` (the UI's `init()`) the index is
   * empty: a held call that arrived first ran at once against it, and answered an empty list
   * and zero counts (an end-to-end test's call won the race with a second tab's `init()`).
   */
  private firstLoaded: (() => void) | null = null;
  /** The same for early calls: they wait for the first `begin`'s number columns. */
  private firstNumbers: (() => void) | null = null;

  /** `deferred` false: the index is loaded inside init and the gate never holds anything. */
  constructor(readonly deferred: boolean) {
    this._loaded = !deferred;
    if (deferred) {
      this.ready = new Promise<void>((resolve) => (this.firstLoaded = resolve));
      this.numbersReady = new Promise<void>((resolve) => (this.firstNumbers = resolve));
    }
  }

  /** True once the index is loaded (always, when not deferred). */
  get loaded(): boolean {
    return this._loaded;
  }

  /**
   * Loads with `load` (which must report its own failures; a rejection is logged and still opens
   * the gate, leaving whatever the index holds). `summary` answers counts meanwhile; null = the
   * load starts at once. With a summary the load starts at the first early call or call that
   * needs the index, or after `windowMs`, whichever comes first. `load` calls `atNumbers` once the
   * number columns are in (early calls then run) and awaits it before reading the text: with a
   * summary it resolves once no early call is running, after at least one answered or `windowMs`
   * passed (the text record's read would otherwise occupy the thread before them); without, at
   * once.
   * Resolves when the gate opens.
   */
  begin(
    summary: IndexSummary | null,
    load: (atNumbers: () => Promise<void>) => Promise<void>,
    windowMs = FIRST_PAGE_WINDOW_MS,
  ): Promise<void> {
    this._loaded = false;
    this.numbers = false;
    this.summary = summary;
    let numbersIn = () => {};
    this.numbersReady = new Promise<void>(
      (resolve) =>
        (numbersIn = () => {
          resolve();
          this.firstNumbers?.();
          this.firstNumbers = null;
        }),
    );
    const atNumbers = (): Promise<void> => {
      this.numbers = true;
      numbersIn();
      if (!summary) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // With no early call running when the window ends the text goes ahead; else the last
        // running call lets it go.
        const timer = setTimeout(() => {
          if (this.running === 0) this.startText?.();
        }, windowMs);
        this.startText = () => {
          clearTimeout(timer);
          this.startText = null;
          // A task later, not at once: the last early call's answer is still on its way out
          // (promise callbacks up to Comlink's postMessage), and what follows the numbers (the
          // order check, the text record) would hold it ~30 ms at 1M rows.
          setTimeout(resolve, 0);
        };
        // Early calls waiting for the numbers run first (their continuations are queued now).
        setTimeout(() => {
          if (this.running === 0 && this.answered) this.startText?.();
        }, 0);
      });
    };
    this.answered = false;
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
        return load(atNumbers);
      })
      .catch((err: unknown) => console.error('Rivulet: index load failed', err))
      .then(() => {
        this._loaded = true;
        this.numbers = false;
        this.startText = null;
        this.summary = null;
        numbersIn();
        this.firstLoaded?.();
        this.firstLoaded = null;
      });
    return this.ready;
  }

  /** Whether an early call has answered since `begin` (the text load may then go ahead). */
  private answered = false;

  /** Resolves when the index is loaded, without hurrying a load that waits for its first call. */
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
   * one boolean check. Non-function members, and methods made by `early` or `free`, are copied as
   * they are.
   */
  hold<T extends object>(domain: T): T {
    if (!this.deferred) return domain;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(domain)) {
      if (typeof value !== 'function' || this.earlyFns.has(value as AnyFn)) {
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
   * `fn` that, while loading, runs as soon as the number columns are in when
   * `numbersSuffice(firstArgument)` (it must then read nothing of the index but numbers, tags and the
   * feed/group caches), else waits for the whole index. Asking starts a load that is still
   * waiting. `hold` passes the method it returns through unchanged.
   */
  early<A extends unknown[], R>(
    fn: (...args: A) => Promise<R>,
    numbersSuffice: (first: NoInfer<A>[0]) => boolean,
  ): (...args: A) => Promise<R> {
    const answer = async (...args: A): Promise<R> => {
      if (this._loaded) return fn(...args);
      if (!numbersSuffice(args[0])) {
        await this.whenLoaded();
        return fn(...args);
      }
      this.startLoad?.();
      this.running++;
      try {
        if (!this.numbers && !this._loaded) await this.numbersReady;
        return await fn(...args);
      } finally {
        this.answered = true;
        if (--this.running === 0) this.startText?.();
      }
    };
    this.earlyFns.add(answer);
    return answer;
  }

  /**
   * `fn` answered at once, loaded or not, without hurrying a load that waits for its first call:
   * for reads that touch nothing of the index (the feed and group lists, read from IndexedDB, so
   * the sidebar paints with the first rows). `hold` passes it through unchanged.
   */
  free<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    const answer = (...args: A): R => fn(...args);
    this.earlyFns.add(answer);
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
