import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';

const calls: string[] = [];
// How the engine answers the next change (each test may hold it back or fail it).
let answer: () => Promise<unknown> = () => Promise.resolve(null);
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => Promise<unknown>) =>
    fn({
      state: {
        markRead: (ids: number[], on: boolean) => (calls.push(`read ${ids.join(',')} ${on}`), answer()),
        markSaved: (ids: number[], on: boolean) => (calls.push(`saved ${ids.join(',')} ${on}`), answer()),
      },
    }),
}));

const { JOURNAL_KEY, writeFlags, replayFlagJournal, takeJournal, watchPageLeaving } =
  await import('./flagJournal');

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  sessionStorage.clear();
  calls.length = 0;
  answer = () => Promise.resolve(null);
});

describe('the flag journal', () => {
  it('keeps a change on its way when the page is hidden or left, and forgets it once it lands', async () => {
    watchPageLeaving();
    let land!: (token: null) => void;
    answer = () => new Promise((r) => (land = r));
    const write = writeFlags({ ids: [4, 5], bit: FLAG_SAVED, on: true });
    expect(sessionStorage.getItem(JOURNAL_KEY)).toBeNull();
    hide();
    expect(JSON.parse(sessionStorage.getItem(JOURNAL_KEY)!)).toEqual([
      { ids: [4, 5], bit: FLAG_SAVED, on: true },
    ]);
    land(null);
    await write;
    answer = () => Promise.resolve(null);
    // Landed after the page was hidden: a later page must not make it again.
    expect(sessionStorage.getItem(JOURNAL_KEY)).toBeNull();
    await writeFlags({ ids: [6], bit: FLAG_READ, on: false });
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('forgets a failed change as well, and passes its failure on', async () => {
    answer = () => Promise.reject(new Error('storage full'));
    const failing = writeFlags({ ids: [1], bit: FLAG_READ, on: true });
    await expect(failing).rejects.toThrow('storage full');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(JOURNAL_KEY)).toBeNull();
  });

  it('makes the left changes again in order, once, and ignores what it cannot read', async () => {
    sessionStorage.setItem(
      JOURNAL_KEY,
      JSON.stringify([
        { ids: [4, 5], bit: FLAG_SAVED, on: true },
        { ids: [7], bit: FLAG_READ, on: false },
        { ids: ['x'], bit: FLAG_READ, on: true },
        { ids: [8], bit: 64, on: true },
        'junk',
      ]),
    );
    await replayFlagJournal();
    expect(calls).toEqual(['saved 4,5 true', 'read 7 false']);
    expect(sessionStorage.getItem(JOURNAL_KEY)).toBeNull();
    await replayFlagJournal();
    expect(calls).toHaveLength(2);
    sessionStorage.setItem(JOURNAL_KEY, '{not json');
    expect(takeJournal()).toEqual([]);
  });
});
