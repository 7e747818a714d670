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

  it('words a query error with no expected list from its reason and position, in both languages', () => {
    const position = { offset: 8, line: 2, column: 9, length: 4 };
    const unterminated = engineError(
      'query_syntax',
      'Unterminated string: the closing quote is missing at line 2, column 9',
      {
        position,
        expected: [],
        reason: { code: 'unterminated_string', quote: "'" },
      },
    );
    const deep = engineError('query_syntax', 'The query is nested too deeply', {
      position,
      expected: [],
      reason: { code: 'too_deep' },
    });
    const long = engineError('query_too_long', 'The query is too long', {
      position,
      expected: [],
      reason: { code: 'too_long', length: 5000, max: 4096 },
    });
    updateSettings('general', { language: 'en' });
    expect([unterminated, deep, long].map(errorText)).toEqual([
      "Unterminated string at line 2, column 9: the closing ' is missing.",
      'The query is nested too deeply: too many brackets or NOTs inside one another.',
      'The query is too long: 5,000 characters, at most 4,096 (the limit falls at line 2, column 9).',
    ]);
    updateSettings('general', { language: 'zh-CN' });
    expect([unterminated, deep, long].map(errorText)).toEqual([
      "第 2 行第 9 列的字符串没有结束：缺少结尾的 '。",
      '查询嵌套太深：括号或 NOT 层层相套太多。',
      '查询太长：5,000 个字符，最多 4,096 个（上限在第 2 行第 9 列）。',
    ]);
    // A reason this page does not know keeps the generic sentence with the position.
    const newer = engineError('query_syntax', 'Something new', {
      position,
      expected: [],
      reason: { code: 'newer' },
    });
    expect(errorText(newer)).toBe('第 2 行第 9 列有语法错误。');
  });
});
