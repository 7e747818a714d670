import { describe, expect, it } from 'vitest';
import { detectLanguage, resolveLanguage } from './detect';

describe('detectLanguage', () => {
  it.each([
    [['zh'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['ZH_cn'], 'zh-CN'],
    [['en-US', 'zh-CN'], 'en'],
    [['fr-FR', 'zh-CN', 'en'], 'zh-CN'],
    [['fr-FR', 'en-GB', 'zh'], 'en'],
    [['zh-TW'], 'en'],
    [['zh-Hant', 'zh-CN'], 'zh-CN'],
    [['zh-HK', 'ja'], 'en'],
    [['de', 'ja'], 'en'],
    [[], 'en'],
    [[''], 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(detectLanguage(languages)).toBe(expected);
  });
});

describe('resolveLanguage', () => {
  it('uses the setting when it names a language, the browser when auto', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('auto', ['zh-CN'])).toBe('zh-CN');
    expect(resolveLanguage('auto', ['en-US'])).toBe('en');
  });
});
