import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTranslation, type TranslationInput } from './useTranslation';

// The engine's answer for a cached translation of the article (null: none cached).
let cachedHit: { paragraphs: string[] } | null = null;
const asked = vi.fn();
vi.mock('../queries/engine', () => ({
  withEngine: (call: (e: unknown) => unknown) =>
    Promise.resolve(
      call({
        ai: {
          getTranslation: (...args: unknown[]) => {
            asked(...args);
            return Promise.resolve(cachedHit);
          },
        },
      }),
    ),
}));

function input(paragraphs: () => readonly string[]): TranslationInput {
  return {
    itemId: 7,
    contentHash: 'h1',
    source: 'feed',
    paragraphs,
    target: { tag: 'fr', english: 'French' },
    endpoint: { kind: 'none' },
  };
}

describe('useTranslation on opening an article', () => {
  beforeEach(() => {
    cachedHit = null;
    asked.mockClear();
  });

  it('does not read the paragraphs when no translation is cached (the article is not sanitised again)', async () => {
    const paragraphs = vi.fn(() => ['One.', 'Two.']);
    const { result } = renderHook(() => useTranslation(input(paragraphs)));
    await waitFor(() => expect(asked).toHaveBeenCalledWith(7, 'fr', 'feed'));
    // Once the engine's answer has been handled (every microtask run), still not read.
    await new Promise((done) => setTimeout(done, 0));
    expect(paragraphs).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('idle');
  });

  it('reads them to check a cached translation against the article, and shows it', async () => {
    cachedHit = { paragraphs: ['Un.', 'Deux.'] };
    const paragraphs = vi.fn(() => ['One.', 'Two.']);
    const { result } = renderHook(() => useTranslation(input(paragraphs)));
    await waitFor(() => expect(result.current.state.status).toBe('done'));
    expect(result.current.state.texts).toEqual(['Un.', 'Deux.']);
    expect(paragraphs).toHaveBeenCalled();
  });

  it('leaves a cached translation of another version of the text (other paragraphs) unshown', async () => {
    cachedHit = { paragraphs: ['Un.'] };
    const { result } = renderHook(() => useTranslation(input(() => ['One.', 'Two.'])));
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 0));
    expect(result.current.state.status).toBe('idle');
  });
});
