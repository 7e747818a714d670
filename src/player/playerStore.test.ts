import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Episode } from './episode';
import { loadPlayer, loadSpeed, PLAYER_KEY, SPEED_KEY } from './persist';
import { chapterAt, createPlayer } from './playerStore';
import { loadPosition, savePosition } from './positions';

/** A real (happy-dom) media element whose playback is simulated: happy-dom cannot play. */
interface FakeMedia extends HTMLMediaElement {
  fake: { duration: number; paused: boolean; plays: number; eventsLater: boolean };
  /** Simulates the media's metadata arriving. */
  loadMeta(duration: number): void;
}

function fakeMedia(kind: 'audio' | 'video'): FakeMedia {
  const el = document.createElement(kind) as unknown as FakeMedia;
  el.fake = { duration: NaN, paused: true, plays: 0, eventsLater: false };
  // A browser queues `play`/`pause` as tasks; `eventsLater` does too (default: at once).
  const fire = (type: string) => {
    if (el.fake.eventsLater) setTimeout(() => el.dispatchEvent(new Event(type)), 0);
    else el.dispatchEvent(new Event(type));
  };
  let time = 0;
  Object.defineProperties(el, {
    duration: { get: () => el.fake.duration, configurable: true },
    paused: { get: () => el.fake.paused, configurable: true },
    currentTime: {
      get: () => time,
      set: (v: number) => {
        time = v;
      },
      configurable: true,
    },
  });
  el.play = () => {
    el.fake.paused = false;
    el.fake.plays++;
    fire('play');
    return Promise.resolve();
  };
  el.pause = () => {
    if (el.fake.paused) return;
    el.fake.paused = true;
    fire('pause');
  };
  el.load = () => {};
  el.loadMeta = (duration) => {
    el.fake.duration = duration;
    el.dispatchEvent(new Event('loadedmetadata'));
  };
  return el;
}

const ep = (itemId: number, feedId = 1, extra: Partial<Episode> = {}): Episode => ({
  itemId,
  feedId,
  title: `Episode ${itemId}`,
  feedTitle: `Feed ${feedId}`,
  url: `https://cdn.example/${itemId}.mp3`,
  type: 'audio/mpeg',
  image: '',
  duration: 600,
  ...extra,
});

