import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useImageUntilError } from './useImageUntilError';

type Props = { url: string | undefined };

describe('useImageUntilError', () => {
  it('gives the URL until it fails, then nothing; a new URL is tried again', () => {
    const { result, rerender } = renderHook<ReturnType<typeof useImageUntilError>, Props>(
      ({ url }) => useImageUntilError(url),
      { initialProps: { url: 'https://img.example/a.png' } },
    );
    expect(result.current.src).toBe('https://img.example/a.png');
    act(() => result.current.onError());
    expect(result.current.src).toBeUndefined();
    rerender({ url: 'https://img.example/b.png' });
    expect(result.current.src).toBe('https://img.example/b.png');
    rerender({ url: undefined });
    expect(result.current.src).toBeUndefined();
  });
});
