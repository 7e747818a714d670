/**
 * The engine an items list sees in its unit tests (ItemsView.test.tsx, markAllMenu.test.tsx):
 * one feed, "Alpha", with two unread articles. A test file replaces the engine client with
 * `listEngineClient` (`vi.mock('../engine/client', …)`) and changes `listEngine`'s answers.
 */
import { vi } from 'vitest';
import type { Counts, Feed, ItemRow } from '../../engine/contract';

/** The one feed's title (the list's title too). */
export const listFeedTitle = 'Alpha';

export const listCounts: Counts = {
  groups: 0,
  feeds: 1,
  items: 2,
  unread: 2,
  saved: 0,
  unreadByFeed: { 1: 2 },
};

export const listRows = [
  { id: 100, feedId: 1, title: 'First post', pubDate: 1_700_000_000, flags: 0, link: '' },
  { id: 101, feedId: 1, title: 'Second post', pubDate: 1_700_000_000, flags: 0, link: '' },
] as ItemRow[];

/** Called when the list reports input (a scroll) to the engine. */
export const reportInput = vi.fn();

export const listEngine = {
  counts: vi.fn(() => Promise.resolve(listCounts)),
  feeds: { list: vi.fn(() => Promise.resolve([{ id: 1, title: listFeedTitle, groupId: -1 }] as Feed[])) },
  groups: { list: vi.fn(() => Promise.resolve([])) },
  state: {
    markAllRead: vi.fn(() => Promise.resolve({ flag: 'read', set: true, ids: [100, 101] })),
    countUnread: vi.fn(() => Promise.resolve(2)),
    markRead: vi.fn((ids: number[], set: boolean) => Promise.resolve({ flag: 'read', set, ids })),
  },
  // The article body never arrives: the reader stays at its loading state.
  items: {
    get: vi.fn((_id: number): Promise<unknown> => new Promise(() => {})),
    // The header's scope total (the list hides read articles: "2 unread of 5").
    page: vi.fn(() => Promise.resolve({ rows: listRows.slice(0, 1), next: null, total: 5 })),
  },
};

/** What `../engine/client` is replaced with. */
export const listEngineClient = {
  engineReady: () => Promise.resolve({}),
  getEngine: () => listEngine,
  onEngineEvent: () => () => {},
  reportInput: () => {
    reportInput();
  },
};

/** Puts back the answers a test may have changed, and forgets the calls. */
export function resetListEngine(): void {
  listEngine.state.markAllRead.mockClear();
  listEngine.state.countUnread.mockClear();
  listEngine.state.markRead.mockClear();
  listEngine.items.get.mockReset();
  listEngine.items.get.mockImplementation(() => new Promise(() => {}));
}
