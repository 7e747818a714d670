import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const start = Date.parse('2026-01-01T00:00:00Z') / 1000;

it('gives Unix seconds and moves on every minute by default', () => {
  const { result } = renderHook(() => useNow());
  expect(result.current).toBe(start);
  act(() => {
    vi.advanceTimersByTime(59_000);
  });
  expect(result.current).toBe(start);
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
  expect(result.current).toBe(start + 60);
});

it('moves on at the pace a caller asks for', () => {
  const { result } = renderHook(() => useNow(30_000));
  act(() => {
    vi.advanceTimersByTime(30_000);
  });
  expect(result.current).toBe(start + 30);
});
