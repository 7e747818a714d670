/**
 * The one player of the app. It owns the single media element (created here, outside React,
 * so no screen change can unmount it), the current episode, the queue, speed and positions.
 * The mini-player and the reader's full player are two views of this one state. Where the
 * element lives (a view's slot or a hidden parking spot, never outside the document) is
 * mediaHome.ts.
 */
import type { MediaChapter } from '../../worker/types';
import { clampSpeed, isVideo, type Episode } from './episode';
import { createMediaHome } from './mediaHome';
import { loadPlayer, loadSpeed, savePlayer, saveSpeed } from './persist';
import { loadPosition, savePosition } from './positions';

/** What the views render. A new object on every change (compare fields, not identity). */
export interface PlayerState {
  current: Episode | null;
  queue: Episode[];
  /** True while the element is not paused (playing or about to). */
  playing: boolean;
  /** Waiting for data while meant to play. */
  waiting: boolean;
  /** Seconds. */
  time: number;
  /** Seconds; the media's own once known, else the feed's, else 0. */
  duration: number;
  rate: number;
  /** The media could not be loaded or decoded. */
  error: boolean;
  /** The current episode's chapters (inline, or fetched from its chapters document). */
  chapters: MediaChapter[];
}

/** What the store needs from outside; every field has a browser default. */
export interface PlayerDeps {
  storage?: Storage;
  /** Makes the media element (tests pass stubs: happy-dom cannot play). */
  createMedia?: (kind: 'audio' | 'video') => HTMLMediaElement;
  /**
   * Fetches a Podcasting 2.0 chapters document of an episode of feed `feedId`; rejects or
   * answers [] when there is none.
   */
  loadChapters?: (url: string, feedId: number) => Promise<MediaChapter[]>;
}

export const BACK_S = 15;
export const FORWARD_S = 30;
/** Saved at most this often while playing (also on pause, seek, switch and finish). */
const SAVE_EVERY_MS = 5000;
/** Within this many seconds of the end an episode counts as finished: start over next time. */
export const END_SLACK_S = 10;
/** "Previous" within this many seconds of a chapter's start goes to the chapter before. */
const RESTART_S = 3;

const IDLE: PlayerState = {
  current: null,
  queue: [],
  playing: false,
  waiting: false,
  time: 0,
  duration: 0,
  rate: 1,
  error: false,
  chapters: [],
};

/** Index of the chapter playing at `time`, -1 before the first (or with none). */
export function chapterAt(chapters: readonly MediaChapter[], time: number): number {
  let at = -1;
  for (let i = 0; i < chapters.length; i++) {
    if ((chapters[i]?.start ?? Infinity) <= time + 0.25) at = i;
    else break;
  }
  return at;
}

