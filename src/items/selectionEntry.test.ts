import { describe, expect, it, vi } from 'vitest';
import { forgetLeftMark, markEntry, markFor, selectedIn, settleMark, withSelected } from './selectionEntry';

/** A stand-in for `window.history` holding one entry in the router's shape. */
function historyWith(state: unknown) {
  const history = {
    state,
    replaceState: vi.fn((next: unknown) => {
      history.state = next;
    }),
  };
  return history;
}

describe('the selection mark in a history entry', () => {
  it('reads only what it wrote: a positive id with its date', () => {
    expect(selectedIn({ rivuletSelected: { id: 7, pubDate: 100 } })).toEqual({ id: 7, pubDate: 100 });
    for (const bad of [null, 'x', {}, { rivuletSelected: 7 }, { rivuletSelected: { id: -1, pubDate: 1 } }])
      expect(selectedIn(bad)).toBeNull();
    expect(selectedIn({ rivuletSelected: { id: 7 } })).toBeNull();
  });

  it('is added beside the marks an entry has, and removed alone', () => {
    const state = withSelected({ rivuletArticleFromList: true }, { id: 7, pubDate: 100 });
    expect(state).toEqual({ rivuletArticleFromList: true, rivuletSelected: { id: 7, pubDate: 100 } });
    expect(withSelected(state, null)).toEqual({ rivuletArticleFromList: true });
    expect(withSelected(null, null)).toEqual({});
  });

  it("is written into the router's current entry in place, keeping its key, index and marks", () => {
    const history = historyWith({ usr: { rivuletArticleFromList: true }, key: 'k1', idx: 3 });
    expect(markEntry('k1', { id: 7, pubDate: 100 }, { history } as unknown as Window)).toBe(true);
    expect(history.replaceState).toHaveBeenCalledOnce();
    // No URL given: the address stays as it is.
    expect(history.replaceState.mock.calls[0]).toHaveLength(2);
    expect(history.state).toEqual({
      usr: { rivuletArticleFromList: true, rivuletSelected: { id: 7, pubDate: 100 } },
      key: 'k1',
      idx: 3,
    });
    // The same selection again writes nothing.
    expect(markEntry('k1', { id: 7, pubDate: 100 }, { history } as unknown as Window)).toBe(false);
    expect(history.replaceState).toHaveBeenCalledOnce();
  });

  it("writes into the router's first entry, which has an index but no key ('default')", () => {
    const history = historyWith({ idx: 0 });
    expect(markEntry('default', { id: 7, pubDate: 100 }, { history } as unknown as Window)).toBe(true);
    expect(history.state).toEqual({ idx: 0, usr: { rivuletSelected: { id: 7, pubDate: 100 } } });
    expect(markEntry('k1', null, { history } as unknown as Window)).toBe(false);
  });

  it('leaves an entry the router has moved on to alone (and one that is not the router’s)', () => {
    const moved = historyWith({ usr: null, key: 'k2', idx: 4 });
    expect(markEntry('k1', { id: 7, pubDate: 100 }, { history: moved } as unknown as Window)).toBe(false);
    const foreign = historyWith(null);
    expect(markEntry('k1', { id: 7, pubDate: 100 }, { history: foreign } as unknown as Window)).toBe(false);
    expect(moved.replaceState).not.toHaveBeenCalled();
    expect(foreign.replaceState).not.toHaveBeenCalled();
  });

  it('a write that waited is written into its entry while the browser is still on it', () => {
    const history = historyWith({ usr: null, key: 'k1', idx: 3 });
    expect(settleMark('k1', { id: 7, pubDate: 100 }, { history } as unknown as Window)).toBe(true);
    expect(selectedIn((history.state as { usr: unknown }).usr)).toEqual({ id: 7, pubDate: 100 });
    expect(markFor('k1', null)).toBeNull();
  });

  it('one whose entry was left is kept for it, and wins over what that entry says, until forgotten', () => {
    // The browser is on k2 already: k1 was left (a navigation, Back) before its last write.
    const history = historyWith({ usr: null, key: 'k2', idx: 4 });
    const stale = { rivuletSelected: { id: 3, pubDate: 90 } };
    expect(settleMark('k1', { id: 7, pubDate: 100 }, { history } as unknown as Window)).toBe(false);
    expect(history.replaceState).not.toHaveBeenCalled();
    expect(markFor('k1', stale)).toEqual({ id: 7, pubDate: 100 });
    // Other entries read their own.
    expect(markFor('k3', stale)).toEqual({ id: 3, pubDate: 90 });
    // A selection cleared counts too.
    settleMark('k3', null, { history } as unknown as Window);
    expect(markFor('k3', stale)).toBeNull();
    forgetLeftMark('k1');
    forgetLeftMark('k3');
    expect(markFor('k1', stale)).toEqual({ id: 3, pubDate: 90 });
  });
});
