import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ArticleAddress,
  articlePath,
  listPathOf,
  stackListUnderArticle,
  parseArticleId,
  useArticleAddress,
  withOpenParam,
} from './articleAddress';

describe('address helpers', () => {
  it('takes positive integer ids only', () => {
    expect(parseArticleId('42')).toBe(42);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', '12abc', '9'.repeat(16)])
      expect(parseArticleId(bad)).toBeNull();
  });

  it('builds and strips the article segment', () => {
    expect(articlePath('/f/6', 7)).toBe('/f/6/i/7');
    expect(articlePath('/all/', 7)).toBe('/all/i/7');
    expect(listPathOf('/f/6/i/7')).toBe('/f/6');
    expect(listPathOf('/all/i/7')).toBe('/all');
    expect(listPathOf('/filter/abc/i/x')).toBe('/filter/abc');
    expect(listPathOf('/saved')).toBe('/saved');
    expect(listPathOf('/f/6/')).toBe('/f/6');
  });

  it('adds the query shape with ? or &', () => {
    expect(withOpenParam('/search', 7)).toBe('/search?open=7');
    expect(withOpenParam('/search?q=a', 7)).toBe('/search?q=a&open=7');
  });
});

const seen: { current: ArticleAddress | null } = { current: null };
function Probe() {
  const address = useArticleAddress();
  // In the commit, not after it: the router renders in a transition, whose passive effects can
  // run after the DOM shows the new address, and a test that acted on the address as soon as it
  // saw the path would call the previous render's hook (a close that thinks no article is open).
  useLayoutEffect(() => {
    seen.current = address;
  });
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/**
 * The hook on the app's route shapes at `path`. `slow`: each route's screen loads lazily and takes
 * a few milliseconds the first time, as the app's do (src/routes/router.tsx), so a navigation
 * reaches the history later than the next key press of a quick hand.
 */
function at(path: string, slow = false) {
  const router = createMemoryRouter(
    ['/search', '/:type', '/:type/:id', '/:type/i/:item', '/:type/:id/i/:item'].map((p) =>
      slow
        ? {
            path: p,
            lazy: async () => {
              await new Promise((r) => setTimeout(r, 5));
              return { element: <Probe /> };
            },
          }
        : { path: p, element: <Probe /> },
    ),
    { initialEntries: ['/welcome', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}
const where = () => screen.getByTestId('where').textContent;
afterEach(cleanup);

describe('an article address the app is opened at', () => {
  /** A window whose history starts at `path` with `state`, as a new tab or a reload has it. */
  function tab(path: string, state: unknown = null) {
    const entries: { state: unknown; url: string }[] = [{ state, url: path }];
    let at = 0;
    const url = () => new URL(entries[at]!.url, 'http://app.test');
    return {
      entries,
      history: {
        get state() {
          return entries[at]!.state;
        },
        replaceState: (s: unknown, _: string, u: string) => void (entries[at] = { state: s, url: u }),
        pushState: (s: unknown, _: string, u: string) => {
          entries.splice(at + 1);
          entries.push({ state: s, url: u });
          at = entries.length - 1;
        },
      } as unknown as History,
      get location() {
        const u = url();
        return { pathname: u.pathname, search: u.search, hash: u.hash } as Location;
      },
    };
  }

  it('gets its list beneath it, so Back returns to the list', () => {
    const w = tab('/f/6/i/12?x=1#top');
    expect(stackListUnderArticle(w)).toBe(true);
    expect(w.entries.map((e) => e.url)).toEqual(['/f/6?x=1', '/f/6/i/12?x=1#top']);
    expect(w.entries[1]!.state).toMatchObject({ usr: { rivuletArticleFromList: true }, idx: 1 });
    expect(w.entries[0]!.state).toMatchObject({ idx: 0 });
    const all = tab('/all/i/3');
    expect(stackListUnderArticle(all)).toBe(true);
    expect(all.entries.map((e) => e.url)).toEqual(['/all', '/all/i/3']);
  });

  it('leaves a reload, lists, other screens and bad ids alone', () => {
    for (const w of [
      tab('/f/6/i/12', { idx: 3, key: 'k', usr: null }),
      tab('/f/6'),
      tab('/search?open=4'),
      tab('/all/i/abc'),
    ]) {
      expect(stackListUnderArticle(w)).toBe(false);
      expect(w.entries).toHaveLength(1);
    }
  });
});

describe('useArticleAddress', () => {
  it('reads the path shape on list routes and rewrites old ?open= links without a new entry', async () => {
    const router = at('/f/3?x=1&open=12');
    await screen.findByText('/f/3/i/12?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.current?.openId).toBe(12);
    await act(() => router.navigate('/all/i/5'));
    expect(seen.current?.openId).toBe(5);
    await act(() => router.navigate('/all/i/abc'));
    expect(seen.current?.openId).toBeNull();
    expect(seen.current?.malformed).toBe(true);
  });

  it('uses ?open= where there is no list route, with the same push / replace / close rules', async () => {
    const router = at('/search?q=rust');
    expect(seen.current?.openId).toBeNull();
    act(() => seen.current?.open(4, 'push'));
    expect(where()).toBe('/search?q=rust&open=4');
    act(() => seen.current?.open(9, 'replace'));
    expect(where()).toBe('/search?q=rust&open=9');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => seen.current?.close());
    await screen.findByText('/search?q=rust');
    expect(router.state.historyAction).toBe('POP');
    await act(() => router.navigate(1));
    expect(seen.current?.openId).toBe(9);
  });

  it('closes a pasted address by replacing it with its list (Back then leaves the list)', async () => {
    const router = at('/saved/i/8');
    expect(seen.current?.openId).toBe(8);
    act(() => seen.current?.close());
    expect(where()).toBe('/saved');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/welcome');
  });

  // Key presses on a slow page: the router renders each navigation in a transition, so a second
  // press comes while the hook still describes the entry before the first. Inside one act the
  // render waits, while each navigation reaches the history between the "presses".
  async function beforeRender(...presses: ((a: ArticleAddress) => void)[]) {
    await act(async () => {
      const stale = seen.current!;
      for (const press of presses) {
        press(stale);
        await new Promise((r) => setTimeout(r, 0));
      }
    });
  }

  it('j then k before j renders ends on the article k asked for', async () => {
    at('/all/i/3');
    await beforeRender(
      (a) => a.open(4, 'replace'),
      (a) => {
        expect(a.pending()).toEqual({ id: 4 });
        a.open(3, 'replace');
      },
    );
    expect(where()).toBe('/all/i/3');
    expect(seen.current?.pending()).toBeNull();
  });

  it('a second open from the list before the first renders replaces its entry, and a close pops it', async () => {
    const router = at('/all');
    await beforeRender(
      (a) => a.open(4, 'push'),
      (a) => a.open(5, 'push'),
    );
    expect(where()).toBe('/all/i/5');
    act(() => seen.current?.close());
    await screen.findByText('/all');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/welcome');
  });

  // A quick hand on a page whose push has not reached the history yet (the router makes a
  // navigation after some microtasks, or tens of milliseconds with lazy parts): both calls in the
  // same task.
  it('Enter then Esc before the push reaches the history stays on the list, and Back still leaves it only once', async () => {
    const router = at('/all', true);
    await screen.findByText('/all');
    act(() => {
      const a = seen.current!;
      a.open(4, 'push');
      a.close();
    });
    await screen.findByText('/all');
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(where()).toBe('/all');
    act(() => seen.current?.open(5, 'push'));
    await screen.findByText('/all/i/5');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/all');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/welcome');
  });

  it('Enter then j j before the push reaches the history pushes once, so Back returns to the list', async () => {
    const router = at('/all', true);
    await screen.findByText('/all');
    act(() => {
      const a = seen.current!;
      a.open(4, 'push');
      a.open(5, 'replace');
      a.open(6, 'replace');
    });
    await screen.findByText('/all/i/6');
    act(() => seen.current?.close());
    await screen.findByText('/all');
    expect(router.state.historyAction).toBe('POP');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/welcome');
  });

  it('Esc before the reader renders closes the article it was opening', async () => {
    const router = at('/all');
    await beforeRender(
      (a) => a.open(4, 'push'),
      (a) => a.close(),
    );
    await screen.findByText('/all');
    expect(router.state.historyAction).toBe('POP');
    // Nothing is on its way any more: the next open pushes again, so Back returns to the list.
    expect(seen.current?.pending()).toBeNull();
    act(() => seen.current?.open(5, 'push'));
    await screen.findByText('/all/i/5');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/all');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/welcome');
  });
});
