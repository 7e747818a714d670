import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { useOpenRequest } from './useOpenRequest';

const row = (id: number) => ({ id, feedId: 1, title: `#${id}`, pubDate: 0, flags: 0, link: '' }) as ItemRow;

function setup(initial: number | null, rows: ItemRow[] = []) {
  const reveal = vi.fn();
  const hook = renderHook(
    ({ requested, rows }: { requested: number | null; rows: ItemRow[] }) =>
      useOpenRequest(requested, rows, reveal),
    { initialProps: { requested: initial, rows } },
  );
  return { reveal, hook };
}

describe('useOpenRequest', () => {
  it('reveals the first requested article once its row is loaded, once', () => {
    const { reveal, hook } = setup(7);
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 7, rows: [row(1), row(2)] });
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 7, rows: [row(1), row(2), row(7)] });
    expect(reveal).toHaveBeenCalledExactlyOnceWith(2);
    hook.rerender({ requested: 7, rows: [row(7), row(1), row(2)] });
    expect(reveal).toHaveBeenCalledTimes(1);
  });

  it('reveals each later request; null asks nothing; the same id after a null is a new request', () => {
    const { reveal, hook } = setup(null, [row(1), row(2), row(3)]);
    expect(reveal).not.toHaveBeenCalled();
    hook.rerender({ requested: 3, rows: [row(1), row(2), row(3)] });
    expect(reveal).toHaveBeenLastCalledWith(2);
    hook.rerender({ requested: null, rows: [row(1), row(2), row(3)] });
    expect(reveal).toHaveBeenCalledTimes(1);
    hook.rerender({ requested: 3, rows: [row(1), row(2), row(3)] });
    expect(reveal).toHaveBeenCalledTimes(2);
    hook.rerender({ requested: 1, rows: [row(1), row(2), row(3)] });
    expect(reveal).toHaveBeenLastCalledWith(0);
  });

  it('never reveals an article whose row does not load', () => {
    const { reveal, hook } = setup(99, [row(1)]);
    hook.rerender({ requested: 99, rows: [row(1), row(2)] });
    expect(reveal).not.toHaveBeenCalled();
  });
});
