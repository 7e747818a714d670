import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAddressDraft } from './useAddressDraft';

function setup(address: string | null, initial = '') {
  return renderHook(({ q }: { q: string | null }) => useAddressDraft(q, initial), {
    initialProps: { q: address },
  });
}

describe('useAddressDraft', () => {
  it('starts from the address, else from the initial text', () => {
    expect(setup('a = 1').result.current.draft).toBe('a = 1');
    expect(setup(null, 'b = 2').result.current.draft).toBe('b = 2');
  });

  it('follows an address changed from outside (Back, a link)', () => {
    const h = setup('a = 1');
    act(() => h.result.current.setDraft('typing'));
    h.rerender({ q: 'b = 2' });
    expect(h.result.current.draft).toBe('b = 2');
    // Clearing `q` keeps what is in the editor.
    h.rerender({ q: null });
    expect(h.result.current.draft).toBe('b = 2');
  });

  it('keeps what was typed when its own address change arrives late', () => {
    const h = setup(null);
    // Edit: the editor loads the query and asks for it in the address…
    act(() => {
      h.result.current.setDraft("feed.title = 'Feed 1'");
      h.result.current.expect("feed.title = 'Feed 1'");
    });
    // …the person types before the router's transition lands…
    act(() => h.result.current.setDraft("feed.title = 'Feed 2'"));
    h.rerender({ q: "feed.title = 'Feed 1'" });
    // …and the draft is still theirs.
    expect(h.result.current.draft).toBe("feed.title = 'Feed 2'");
    // Only that one arrival is ignored: Back to another query and Forward again follow it.
    h.rerender({ q: 'x = 1' });
    expect(h.result.current.draft).toBe('x = 1');
    h.rerender({ q: "feed.title = 'Feed 1'" });
    expect(h.result.current.draft).toBe("feed.title = 'Feed 1'");
  });

  it('does not wait for an address that does not change', () => {
    const h = setup('a = 1');
    act(() => h.result.current.expect('a = 1'));
    h.rerender({ q: 'b = 2' });
    h.rerender({ q: 'a = 1' });
    expect(h.result.current.draft).toBe('a = 1');
  });
});
