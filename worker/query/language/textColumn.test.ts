import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, TextColumn, plainTextLower } from './textColumn';

describe('plainTextLower', () => {
  it('strips tags, decodes entities, separates blocks and lower-cases', () => {
    expect(plainTextLower('<p>Hello <b>Wor</b>ld</p><p>Next&nbsp;&amp; last</p>')).toBe(
      'hello world next & last',
    );
    expect(plainTextLower('a<br>b<li>c</li>')).toBe('a b c');
    expect(plainTextLower('ÉTÉ <i>Ünï</i>')).toBe('été ünï');
  });
  it('drops script and style content and survives broken HTML', () => {
    expect(plainTextLower('<script>var rust = 1</script>x<style>p{}</style>y')).toBe('xy');
    expect(plainTextLower('<p>unclosed <b>bold <a href="x')).toBe('unclosed bold');
    expect(plainTextLower('')).toBe('');
    expect(plainTextLower('1 < 2 && 3 > 2')).toBe('1 < 2 && 3 > 2');
  });
  it('caps the text length', () => {
    expect(plainTextLower(`<p>${'a'.repeat(MAX_TEXT_CHARS + 50)}</p>`)).toHaveLength(MAX_TEXT_CHARS);
  });
});

describe('TextColumn', () => {
  it('stores text per row, with gaps and cleared rows reading as empty', () => {
    const col = new TextColumn();
    col.set(2, '<p>Two</p>');
    col.setPlain(0, 'zero');
    expect(col.textLower(0)).toBe('zero');
    expect(col.textLower(1)).toBe('');
    expect(col.textLower(2)).toBe('two');
    expect(col.textLower(99)).toBe('');
    col.clear(2);
    expect(col.textLower(2)).toBe('');
    expect(col.charCount()).toBe(4);
  });
});
