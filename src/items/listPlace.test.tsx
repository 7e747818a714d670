import { renderHook } from '@testing-library/react';
import type { SetStateAction } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListPlace } from './listPlace';
import type { ScrollRequest } from './VirtualList';

/** A scroll-request setter that hands each requested index to `scrollTo` (and checks its shape). */
const requester = (scrollTo: (index: number) => void) => (u: SetStateAction<ScrollRequest | null>) => {
  const r = typeof u === 'function' ? u(null) : u;
  expect(r?.align).toBe('start');
  if (r) scrollTo(r.index);
};

describe('useListPlace', () => {
  it('hands the first row the last layout showed to the next layout, not the new list’s top', () => {
    const onRange = vi.fn();
    const scrollTo = vi.fn();
    const { result, rerender } = renderHook(
      ({ layout }) => useListPlace('feed 1', layout, -1, onRange, requester(scrollTo)),
      {
        initialProps: { layout: 'list' },
      },
    );
    result.current(28, 35, () => undefined);
    expect(onRange).toHaveBeenCalledWith(28, 35, expect.any(Function));
    expect(scrollTo).not.toHaveBeenCalled();
    // The same layout again (any other render): nothing to do.
    rerender({ layout: 'list' });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ layout: 'column' });
    expect(scrollTo).toHaveBeenCalledWith(28);
  });

  it('counts a report only from a list of the layout taken up', () => {
    const scrollTo = vi.fn();
    let layout = 'list';
    const { result, rerender } = renderHook(() =>
      useListPlace('feed 1', layout, -1, () => {}, requester(scrollTo)),
    );
    result.current(12, 20, () => undefined);
    const before = result.current;
    layout = 'column';
    rerender();
    expect(scrollTo).toHaveBeenCalledWith(12);
    // The new layout's list at its top counts; a late report through the last layout's callback
    // does not (as a new list's first reports, made before the change is taken up, do not: the
    // e2e test of turning the phone walks that one).
    result.current(3, 8, () => undefined);
    before(40, 45, () => undefined);
    layout = 'list';
    rerender();
    expect(scrollTo).toHaveBeenLastCalledWith(3);
  });

  it('does not carry a place from one list to the next', () => {
    const scrollTo = vi.fn();
    let list = 'feed 1';
    let layout = 'magazine';
    const { result, rerender } = renderHook(() =>
      useListPlace(list, layout, -1, () => {}, requester(scrollTo)),
    );
    result.current(40, 48, () => undefined);
    // Another feed, for which "auto" picks another view: it starts at its own top.
    list = 'feed 2';
    layout = 'list';
    rerender();
    expect(scrollTo).not.toHaveBeenCalled();
    // Within that feed, a turn of the phone hands its own place on.
    result.current(7, 12, () => undefined);
    layout = 'column';
    rerender();
    expect(scrollTo).toHaveBeenCalledWith(7);
  });

  it('starts the new layout at the open article when there is one, and asks nothing at the top', () => {
    const scrollTo = vi.fn();
    let layout = 'list';
    let open = -1;
    const { result, rerender } = renderHook(() =>
      useListPlace('feed 1', layout, open, () => {}, requester(scrollTo)),
    );
    // At the top with nothing open: nothing to ask of the new list.
    layout = 'column';
    rerender();
    expect(scrollTo).not.toHaveBeenCalled();
    result.current(20, 26, () => undefined);
    open = 33;
    layout = 'list';
    rerender();
    expect(scrollTo).toHaveBeenCalledWith(33);
  });
});
