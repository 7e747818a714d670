import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { LEGACY_SUMMARY_PROMPT, ownSummaryPrompt, useSummaryPrompt } from './summaryPrompt';

afterEach(() =>
  act(() => {
    resetSettings('general');
    resetSettings('integrated');
  }),
);

describe('the summary prompt', () => {
  it('is the built-in one in the interface language when the reader has none', () => {
    const { result, rerender } = renderHook(() => useSummaryPrompt());
    expect(result.current).toMatch(/^Summarise this article/);
    act(() => updateSettings('general', { language: 'zh-CN' }));
    rerender();
    expect(result.current).toBe(LEGACY_SUMMARY_PROMPT);
  });

  it('reads the old default (Chinese whatever the language) as none: English readers get English', () => {
    act(() => updateSettings('integrated', { summaryPrompt: `${LEGACY_SUMMARY_PROMPT}\n` }));
    const { result } = renderHook(() => useSummaryPrompt());
    expect(result.current).toMatch(/^Summarise this article/);
  });

  it('is the reader’s own when they wrote one, in any language', () => {
    act(() => updateSettings('integrated', { summaryPrompt: '  Three bullet points, in German.  ' }));
    const { result, rerender } = renderHook(() => useSummaryPrompt());
    expect(result.current).toBe('Three bullet points, in German.');
    act(() => updateSettings('general', { language: 'zh-CN' }));
    rerender();
    expect(result.current).toBe('Three bullet points, in German.');
  });

  it('ownSummaryPrompt: blank and the old default are none', () => {
    expect(ownSummaryPrompt('')).toBe('');
    expect(ownSummaryPrompt(' \n ')).toBe('');
    expect(ownSummaryPrompt(LEGACY_SUMMARY_PROMPT)).toBe('');
    expect(ownSummaryPrompt(' Be brief. ')).toBe('Be brief.');
  });
});
