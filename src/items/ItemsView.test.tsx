/**
 * ItemsView with the engine mocked (testing/listEngine.ts): the article address (`/f/1/i/<id>`:
 * opening pushes, stepping replaces, Back closes, unknown ids get a note), the selection kept with
 * the history entry, next feed with unread, u and scrolling. The mark-all menu: markAllMenu.test.tsx.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed, ItemRow } from '../engine/contract';
import { resetSettings, settingsStore, updateSettings } from '../settings/useSettings';
import type { ItemsViewProps } from './ItemsView';
import {
  listCounts as counts,
  listEngine as engine,
  listRows as rows,
  reportInput,
  resetListEngine,
} from './testing/listEngine';
import { press, renderList, type Source } from './testing/renderList';

vi.mock('../engine/client', async () => (await import('./testing/listEngine')).listEngineClient);

beforeEach(() => {
  resetSettings('general');
  resetListEngine();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the article address', () => {
  const where = () => screen.getByTestId('where').textContent;
  const reader = () => screen.queryByTestId('reader-overlay');

  it('opens the article it names at once, even before (or without) its row', async () => {
    renderList('/f/1/i/555');
    expect(screen.getByTestId('reader-loading')).toBeTruthy();
    await vi.waitFor(() => expect(engine.items.get).toHaveBeenCalledWith(555));
    await screen.findByText('2 unread of 5');
    expect(engine.state.markRead).not.toHaveBeenCalled();
  });

  it('auto-reads the row once it is loaded, as a click would', async () => {
    updateSettings('general', { autoRead: true });
    renderList('/f/1/i/101');
    await vi.waitFor(() => expect(engine.state.markRead).toHaveBeenCalledWith([101], true));
    expect(engine.items.get).toHaveBeenCalledWith(101);
  });

  // jsdom lays nothing out, so the virtual list renders no rows: these open with the keyboard.
  // The list with its first article opened by j then Enter (its address pushed).
  const openFirst = async () => {
    updateSettings('general', { defaultView: 'list' });
    const router = renderList();
    await screen.findByText('2 unread of 5');
    press('j');
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/100'));
    return router;
  };
  it('opening pushes the address, j replaces it, Back closes and Forward reopens', async () => {
    const router = await openFirst();
    expect(reader()).not.toBeNull();
    expect(router.state.historyAction).toBe('PUSH');
    press('j');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/101'));
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/f/1');
    expect(reader()).toBeNull();
    await act(() => router.navigate(1));
    expect(where()).toBe('/f/1/i/101');
    expect(reader()).not.toBeNull();
  });

  it('Esc while the opened article is still loading closes it (no keys were bound until the reader showed)', async () => {
    const router = await openFirst();
    // items.get never answers here: the pane shows its loader, not the reader.
    expect(screen.getByTestId('reader-loading')).toBeTruthy();
    press('Escape');
    await vi.waitFor(() => expect(where()).toBe('/f/1'));
    expect(reader()).toBeNull();
    expect(router.state.historyAction).toBe('POP');
  });

  it('Back straight after j returns to the row j stepped to, even if that step never rendered', async () => {
    const router = await openFirst();
    // j, then Back before React renders the stepped-to address (the router's updates are
    // transitions: the later one wins and the article 101 is never shown).
    await act(async () => {
      press('j');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/f/1/i/101'));
      await router.navigate(-1);
    });
    expect(where()).toBe('/f/1');
    expect(reader()).toBeNull();
    // The selected row is the one stepped to: Enter opens it.
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/101'));
  });

  it('after Back has closed the reader, j and k move in the list again: they open nothing', async () => {
    const router = await openFirst();
    await act(() => router.navigate(-1));
    expect(where()).toBe('/f/1');
    press('j');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(where()).toBe('/f/1');
    // j moved the selection: Enter opens the row it reached, as a push from the list.
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/101'));
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('closing pops the entry the list pushed; on a pasted address it replaces it with the list', async () => {
    updateSettings('general', { defaultView: 'list' });
    const item = (id: number) => ({
      ...rows.find((r) => r.id === id),
      description: '<p>Body</p>',
      enclosure: null,
    });
    engine.items.get.mockImplementation((id: number) => Promise.resolve(item(id)));
    const router = renderList();
    await screen.findByText('2 unread of 5');
    press('j');
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/100'));
    await screen.findByTestId('reader');
    press('Escape');
    await vi.waitFor(() => expect(where()).toBe('/f/1'));
    expect(router.state.historyAction).toBe('POP');
    cleanup();
    const pasted = renderList('/f/1/i/101');
    await screen.findByTestId('reader');
    press('Escape');
    await vi.waitFor(() => expect(where()).toBe('/f/1'));
    expect(pasted.state.historyAction).toBe('REPLACE');
  });

  it('closing gives the keyboard back to the list, unless something else took it', async () => {
    updateSettings('general', { defaultView: 'list' });
    engine.items.get.mockImplementation((id: number) =>
      Promise.resolve({ ...rows.find((r) => r.id === id), description: '<p>Body</p>', enclosure: null }),
    );
    const router = renderList();
    await screen.findByText('2 unread of 5');
    press('j');
    press('Enter');
    await screen.findByTestId('reader');
    // A click in the article took the focus from the list.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    press('Escape');
    await vi.waitFor(() => expect(where()).toBe('/f/1'));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('listbox'));
    // Closed by Back while a control outside the list has the focus: it keeps it.
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/100'));
    // (Outside the list view: what the reader covers is inert while it is open, overlayFocus.ts.)
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    await act(() => router.navigate(-1));
    expect(where()).toBe('/f/1');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('an article further down than the first page: the list loads on to it, and j goes on from there', async () => {
    updateSettings('general', { defaultView: 'list', hideReadArticles: false });
    const many = Array.from({ length: 1200 }, (_, i) => ({
      id: 1000 + i,
      feedId: 1,
      title: `Post ${i}`,
      pubDate: 1_700_000_000 - i,
      flags: 0,
      link: '',
    })) as ItemRow[];
    const range = vi.fn((cursor: string | null, limit: number) => {
      const from = cursor === null ? 0 : Number(cursor);
      const to = Math.min(from + limit, many.length);
      return Promise.resolve({
        rows: many.slice(from, to),
        next: to < many.length ? String(to) : null,
        total: many.length,
      });
    });
    engine.items.get.mockImplementation((id: number) =>
      Promise.resolve({ ...many.find((r) => r.id === id), description: '<p>Body</p>', enclosure: null }),
    );
    renderList('/f/1/i/1900', false, {
      fetchPage: (cursor) => range(cursor, 50),
      fetchRange: range,
      rowInList: (at) => Promise.resolve(many.find((r) => r.id === at.id) ?? null),
    });
    await screen.findByTestId('reader');
    // Loaded on in a few large steps, not 18 pages of 50, and not to the end.
    await vi.waitFor(() => expect(range.mock.calls.some(([c, n]) => Number(c) + n > 900)).toBe(true));
    expect(range.mock.calls.length).toBeLessThanOrEqual(5);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    press('j');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/1901'));
  });

  it('an unknown article shows the list with a note, and no reader', async () => {
    engine.items.get.mockImplementationOnce(() => Promise.resolve(null));
    renderList('/f/1/i/999');
    expect((await screen.findByTestId('article-missing')).textContent).toContain('no article 999');
    expect(reader()).toBeNull();
    expect(await screen.findByText('2 unread of 5')).toBeTruthy();
    fireEvent.click(screen.getByTestId('article-missing-dismiss'));
    await vi.waitFor(() => expect(where()).toBe('/f/1'));
    expect(screen.queryByTestId('article-missing')).toBeNull();
  });
});

describe('the selection kept with the history entry', () => {
  const where = () => screen.getByTestId('where').textContent;

  it('a list mounted on an entry that kept a selection selects that article again', async () => {
    updateSettings('general', { defaultView: 'list' });
    renderList('/f/1', false, undefined, { rivuletSelected: { id: 101, pubDate: 1_700_000_000 } });
    await screen.findByText('2 unread of 5');
    // Nothing pressed yet: Enter opens the kept article, m marks it.
    await vi.waitFor(() => {
      press('m');
      expect(engine.state.markRead).toHaveBeenCalledWith([101], true);
    });
    press('Enter');
    await vi.waitFor(() => expect(where()).toBe('/f/1/i/101'));
  });

  for (const [when, pubDate, next] of [
    ['newer than the loaded rows', 1_700_000_010, '/f/1/i/100'],
    ['older than every loaded row (the end of the list)', 1_600_000_000, '/f/1/i/101'],
  ] as const)
    it(`one read since, in a list that hides read articles, gives its place to the row after it: ${when}`, async () => {
      updateSettings('general', { defaultView: 'list', hideReadArticles: true });
      const read = { id: 555, feedId: 1, title: 'Read one', pubDate, flags: 1, link: '' } as ItemRow;
      const rowInList = vi.fn(() => Promise.resolve(read));
      renderList(
        '/f/1',
        false,
        { fetchPage: () => Promise.resolve({ rows, next: null, total: rows.length }), rowInList },
        { rivuletSelected: { id: 555, pubDate } },
      );
      await screen.findByText('2 unread of 5');
      await vi.waitFor(() => expect(rowInList).toHaveBeenCalledOnce());
      // The read one is not brought back; the row that followed it is selected: Enter opens it.
      await vi.waitFor(() => {
        press('Enter');
        expect(where()).toBe(next);
      });
    });

  it('one the list no longer holds selects nothing', async () => {
    updateSettings('general', { defaultView: 'list' });
    renderList('/f/1', false, undefined, { rivuletSelected: { id: 999, pubDate: 1_700_000_000 } });
    await screen.findByText('2 unread of 5');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    press('Enter');
    press('m');
    await act(() => Promise.resolve());
    expect(where()).toBe('/f/1');
    expect(engine.state.markRead).not.toHaveBeenCalled();
  });
});

describe('next feed with unread', () => {
  const empty: Source = { fetchPage: () => Promise.resolve({ rows: [], next: null, total: 0 }) };

  it('is not offered when no other feed has unread articles', async () => {
    renderList('/f/1', false, empty);
    await screen.findByTestId('items-all-read');
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('items-next-feed')).toBeNull();
  });

  it('is offered when another feed has some, named as the sidebar orders them, and opens it', async () => {
    engine.counts.mockResolvedValue({ ...counts, unread: 9, unreadByFeed: { 1: 2, 2: 5, 3: 2 } });
    engine.feeds.list.mockResolvedValue([
      { id: 1, title: 'Alpha', groupId: -1 },
      { id: 3, title: 'Zulu', groupId: -1 },
      { id: 2, title: 'Mike', groupId: -1 },
    ] as Feed[]);
    try {
      renderList('/f/1', false, empty);
      const next = await screen.findByTestId('items-next-feed');
      // Alpha, Mike, Zulu by title: after Alpha comes Mike, whatever order the engine lists them in.
      await vi.waitFor(() => expect(next.textContent).toBe('Next unread: Mike'));
      fireEvent.click(next);
      await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/f/2'));
    } finally {
      engine.counts.mockResolvedValue(counts);
      engine.feeds.list.mockResolvedValue([{ id: 1, title: 'Alpha', groupId: -1 }] as Feed[]);
    }
  });

  it('is offered in a feed or a group, not in Saved, Today, All or a tag, which it would leave', async () => {
    engine.counts.mockResolvedValue({ ...counts, unread: 9, unreadByFeed: { 1: 2, 2: 5, 3: 2 } });
    // Alpha and Kilo in the group Letters (unread left in both), Mike in no group.
    engine.feeds.list.mockResolvedValue([
      { id: 1, title: 'Alpha', groupId: 4 },
      { id: 3, title: 'Kilo', groupId: 4 },
      { id: 2, title: 'Mike', groupId: -1 },
    ] as Feed[]);
    engine.groups.list.mockResolvedValue([{ id: 4, title: 'Letters' }] as never[]);
    const endOf = async (scope: ItemsViewProps['scope']) => {
      // Everything here read: the note says so, with the way on (the list's end offers the same).
      renderList('/f/1', false, empty, null, scope);
      await screen.findByTestId('items-all-read');
      // Counts, feeds and groups answered: the offer, if any, is named by now.
      await act(() => new Promise((r) => setTimeout(r, 20)));
      const offer = screen.queryByTestId('items-next-feed')?.textContent ?? null;
      cleanup();
      return offer;
    };
    try {
      // A feed's end: the next feed with unread, its group's next one too.
      expect(await endOf({ scope: 'feed', id: 1 })).toBe('Next unread: Kilo');
      expect(await endOf({ scope: 'feed', id: 3 })).toBe('Next unread: Mike');
      // A group's end: not a feed of the group just read through, what comes after it.
      expect(await endOf({ scope: 'group', id: 4 })).toBe('Next unread: Mike');
      for (const scope of ['saved', 'today', 'all', 'tag'] as const)
        expect(await endOf({ scope, id: scope === 'tag' ? 1 : undefined }), scope).toBeNull();
    } finally {
      engine.counts.mockResolvedValue(counts);
      engine.feeds.list.mockResolvedValue([{ id: 1, title: 'Alpha', groupId: -1 }] as Feed[]);
      engine.groups.list.mockResolvedValue([]);
    }
  });

  it('is offered unnamed while the feeds are not known', async () => {
    engine.counts.mockResolvedValueOnce({ ...counts, unread: 7, unreadByFeed: { 1: 2, 2: 5 } });
    engine.groups.list.mockImplementationOnce(() => new Promise(() => {}));
    renderList('/f/1', false, empty);
    expect((await screen.findByTestId('items-next-feed')).textContent).toBe('Next feed with unread');
  });
});

describe('u (only unread)', () => {
  it('toggles hiding read articles on a list that can hide them', async () => {
    renderList();
    await screen.findByText('2 unread of 5');
    const before = settingsStore.getSnapshot().general.hideReadArticles;
    press('u');
    expect(settingsStore.getSnapshot().general.hideReadArticles).toBe(!before);
  });

  it('says so, and changes nothing, on a list that always shows read articles', async () => {
    renderList('/f/1', true);
    await screen.findAllByText('Alpha');
    const before = settingsStore.getSnapshot().general.hideReadArticles;
    press('u');
    expect(await screen.findByText('This list always shows read articles.')).toBeTruthy();
    expect(settingsStore.getSnapshot().general.hideReadArticles).toBe(before);
  });
});

describe('scrolling the list', () => {
  it('reports the input to the engine, so its upkeep waits for a pause', async () => {
    renderList();
    await screen.findByText('2 unread of 5');
    reportInput.mockClear();
    fireEvent.scroll(screen.getByTestId('items-list'));
    expect(reportInput).toHaveBeenCalledTimes(1);
  });
});
