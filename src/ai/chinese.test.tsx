import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { AiErrorNotice, AiNotConfigured } from './AiErrorNotice';
import { errorFromResponse } from './errors';

beforeEach(() => updateSettings('general', { language: 'zh-CN' }));
afterEach(() => act(() => resetSettings('general')));

describe('AI failures in Simplified Chinese', () => {
  it('HTTP failures are worded in Chinese; the endpoint’s own detail is quoted as it came', () => {
    const limited = errorFromResponse(429, '{"error":{"message":"slow down"}}', '7', false);
    expect(limited.message).toBe('请求过多（HTTP 429）（slow down）。');
    expect(limited.hint).toBe('请在 7 秒后重试。');
    const refused = errorFromResponse(401, '', null, true);
    expect(refused.message).toBe('API 密钥被拒绝（HTTP 401）。');
    expect(refused.hint).toContain('共享密钥无效');
  });

  it('the notice shows a Chinese title and buttons', () => {
    renderUi(<AiErrorNotice error={errorFromResponse(500, '', null, false)} onRetry={() => undefined} />);
    const notice = screen.getByTestId('ai-error');
    expect(notice.textContent).toContain('AI 服务出错');
    expect(notice.textContent).toContain('AI 服务出错（HTTP 500）。');
    expect(screen.getByTestId('ai-retry').textContent).toBe('重试');
  });

  it('“not configured” names the feature in Chinese', () => {
    renderUi(<AiNotConfigured what="assistant" />);
    expect(screen.getByTestId('ai-not-configured').textContent).toBe(
      'AI 尚未配置，订阅助手不可用。 在“设置 → 集成”中配置 AI',
    );
  });
});
