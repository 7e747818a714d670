import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followSelection, useRowSelection } from './rowSelection';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe('followSelection', () => {
  it('stays put while its article does', () => {
    const sel = { index: 1, id: 20 };
    expect(followSelection(sel, rows(10, 20, 30))).toBe(sel);
    const none = { index: -1, id: null };
    expect(followSelection(none, rows(10))).toBe(none);
  });

  it('follows its article when rows arrive above it or go away before it', () => {
    expect(followSelection({ index: 1, id: 20 }, rows(1, 2, 3, 10, 20, 30))).toEqual({ index: 4, id: 20 });
    expect(followSelection({ index: 2, id: 30 }, rows(20, 30))).toEqual({ index: 1, id: 30 });
  });

  it('keeps the place when its article is gone, selecting what is there; waits while rows load', () => {
    expect(followSelection({ index: 1, id: 20 }, rows(10, 30, 40))).toEqual({ index: 1, id: 30 });
    const sel = { index: 1, id: 20 };
    expect(followSelection(sel, [])).toBe(sel);
    expect(followSelection({ index: 2, id: null }, rows(10, 20, 30))).toEqual({ index: 2, id: 30 });
  });
});

describe('useRowSelection', () => {
  it('m after new articles arrive acts on the article selected, not on the one now in its place', () => {
    const { result, rerender } = renderHook(({ list }) => useRowSelection(list), {
      initialProps: { list: rows(10, 20, 30) },
    });
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    rerender({ list: rows(1, 2, 3, 10, 20, 30) });
    expect(result.current[0]).toBe(5);
    // The list fetched again (mark all read): empty for a moment, then the article is found.
    rerender({ list: [] });
    rerender({ list: rows(2, 3, 10, 20, 30) });
    expect(result.current[0]).toBe(4);
  });
});