/** Creates a player; the app uses the one `player` below, tests make their own. */
export function createPlayer(deps: PlayerDeps = {}) {
  const storage = deps.storage ?? localStorage;
  const createMedia = deps.createMedia ?? ((kind) => document.createElement(kind));
  const listeners = new Set<() => void>();
  let media: HTMLMediaElement | null = null;
  const home = createMediaHome(() => media);
  let pendingSeek = 0;
  let lastSave = 0;
  let onFinished: (episode: Episode) => void = () => {};
  const saved = loadPlayer(storage);
  let state: PlayerState = { ...IDLE, queue: saved.queue };

  const set = (patch: Partial<PlayerState>): void => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const persist = (): void => savePlayer(storage, { current: state.current, queue: state.queue });

  const savePos = (): void => {
    const ep = state.current;
    if (!ep || !media || pendingSeek > 0) return;
    const d = media.duration;
    const done = Number.isFinite(d) && d > 0 && media.currentTime > d - END_SLACK_S;
    savePosition(ep.itemId, done ? 0 : media.currentTime);
    lastSave = Date.now();
  };

  function wire(el: HTMLMediaElement): void {
    const duration = (): number =>
      Number.isFinite(el.duration) && el.duration > 0 ? el.duration : (state.current?.duration ?? 0);
    el.addEventListener('loadedmetadata', () => {
      const at = pendingSeek;
      pendingSeek = 0;
      if (at > 0 && (!(el.duration > 0) || at < el.duration - END_SLACK_S)) el.currentTime = at;
      set({ duration: duration(), time: el.currentTime });
    });
    el.addEventListener('durationchange', () => set({ duration: duration() }));
    el.addEventListener('timeupdate', () => {
      if (pendingSeek > 0) return;
      set({ time: el.currentTime });
      if (!el.paused && Date.now() - lastSave >= SAVE_EVERY_MS) savePos();
    });
    el.addEventListener('play', () => set({ playing: true, error: false }));
    el.addEventListener('playing', () => set({ playing: true, waiting: false }));
    el.addEventListener('waiting', () => set({ waiting: true }));
    el.addEventListener('pause', () => {
      set({ playing: false, waiting: false });
      savePos();
    });
    el.addEventListener('seeked', () => {
      set({ time: el.currentTime });
      savePos();
    });
    el.addEventListener('ratechange', () => set({ rate: el.playbackRate }));
    el.addEventListener('error', () => set({ error: true, playing: false, waiting: false }));
    el.addEventListener('ended', finish);
  }

  function elementFor(kind: 'audio' | 'video'): HTMLMediaElement {
    if (media && media.localName === kind) return media;
    if (media) {
      // Another kind: retire the old element (stop its download) before making the new one.
      media.pause();
      media.removeAttribute('src');
      media.load();
      media.remove();
    }
    const el = createMedia(kind);
    el.preload = 'metadata';
    el.dataset.testid = 'player-media';
    if (el instanceof HTMLVideoElement) el.playsInline = true;
    wire(el);
    media = el;
    home.place();
    return el;
  }

  function fetchChapters(ep: Episode): void {
    if (ep.chapters?.length || !ep.chaptersUrl || !deps.loadChapters) return;
    deps.loadChapters(ep.chaptersUrl, ep.feedId).then(
      (chapters) => {
        if (state.current?.itemId === ep.itemId && chapters.length > 0) set({ chapters });
      },
      () => {
        // No chapters is the normal case for most episodes; nothing to tell the user.
      },
    );
  }

  /** Makes `ep` the current episode at its saved position; plays it when `autoplay`. */
  function load(ep: Episode, autoplay: boolean): void {
    if (state.current) savePos();
    const el = elementFor(isVideo(ep) ? 'video' : 'audio');
    const rate = loadSpeed(storage, ep.feedId);
    pendingSeek = loadPosition(ep.itemId);
    set({
      current: ep,
      queue: state.queue.filter((q) => q.itemId !== ep.itemId),
      time: pendingSeek,
      duration: ep.duration,
      rate,
      error: false,
      waiting: false,
      chapters: ep.chapters ?? [],
    });
    persist();
    el.src = ep.url;
    // Loading resets playbackRate to defaultPlaybackRate: set both.
    el.defaultPlaybackRate = rate;
    el.playbackRate = rate;
    fetchChapters(ep);
    if (autoplay) resume();
  }

  function finish(): void {
    const ep = state.current;
    if (!ep) return;
    savePosition(ep.itemId, 0);
    onFinished(ep);
    const [next, ...rest] = state.queue;
    if (next) {
      set({ queue: rest });
      load(next, true);
    } else {
      close();
    }
  }

  function resume(): void {
    if (!media || !state.current) return;
    set({ playing: true });
    media.play().catch((err: unknown) => {
      // NotAllowedError (no user gesture yet) or AbortError (a newer load): stay paused.
      if (!media || media.paused) set({ playing: false, waiting: false });
      if (err instanceof DOMException && err.name === 'NotSupportedError') set({ error: true });
    });
  }

  /** Pauses and saves the position at once (the `pause` event arrives a task later). */
  function pause(): void {
    if (!media) return;
    media.pause();
    set({ playing: false, waiting: false });
    savePos();
  }

  function seek(seconds: number): void {
    if (!media || !state.current) return;
    const max = state.duration > 0 ? state.duration : Infinity;
    const to = Math.max(0, Math.min(max, seconds));
    if (pendingSeek > 0) pendingSeek = to;
    else media.currentTime = to;
    set({ time: to });
  }

  function close(): void {
    if (media) {
      savePos();
      media.pause();
      media.removeAttribute('src');
      media.load();
    }
    pendingSeek = 0;
    set({ ...IDLE, queue: state.queue });
    persist();
  }

  const player = {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: (): PlayerState => state,
    /** The media element, once an episode was loaded (for tests and the Media Session). */
    element: (): HTMLMediaElement | null => media,
    /** Called when an episode plays to its end (the app marks it read). */
    setFinishedHandler(fn: (episode: Episode) => void): void {
      onFinished = fn;
    },
    /** Restores the saved current episode, paused at its position (once, at start-up). */
    restore(): void {
      if (!state.current && saved.current) load(saved.current, false);
    },
    /**
     * Plays `ep` now (resumes it when it is the current one); it leaves the queue. The episode it
     * replaces goes first in the queue, at its position, as Up Next does in podcast apps: one
     * queued while nothing played (the current one, paused) was otherwise lost without a word.
     */
    play(ep: Episode): void {
      const before = state.current;
      if (before?.itemId === ep.itemId) return resume();
      if (before) set({ queue: [before, ...state.queue.filter((q) => q.itemId !== before.itemId)] });
      load(ep, true);
    },
    resume,
    pause,
    toggle(): void {
      if (!state.current) {
        const [first] = state.queue;
        if (first) load(first, true);
        return;
      }
      // The element says whether it plays now; `playing` follows its events, which come a task
      // later, so a second `p` in the same task read "playing" and paused again.
      if (media && !media.paused) pause();
      else resume();
    },
    /** Saves the position now (the page is going away: the `pause` event may never come). */
    flush: savePos,
    seek,
    /** Moves by `delta` seconds (negative goes back). */
    skip(delta: number): void {
      seek((media && pendingSeek === 0 ? media.currentTime : state.time) + delta);
    },
    /** Sets the speed (clamped to 0.8–3) and remembers it for the current episode's feed. */
    setRate(rate: number): void {
      const r = clampSpeed(rate);
      if (state.current) saveSpeed(storage, state.current.feedId, r);
      if (media) {
        media.defaultPlaybackRate = r;
        media.playbackRate = r;
      }
      set({ rate: r });
    },
    /** The next chapter when one is ahead, else the next episode in the queue. */
    next(): void {
      const i = chapterAt(state.chapters, state.time);
      const ahead = state.chapters[i + 1];
      if (ahead) return seek(ahead.start);
      const [first, ...rest] = state.queue;
      if (!first) return;
      const wasPlaying = state.playing;
      set({ queue: rest });
      load(first, wasPlaying || !state.current);
    },
    /** The start of this chapter, or the chapter before near its start; else back to 0. */
    previous(): void {
      const i = chapterAt(state.chapters, state.time);
      const here = state.chapters[i];
      if (!here) return seek(0);
      const before = state.chapters[i - 1];
      seek(state.time - here.start < RESTART_S && before ? before.start : here.start);
    },
    /** Adds to the end of the queue; becomes the current episode (paused) when none is. */
    enqueue(ep: Episode): void {
      if (state.current?.itemId === ep.itemId) return;
      if (!state.current) return load(ep, false);
      if (state.queue.some((q) => q.itemId === ep.itemId)) return;
      set({ queue: [...state.queue, ep] });
      persist();
    },
    /** Puts an episode first in the queue (moving it there when queued already). */
    playNext(ep: Episode): void {
      if (state.current?.itemId === ep.itemId) return;
      if (!state.current) return load(ep, false);
      set({ queue: [ep, ...state.queue.filter((q) => q.itemId !== ep.itemId)] });
      persist();
    },
    remove(itemId: number): void {
      set({ queue: state.queue.filter((q) => q.itemId !== itemId) });
      persist();
    },
    /** Moves the queue entry at `from` to index `to`. */
    move(from: number, to: number): void {
      const q = [...state.queue];
      const [ep] = q.splice(from, 1);
      if (!ep || to < 0 || to > q.length) return;
      q.splice(to, 0, ep);
      set({ queue: q });
      persist();
    },
    /** Replaces the queue (Undo of a clear); the current episode is left out of it. */
    setQueue(queue: Episode[]): void {
      const seen = new Set<number>(state.current ? [state.current.itemId] : []);
      set({ queue: queue.filter((q) => !seen.has(q.itemId) && (seen.add(q.itemId), true)) });
      persist();
    },
    clearQueue(): void {
      set({ queue: [] });
      persist();
    },
    /** Stops and dismisses the current episode (its position is kept); the queue stays. */
    close,
    /** Offers `el` as a home for the media element; returns the function that withdraws it. */
    attachSlot: home.attachSlot,
  };
  return player;
}

/** The player type (what {@link createPlayer} returns). */
export type Player = ReturnType<typeof createPlayer>;
