import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSummary, type SummaryInput } from './useSummary';

const lookups: Array<(hit: { text: string } | null) => void> = [];
const engine = {
  ai: {
    getSummary: vi.fn(() => new Promise<{ text: string } | null>((resolve) => lookups.push(resolve))),
    putSummary: vi.fn(() => Promise.resolve()),
  },
};
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: typeof engine) => Promise<unknown>) => fn(engine),
}));
vi.mock('./chat', () => ({
  streamChat: vi.fn((_ep: unknown, _m: unknown, onText: (t: string) => void) => {
    onText('A short');
    return Promise.resolve('A short summary.');
  }),
}));

const input: SummaryInput = {
  item: { id: 7, title: 'T', description: '<p>Body</p>', link: 'https://a.test/7', contentHash: 'h1' },
  feedTitle: 'Feed',
  endpoint: { kind: 'shared', model: 'deepseek-chat' },
  prompt: 'Summarise',
  budget: 2000,
};

afterEach(() => {
  lookups.length = 0;
  vi.clearAllMocks();
});

describe('useSummary', () => {
  it('checks the cache first and shows a hit as done and cached', async () => {
    const { result } = renderHook(() => useSummary(input));
    expect(result.current.state.status).toBe('checking');
    await act(async () => {
      lookups[0]?.({ text: 'Cached one.' });
      await Promise.resolve();
    });
    expect(result.current.state).toMatchObject({ status: 'done', text: 'Cached one.', cached: true });
  });

  it('keeps a summary asked for while the cache lookup was still out (the late miss does not hide it)', async () => {
    const { result } = renderHook(() => useSummary(input));
    act(() => result.current.generate());
    await waitFor(() => expect(result.current.state.status).toBe('done'));
    expect(result.current.state.text).toBe('A short summary.');
    // The lookup answers only now, with no cached summary.
    await act(async () => {
      lookups[0]?.(null);
      await Promise.resolve();
    });
    expect(result.current.state).toMatchObject({ status: 'done', text: 'A short summary.', cached: false });
    expect(engine.ai.putSummary).toHaveBeenCalledTimes(1);
  });

  it('a miss with nothing asked leaves the summary idle', async () => {
    const { result } = renderHook(() => useSummary(input));
    await act(async () => {
      lookups[0]?.(null);
      await Promise.resolve();
    });
    expect(result.current.state.status).toBe('idle');
  });
});
