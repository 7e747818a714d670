import { describe, expect, it } from 'vitest';
import { normalizeLanguage, textDirection } from './language';

describe('normalizeLanguage', () => {
  it.each([
    ['en-us', 'en-US'],
    ['en-US', 'en-US'],
    ['EN', 'en'],
    ['zh_CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['zh-hans-cn', 'zh-Hans-CN'],
    ['  fr-FR  ', 'fr-FR'],
    ['fr_FR.UTF-8', 'fr-FR'],
    ['de_DE@euro', 'de-DE'],
    ['en-us, fr', 'en-US'],
    ['iw', 'he'],
    ['en-US-u-ca-gregory', 'en-US'],
    ['sr-latn-rs', 'sr-Latn-RS'],
    ['ar', 'ar'],
  ])('%j → %j', (raw, tag) => {
    expect(normalizeLanguage(raw)).toBe(tag);
  });

  it.each([
    [''],
    ['   '],
    ['English'],
    ['english'],
    ['x-klingon'],
    ['i-klingon'],
    ['und'],
    ['zxx'],
    ['123'],
    ['en--us'],
    ['http://example.com/en'],
    ['{language}'],
    [`en-${'a'.repeat(80)}`],
  ])('junk %j → none', (raw) => {
    expect(normalizeLanguage(raw)).toBe('');
  });

  it('anything but a string is none', () => {
    for (const v of [undefined, null, 42, {}, ['en']]) expect(normalizeLanguage(v)).toBe('');
  });

  it('is idempotent (a stored tag normalises to itself)', () => {
    for (const raw of ['en-us', 'zh_CN', 'zh-hans-cn', 'iw', 'fa-IR'])
      expect(normalizeLanguage(normalizeLanguage(raw))).toBe(normalizeLanguage(raw));
  });
});

describe('textDirection', () => {
  it.each(['ar', 'ar-EG', 'he', 'fa-IR', 'ur', 'yi', 'dv', 'ckb', 'ps', 'az-Arab', 'syr'])(
    '%s is right to left',
    (tag) => expect(textDirection(tag)).toBe('rtl'),
  );

  it.each(['', 'en-US', 'zh-CN', 'ja', 'ku', 'az', 'tr', 'qaa'])('%j is left to its text (auto)', (tag) =>
    expect(textDirection(tag)).toBe('auto'),
  );
});
