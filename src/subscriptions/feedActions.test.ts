import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed, UndoToken } from '../engine/contract';
import { clearUndo, pendingUndo } from '../undo/undoStore';

const calls = vi.hoisted(() => ({
  shown: [] as { message?: unknown }[],
  confirmed: [] as { message?: unknown }[],
  deleteFeeds: vi.fn<(ids: number[]) => Promise<UndoToken | null>>(),
  undoable: vi.fn<(ids: number[]) => Promise<boolean>>(),
  moveFeeds: vi.fn<(ids: number[], groupId: number) => Promise<void>>(() => Promise.resolve()),
  markFeedsAllRead: vi.fn<(ids: readonly number[]) => Promise<UndoToken>>(),
}));

vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { message?: unknown }) => void calls.shown.push(n) },
}));
vi.mock('../components/ConfirmDialog', () => ({
  confirm: (o: { message?: unknown }) => {
    calls.confirmed.push(o);
    return Promise.resolve(true);
  },
}));
vi.mock('./api', () => ({
  deleteFeeds: calls.deleteFeeds,
  unsubscribeUndoable: calls.undoable,
  moveFeeds: calls.moveFeeds,
  markFeedsAllRead: calls.markFeedsAllRead,
}));

const { markFeedsRead, moveFeedsAction, unsubscribeFeeds } = await import('./feedActions');

const feed = (id: number, over: Partial<Feed> = {}): Feed =>
  ({ id, title: `Feed ${id}`, url: `https://f${id}.test/`, groupId: -1, ...over }) as Feed;

/** The text a React element (or string) renders, children joined. */
function textOf(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  const props = (node as { props?: { children?: unknown } } | null)?.props;
  return props ? textOf(props.children) : '';
}

beforeEach(() => {
  calls.shown.length = 0;
  calls.confirmed.length = 0;
  calls.deleteFeeds.mockReset();
  calls.undoable.mockReset();
  calls.moveFeeds.mockClear();
  clearUndo();
});

describe('markFeedsRead', () => {
  it('marks every selected feed in one engine call and records one change of every article', async () => {
    // As many as one big feed can hold: collecting them must not spread them into a call.
    const ids = Array.from({ length: 200_000 }, (_, i) => i + 1);
    calls.markFeedsAllRead.mockResolvedValue({ flag: 'read', set: true, ids });
    expect(await markFeedsRead([feed(3), feed(4)])).toBe(true);
    expect(calls.markFeedsAllRead).toHaveBeenCalledTimes(1);
    expect(calls.markFeedsAllRead).toHaveBeenCalledWith([3, 4]);
    expect(pendingUndo()).toMatchObject({ count: 200_000, token: { flag: 'read', set: true } });
    expect(calls.shown).toEqual([]);
  });
});

describe('unsubscribeFeeds', () => {
  it('promises Undo beforehand and records the change when the engine kept a copy', async () => {
    calls.undoable.mockResolvedValue(true);
    const token: UndoToken = { flag: 'unsubscribed', trash: 1, ids: [3], articles: 7 };
    calls.deleteFeeds.mockResolvedValue(token);
    expect(await unsubscribeFeeds([feed(3)])).toBe(true);
    expect(textOf(calls.confirmed[0]?.message)).toContain('Undo brings them back for the next 10 minutes.');
    expect(pendingUndo()).toMatchObject({ token, count: 1 });
    expect(pendingUndo()?.label(1)).toBe('Unsubscribed from 1 feed; its articles are deleted.');
    expect(pendingUndo()?.done?.(1)).toBe('Undone: 1 feed is back with its articles.');
    expect(calls.shown).toEqual([]);
  });

  it('says beforehand why a synced feed or a large one cannot be undone, and records nothing', async () => {
    calls.undoable.mockResolvedValue(false);
    calls.deleteFeeds.mockResolvedValue(null);
    await unsubscribeFeeds([feed(4, { account: 'main', remoteId: 'feed/4' })]);
    expect(textOf(calls.confirmed[0]?.message)).toContain('your sync server is told at once');
    expect(calls.undoable).not.toHaveBeenCalled();
    await unsubscribeFeeds([feed(5)]);
    expect(textOf(calls.confirmed[1]?.message)).toContain('too many articles to keep a copy for Undo');
    expect(pendingUndo()).toBeNull();
    expect(calls.shown.map((n) => n.message)).toEqual([
      'Unsubscribed from 1 feed; its articles are deleted.',
      'Unsubscribed from 1 feed; its articles are deleted.',
    ]);
  });

  it('says so when Undo was promised but the copy could not be kept', async () => {
    calls.undoable.mockResolvedValue(true);
    calls.deleteFeeds.mockResolvedValue(null);
    await unsubscribeFeeds([feed(6), feed(7)]);
    expect(calls.shown[0]?.message).toContain('too large to keep a copy, so this cannot be undone');
    expect(pendingUndo()).toBeNull();
  });
});

describe('moveFeedsAction', () => {
  it("records an undo that puts each feed back in its own group, a deleted group's feeds in none", async () => {
    await moveFeedsAction([feed(1, { groupId: 10 }), feed(2, { groupId: 20 }), feed(3)], 30, 'Later');
    expect(pendingUndo()?.label(3)).toBe('3 feeds moved to “Later”.');
    calls.moveFeeds.mockClear();
    calls.moveFeeds.mockImplementation((_ids, groupId) =>
      groupId === 20
        ? Promise.reject(Object.assign(new Error('no such group'), { code: 'bad_input' }))
        : Promise.resolve(),
    );
    expect(await pendingUndo()!.run!()).toBe(3);
    expect(calls.moveFeeds.mock.calls).toEqual([
      [[1], 10],
      [[2], 20],
      [[2], -1],
      [[3], -1],
    ]);
  });
});
