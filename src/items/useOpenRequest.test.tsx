import { renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { useOpenRequest } from './useOpenRequest';

const row = (id: number) => ({ id, feedId: 1, title: `#${id}`, pubDate: 0, flags: 0, link: '' }) as ItemRow;

function setup(initial: number | null, rows: ItemRow[] = []) {
  const open = vi.fn();
  const reveal = vi.fn();
  const hook = renderHook(
    ({ requested, rows }: { requested: number | null; rows: ItemRow[] }) => {
      // As ItemsView does: the first request is the initial open state, later ones go through `open`.
      const [openId, setOpenId] = useState(requested);
      useOpenRequest(
        requested,
        rows,
        (id) => {
          open(id);
          setOpenId(id);
        },
        reveal,
      );
      return openId;
    },
    { initialProps: { requested: initial, rows } },
  );
  return { open, reveal, hook };
}

describe('useOpenRequest', () => {
  it('starts on the requested article and reveals its row once that row is loaded, once', () => {
    const { open, reveal, hook } = setup(7);
    expect(hook.result.current).toBe(7);
    expect(open).not.toHaveBeenCalled();
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 7, rows: [row(1), row(2)] });
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 7, rows: [row(1), row(2), row(7)] });
    expect(reveal).toHaveBeenCalledExactlyOnceWith(2);
    hook.rerender({ requested: 7, rows: [row(7), row(1), row(2)] });
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('opens a later, different request and reveals it; null asks nothing', () => {
    const { open, reveal, hook } = setup(null, [row(1), row(2), row(3)]);
    expect(hook.result.current).toBeNull();
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 3, rows: [row(1), row(2), row(3)] });
    expect(open).toHaveBeenCalledExactlyOnceWith(3);
    expect(hook.result.current).toBe(3);
    expect(reveal).toHaveBeenLastCalledWith(2);
    hook.rerender({ requested: null, rows: [row(1), row(2), row(3)] });
    expect(open).toHaveBeenCalledTimes(1);
    expect(hook.result.current).toBe(3);
    // The same id asked again after a null is a new request.
    hook.rerender({ requested: 3, rows: [row(1), row(2), row(3)] });
    expect(open).toHaveBeenCalledTimes(2);
    expect(reveal).toHaveBeenCalledTimes(2);
  });

  it('never reveals an article whose row does not load', () => {
    const { reveal, hook } = setup(99, [row(1)]);
    hook.rerender({ requested: 99, rows: [row(1), row(2)] });
    expect(reveal).not.toHaveBeenCalled();
    expect(hook.result.current).toBe(99);
  });
});