function setup() {
  const made: FakeMedia[] = [];
  const player = createPlayer({
    createMedia: (kind) => {
      const m = fakeMedia(kind);
      made.push(m);
      return m;
    },
  });
  const media = () => made[made.length - 1]!;
  return { player, made, media };
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('player: playing', () => {
  it('plays an episode in one element that stays in the document', () => {
    const { player, media } = setup();
    player.play(ep(1));
    expect(media().src).toBe('https://cdn.example/1.mp3');
    expect(media().isConnected).toBe(true);
    expect(player.getState()).toMatchObject({ playing: true, current: { itemId: 1 } });
    player.toggle();
    expect(player.getState().playing).toBe(false);
  });

  it('toggles by what the element does now, not by the event that has not arrived yet', async () => {
    const { player, media } = setup();
    player.play(ep(1));
    media().fake.eventsLater = true;
    // `p`, `p` within one task: the `pause` event of the first is still queued at the second.
    player.toggle();
    expect(media().paused).toBe(true);
    expect(player.getState().playing).toBe(false);
    player.toggle();
    expect(media().paused).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(player.getState().playing).toBe(true);
    expect(media().paused).toBe(false);
  });

  it('resumes at the saved position once the metadata is known, and saves on pause', () => {
    savePosition(2, 120);
    const { player, media } = setup();
    player.play(ep(2));
    expect(player.getState().time).toBe(120);
    media().loadMeta(600);
    expect(media().currentTime).toBe(120);
    media().currentTime = 150;
    player.pause();
    expect(loadPosition(2)).toBe(150);
  });

  it('starts a nearly finished episode over', () => {
    savePosition(3, 595);
    const { player, media } = setup();
    player.play(ep(3));
    media().loadMeta(600);
    expect(media().currentTime).toBe(0);
  });

  it('skips back 15 and forward 30 within the episode', () => {
    const { player, media } = setup();
    player.play(ep(4));
    media().loadMeta(100);
    player.skip(30);
    player.skip(30);
    expect(media().currentTime).toBe(60);
    player.skip(-15);
    expect(media().currentTime).toBe(45);
    player.skip(-100);
    expect(media().currentTime).toBe(0);
    player.skip(500);
    expect(media().currentTime).toBe(100);
  });

  it('uses a video element for video and moves it into the best slot', () => {
    const { player, media } = setup();
    const mini = document.body.appendChild(document.createElement('div'));
    const reader = document.body.appendChild(document.createElement('div'));
    const detachMini = player.attachSlot(mini, 1);
    player.play(ep(5, 1, { type: 'video/mp4' }));
    expect(media().localName).toBe('video');
    expect(media().parentElement).toBe(mini);
    const detachReader = player.attachSlot(reader, 2);
    expect(media().parentElement).toBe(reader);
    detachReader();
    expect(media().parentElement).toBe(mini);
    detachMini();
    expect(media().isConnected).toBe(true);
    expect(player.getState().playing).toBe(true);
  });
});

describe('player: speed per feed', () => {
  it('remembers the speed per feed and applies it to that feed’s episodes', () => {
    const { player, media } = setup();
    player.play(ep(1, 7));
    player.setRate(1.5);
    expect(media().playbackRate).toBe(1.5);
    expect(loadSpeed(localStorage, 7)).toBe(1.5);
    player.play(ep(2, 8));
    expect(media().playbackRate).toBe(1);
    player.play(ep(3, 7));
    expect(player.getState().rate).toBe(1.5);
    expect(media().defaultPlaybackRate).toBe(1.5);
  });

  it('clamps speeds to 0.8–3 and ignores a corrupt store', () => {
    const { player } = setup();
    player.play(ep(1, 7));
    player.setRate(9);
    expect(player.getState().rate).toBe(3);
    player.setRate(0.1);
    expect(player.getState().rate).toBe(0.8);
    localStorage.setItem(SPEED_KEY, '{oops');
    expect(loadSpeed(localStorage, 7)).toBe(1);
  });
});

describe('player: queue', () => {
  it('queues, plays next first, reorders, removes and clears, persisting each change', () => {
    const { player } = setup();
    player.enqueue(ep(1)); // nothing current: becomes current, paused
    expect(player.getState()).toMatchObject({ current: { itemId: 1 }, playing: false, queue: [] });
    player.enqueue(ep(2));
    player.enqueue(ep(3));
    player.enqueue(ep(2)); // no duplicates
    player.playNext(ep(4));
    const ids = () => player.getState().queue.map((q) => q.itemId);
    expect(ids()).toEqual([4, 2, 3]);
    player.playNext(ep(3)); // moves it up
    expect(ids()).toEqual([3, 4, 2]);
    player.move(0, 2);
    expect(ids()).toEqual([4, 2, 3]);
    expect(loadPlayer(localStorage).queue.map((q) => q.itemId)).toEqual([4, 2, 3]);
    player.remove(2);
    expect(ids()).toEqual([4, 3]);
    player.clearQueue();
    expect(ids()).toEqual([]);
    expect(loadPlayer(localStorage)).toMatchObject({ current: { itemId: 1 }, queue: [] });
  });

  it('puts the episode another one replaces first in the queue, so a queued one is never lost', () => {
    const { player } = setup();
    player.enqueue(ep(1)); // nothing current: it is the current one, paused
    player.enqueue(ep(2));
    player.play(ep(3)); // played from elsewhere (the reader)
    const ids = () => player.getState().queue.map((q) => q.itemId);
    expect(player.getState().current?.itemId).toBe(3);
    expect(ids()).toEqual([1, 2]);
    player.play(ep(2)); // from the queue: it leaves it, 3 goes back first
    expect(ids()).toEqual([3, 1]);
    expect(loadPlayer(localStorage).queue.map((q) => q.itemId)).toEqual([3, 1]);
  });

  it('on the end: forgets the position, reports it finished and plays the next in the queue', () => {
    const { player, media } = setup();
    const finished = vi.fn();
    player.setFinishedHandler(finished);
    player.play(ep(1));
    player.enqueue(ep(2));
    media().loadMeta(600);
    media().currentTime = 600;
    savePosition(1, 500);
    media().dispatchEvent(new Event('ended'));
    expect(finished).toHaveBeenCalledWith(expect.objectContaining({ itemId: 1 }));
    expect(loadPosition(1)).toBe(0);
    expect(player.getState()).toMatchObject({ current: { itemId: 2 }, queue: [], playing: true });
    expect(media().src).toBe('https://cdn.example/2.mp3');
    media().dispatchEvent(new Event('ended'));
    expect(player.getState().current).toBeNull();
  });

  it('restores the current episode (paused) and the queue after a reload', () => {
    savePosition(1, 42);
    const first = setup().player;
    first.play(ep(1));
    first.enqueue(ep(2));
    const { player, media } = setup();
    expect(player.getState().queue.map((q) => q.itemId)).toEqual([2]);
    player.restore();
    expect(player.getState()).toMatchObject({ current: { itemId: 1 }, playing: false, time: 42 });
    expect(media().fake.plays).toBe(0);
  });

  it('drops what is not an episode from a corrupt saved queue', () => {
    localStorage.setItem(
      PLAYER_KEY,
      JSON.stringify({ current: { itemId: 'x' }, queue: [ep(1), { url: 'javascript:1' }, ep(1), 5] }),
    );
    expect(loadPlayer(localStorage)).toEqual({ current: null, queue: [ep(1)] });
    localStorage.setItem(PLAYER_KEY, '[');
    expect(loadPlayer(localStorage)).toEqual({ current: null, queue: [] });
  });
});

describe('player: chapters', () => {
  const chapters = [0, 60, 120].map((start) => ({ start, title: `C${start}`, href: '', image: '' }));

  it('finds the chapter at a time', () => {
    expect(chapterAt(chapters, 0)).toBe(0);
    expect(chapterAt(chapters, 59)).toBe(0);
    expect(chapterAt(chapters, 125)).toBe(2);
    expect(chapterAt([], 10)).toBe(-1);
  });

  it('next/previous step through chapters, then the queue', () => {
    const { player, media } = setup();
    player.play(ep(1, 1, { chapters }));
    player.enqueue(ep(2));
    media().loadMeta(600);
    player.next();
    expect(media().currentTime).toBe(60);
    media().currentTime = 70;
    media().dispatchEvent(new Event('timeupdate'));
    player.previous();
    expect(media().currentTime).toBe(60);
    media().dispatchEvent(new Event('timeupdate'));
    player.previous(); // right at a chapter's start: the one before
    expect(media().currentTime).toBe(0);
    player.seek(130);
    player.next(); // no chapter ahead: next episode
    expect(player.getState().current?.itemId).toBe(2);
  });

  it('loads linked chapters for the episode still playing only', async () => {
    const load = vi.fn((url: string) =>
      Promise.resolve(url.endsWith('a.json') ? chapters : [{ start: 5, title: 'late', href: '', image: '' }]),
    );
    const player = createPlayer({ createMedia: fakeMedia, loadChapters: load });
    player.play(ep(1, 1, { chaptersUrl: 'https://x.example/a.json' }));
    await vi.waitFor(() => expect(player.getState().chapters).toEqual(chapters));
    expect(load).toHaveBeenCalledWith('https://x.example/a.json', 1);
    player.play(ep(2, 1, { chaptersUrl: 'https://x.example/b.json' }));
    player.play(ep(3));
    await Promise.resolve();
    await Promise.resolve();
    expect(player.getState().chapters).toEqual([]);
  });
});
