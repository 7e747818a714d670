import { afterEach, describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { errorText } from './errorText';

const engineError = (code: string, message: string, details?: unknown) =>
  Object.assign(new Error(message), { code, details });

afterEach(() => resetSettings('general'));

describe('errorText', () => {
  it("shows the engine's own message in English", () => {
    updateSettings('general', { language: 'en' });
    expect(errorText(engineError('no_feed', 'No feed found at https://x.example/'))).toBe(
      'No feed found at https://x.example/',
    );
  });

  it('translates known codes in Chinese and keeps unknown ones as they are', () => {
    updateSettings('general', { language: 'zh-CN' });
    expect(errorText(engineError('no_feed', 'No feed found at https://x.example/'))).toBe(
      '在这个地址没有找到订阅源。',
    );
    expect(errorText(engineError('mystery', 'Odd thing'))).toBe('Odd thing');
    expect(errorText('plain text')).toBe('plain text');
  });

  it('explains a refused private address in Chinese, and keeps the server’s words in English', () => {
    const refusal = engineError(
      'private_address',
      '"intranet.example" resolves to 10.0.0.5, a private network address; links from feeds may not reach private networks.',
    );
    updateSettings('general', { language: 'zh-CN' });
    expect(errorText(refusal)).toContain('内网');
    updateSettings('general', { language: 'en' });
    expect(errorText(refusal)).toContain('resolves to 10.0.0.5');
  });

  it('keeps the position of a query syntax error, from details or from the error itself', () => {
    updateSettings('general', { language: 'zh-CN' });
    const fromDetails = engineError('query_syntax', 'Expected a value', {
      position: { line: 1, column: 12 },
    });
    expect(errorText(fromDetails)).toBe('第 1 行第 12 列有语法错误。');
    const checkError = {
      code: 'query_syntax',
      message: 'Expected a value',
      position: { line: 2, column: 3 },
    };
    expect(errorText(checkError)).toBe('第 2 行第 3 列有语法错误。');
  });
});
