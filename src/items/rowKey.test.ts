import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { keysOf, useRowKey } from './rowKey';

const rows = (ids: number[]) => ids.map((id) => ({ id }) as ItemRow);

describe('the list row keys', () => {
  it('keys loaded rows by id and the rest by index; the card grid by index only', () => {
    const key = keysOf(rows([7, 9]), 1);
    expect([key(0), key(1), key(2)]).toEqual([7, 9, 'r2']);
    expect(keysOf(rows([7, 9]), 3)(0)).toBe('r0');
  });

  it('keeps one function while the length stays, and makes a new one when it changes', () => {
    const { result, rerender } = renderHook(({ r, count, cols }) => useRowKey(r, count, cols), {
      initialProps: { r: rows([1, 2]), count: 1000, cols: 1 },
    });
    const first = result.current;
    // Pages arriving in a list of known length: the same function (no relayout of every row),
    // still reading the rows as they were when the length last changed.
    rerender({ r: rows([1, 2, 3, 4]), count: 1000, cols: 1 });
    expect(result.current).toBe(first);
    expect(result.current(2)).toBe('r2');
    rerender({ r: rows([1, 2, 3, 4]), count: 1001, cols: 1 });
    expect(result.current).not.toBe(first);
    expect(result.current(2)).toBe(3);
    const second = result.current;
    rerender({ r: rows([1, 2, 3, 4]), count: 1001, cols: 2 });
    expect(result.current).not.toBe(second);
  });
});
