import { testFeed } from '../testing/feed';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Feed } from '../engine/contract';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { problemReason } from '../subscriptions/feedStatus';
import { failureWords } from '../subscriptions/jobNotice';
import { errorText } from './errorText';

// Every source file of the UI (raw text), keyed '/src/...'.
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// Showing an error's raw message puts the engine's English in front of a Chinese reader: error
// messages go through errorText (which translates by error code) instead.
const RAW_MESSAGE = /(\w+) instanceof Error \? \1\.message : String\(\1\)/g;

/** Files that keep a raw message on purpose, beside a translated headline, and why. */
const RAW_ALLOWED: Record<string, string> = {
  '/src/ai/useSummary.ts': 'the AI provider’s own words, as detail under a translated headline and hint',
  '/src/ai/DescribeFilter.tsx': 'the AI provider’s own words, as detail under a translated headline and hint',
  '/src/ai/FeedAssistant.tsx': 'the AI provider’s own words, as detail under a translated headline and hint',
  '/src/sync/errorAdvice.ts': 'what the sync server said, as detail under a translated title',
  '/src/subscriptions/opmlFile.ts': 'the browser’s file error, inside a translated sentence',
  '/src/pwa/pwaState.ts': 'the browser’s service-worker error, for the diagnostics line',
};

describe('error messages shown to people go through i18n', () => {
  it('no UI file shows an error’s raw message outside the allowed places', () => {
    const raw = Object.entries(SOURCES)
      .filter(([file, text]) => !(file in RAW_ALLOWED) && RAW_MESSAGE.test(text))
      .map(([file]) => file);
    expect(raw).toEqual([]);
  });

  it('every allowed place still exists and still needs its exception', () => {
    for (const file of Object.keys(RAW_ALLOWED)) {
      RAW_MESSAGE.lastIndex = 0;
      expect(RAW_MESSAGE.test(SOURCES[file] ?? ''), file).toBe(true);
    }
  });
});

describe('fetch errors in Chinese', () => {
  const failing: Feed = testFeed({
    id: 1,
    title: 'A',
    url: 'https://a.example/feed.xml',
    lastFetched: 1,
    error: 'https://a.example/feed.xml answered HTTP 404',
    errorCode: 'http_status',
    httpStatus: 404,
    failures: 1,
  });

  beforeEach(() => updateSettings('general', { language: 'zh-CN' }));
  afterEach(() => act(() => resetSettings('general')));

  it('a failing feed’s reason is translated by its error code, with the status', () => {
    expect(problemReason(failing)).toBe('网站返回了错误状态（HTTP 404）。');
    expect(
      problemReason({ ...failing, error: 'The site took 20 s', errorCode: 'timeout', httpStatus: 0 }),
    ).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a refresh or import failure is worded by its code too', () => {
    const failure = {
      feedId: 1,
      url: failing.url,
      title: 'A',
      reason: 'https://a.example answered HTTP 500',
    };
    expect(failureWords({ ...failure, code: 'http_status' })).toBe('网站返回了错误状态。');
    expect(failureWords({ ...failure, code: 'parse_error' })).toMatch(/[\u4e00-\u9fff]/);
  });

  it('engine errors thrown at the UI are translated by code; unknown codes keep their message', () => {
    expect(errorText({ code: 'not_a_feed', message: 'This address returned a web page' })).toMatch(
      /[\u4e00-\u9fff]/,
    );
    expect(errorText({ code: 'something_new', message: 'Raw words' })).toBe('Raw words');
  });
});
