import { testFeed } from '../testing/feed';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed } from '../engine/contract';
import { renderUi } from '../reader/testing/render';
import { resetSettings, updateSettings } from '../settings/useSettings';
import type { JobProgress } from '../../worker/types';
import { testJob } from '../testing/job';

vi.mock('./api', () => ({ cancelJob: () => Promise.resolve() }));

const { FeedProblemBanner } = await import('./FeedProblemBanner');
const { JobProgressView, JobSummaryView } = await import('./JobProgressView');
const { failureNotice } = await import('./jobNotice');
const { progressLabel } = await import('./jobProgress');
const { opmlTextProblem } = await import('./opmlFile');
const { checkFeedUrl } = await import('./urlCheck');
const { problemReason } = await import('./feedStatus');

/** Latin words left in `text` once names that stay Latin (and URLs) are removed. */
const latinWords = (text: string, names: readonly string[] = []) =>
  names.reduce((s, n) => s.split(n).join(' '), text.replace(/https?:\/\/\S+/g, ' ')).match(/[A-Za-z]{2,}/g) ??
  [];

const feed = (over: Partial<Feed>): Feed =>
  testFeed({
    lastFetched: Date.UTC(2026, 2, 5, 12) / 1000,
    lastSuccess: Date.UTC(2026, 1, 1, 12) / 1000,
    error: 'Server error',
    httpStatus: 503,
    ...over,
  });

const job = (over: Partial<JobProgress>): JobProgress =>
  testJob({ total: 1200, done: 30, failed: 2, ...over });

beforeEach(() => updateSettings('general', { language: 'zh-CN' }));
afterEach(() => act(() => resetSettings('general')));

describe('subscriptions in Simplified Chinese', () => {
  it('the problem banner speaks Chinese, with Chinese dates; the engine reason stays as it came', () => {
    const client = new QueryClient();
    client.setQueryData(['feeds'], [feed({})]);
    renderUi(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FeedProblemBanner feedId={7} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const banner = screen.getByTestId('feed-problem');
    expect(banner.textContent).toContain('此订阅源出了问题');
    expect(banner.textContent).toMatch(/上次尝试：2026年3月5日/);
    expect(banner.textContent).toMatch(/上次成功：2026年2月1日/);
    expect(screen.getByTestId('feed-problem-reason').textContent).toBe('Server error (HTTP 503)');
    expect(latinWords(banner.textContent ?? '', ['Server error', 'HTTP', 'Rivulet'])).toEqual([]);
  });

  it('a dead feed without a message is explained in Chinese', () => {
    expect(problemReason(feed({ dead: true, error: '' }))).toBe('网站表示此订阅源已永久删除（HTTP 410）。');
  });

  it('job progress and summary: Chinese words, localised numbers, test ids kept', () => {
    const done = job({
      state: 'done',
      done: 1200,
      kind: 'opml-import',
      failures: [
        { feedId: 4, url: 'https://d.example/', title: 'D', reason: 'HTTP 500', code: 'http_status' },
        { feedId: null, url: 'ftp://e.example/', title: 'E', reason: 'Bad address', code: 'bad_url' },
      ],
      summary: { added: 3, skipped: 1, failed: 2, newItems: 40, feedIds: [1, 2, 3, 4] },
    });
    renderUi(
      <>
        <JobProgressView job={job({})} />
        <JobSummaryView job={done} />
      </>,
    );
    expect(screen.getByText('正在刷新订阅源')).toBeTruthy();
    expect(screen.getByTestId('job-cancel').textContent).toBe('取消');
    expect(screen.getByTestId('job-counts').textContent).toBe('30 / 1,200 · 2 个失败');
    const summary = screen.getByTestId('job-summary').textContent ?? '';
    expect(summary).toMatch(/^新增 4 个，其中 1 个暂时无法获取 · 1 个已订阅 · 1 个无法添加 · 新文章 40 篇/);
    expect(screen.getByTestId('summary-new-items').textContent).toBe('40');
  });

  it('notices, OPML and address checks come back in Chinese', () => {
    const failures = Array.from({ length: 7 }, (_, i) => ({
      feedId: i,
      url: `https://f${i}.example/`,
      title: `F${i}`,
      reason: 'HTTP 500',
      // No code, as from an older engine in another tab: the engine's own words are shown.
      code: undefined as unknown as string,
    }));
    const notice = failureNotice(job({ state: 'done', failures }));
    expect(notice?.title).toBe('7 个订阅源更新失败');
    expect(notice?.message.split('\n')).toEqual([
      'F0：HTTP 500',
      'F1：HTTP 500',
      'F2：HTTP 500',
      'F3：HTTP 500',
      'F4：HTTP 500',
      '还有 2 个',
    ]);
    expect(progressLabel(job({ failed: 0 }))).toBe('30 / 1,200');
    expect(opmlTextProblem('')).toBe('文件是空的。');
    expect(opmlTextProblem('<html><body>')).toBe('这是一个网页，不是 OPML 文件。');
    expect(checkFeedUrl('ftp://x.example/')).toBe('只能获取 http:// 和 https:// 地址。');
    expect(checkFeedUrl('https://x.example/feed')).toBeNull();
  });
});
