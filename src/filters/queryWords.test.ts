import { afterEach, describe, expect, it } from 'vitest';
import type { QueryWarning } from '../../worker/types';
import { errorText } from '../i18n/errorText';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { expectedText, warningText } from './queryWords';

afterEach(() => resetSettings('general'));

const unknown: QueryWarning = { code: 'unknown_field', field: 'titel', suggestions: ['title', 'feed.title'] };
const feed: QueryWarning = {
  code: 'object_field',
  field: 'feed',
  object: 'feed',
  suggestions: ['feed.title', 'feed.url', 'feed.id'],
};
// A syntax error as `query.run` rejects with it (an EngineError with its parts in details).
const syntax = Object.assign(new Error("Expected a value after '=' at line 1, column 9 (found 'AND')"), {
  code: 'query_syntax',
  details: {
    position: { offset: 8, line: 1, column: 9, length: 3 },
    expected: [{ kind: 'value' }],
    before: '=',
    found: 'AND',
  },
});

/** Latin words left in a Chinese sentence, less what the filter language itself spells. */
const english = (text: string) =>
  (text.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (w) => !['titel', 'title', 'feed', 'url', 'id', 'AND'].includes(w),
  );

describe('query errors and warnings, worded by the UI', () => {
  it('in English: the unknown field with what was meant, a feed used as a value with what to write', () => {
    updateSettings('general', { language: 'en' });
    expect(warningText(unknown)).toBe(
      "Unknown field 'titel': it is null for every article. Did you mean title or feed.title?",
    );
    expect(warningText(feed)).toBe(
      "'feed' is the article's feed, not a value: write feed.title, feed.url, or feed.id instead.",
    );
    expect(errorText(syntax)).toBe("Expected a value after '=' at line 1, column 9 (found 'AND')");
  });

  it('in Chinese: no English left but the query language’s own words', () => {
    updateSettings('general', { language: 'zh-CN' });
    expect(warningText(unknown)).toBe(
      '未知字段“titel”：它对每篇文章都是 null。你是不是想写 title或feed.title？',
    );
    expect(english(warningText(unknown))).toEqual(['null']);
    expect(english(warningText(feed))).toEqual([]);
    expect(expectedText({ kind: 'value' })).toBe('一个值');
    expect(errorText(syntax)).toBe('第 1 行第 9 列：“=”之后应为一个值（实际是“AND”）');
  });

  it('words the warnings found while a query runs in both languages', () => {
    const found: QueryWarning[] = [
      { code: 'invalid_time', text: 'true' },
      { code: 'undefined_value' },
      { code: 'no_descriptions' },
    ];
    updateSettings('general', { language: 'en' });
    expect(found.map(warningText)).toEqual([
      'Invalid time value true (a time is a number of seconds or a date): it is null.',
      'Undefined value: it is null.',
      'Article text cannot be read here: description is null for every article.',
    ]);
    updateSettings('general', { language: 'zh-CN' });
    expect(found.map((w) => english(warningText(w)))).toEqual([
      ['true', 'null'],
      ['null'],
      ['description', 'null'],
    ]);
  });
});
