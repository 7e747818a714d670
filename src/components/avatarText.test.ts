import { describe, expect, it } from 'vitest';
import { avatarColor, avatarLetter } from './avatarText';

describe('avatarLetter', () => {
  it.each([
    ['hacker news', 'H'],
    ['  ars technica', 'A'],
    ['"Quoted" Blog', 'Q'],
    ['[Podcast] Daily', 'P'],
    ['阮一峰的网络日志', '阮'],
    ['少数派', '少'],
    ['🦀 Rust Blog', '🦀'],
    ['👨‍👩‍👧 Family', '👨‍👩‍👧'],
    ['🇫🇷 France', '🇫🇷'],
    ['élan', 'É'],
    ['42 things', '4'],
    ['', '?'],
    ['   ', '?'],
    ['---', '-'],
  ])('%j → %j', (name, letter) => {
    expect(avatarLetter(name)).toBe(letter);
  });
});

describe('avatarColor', () => {
  it('is deterministic and ignores case and surrounding spaces', () => {
    expect(avatarColor('Example')).toBe(avatarColor(' example '));
  });

  it('spreads names over different hues', () => {
    const colours = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(avatarColor));
    expect(colours.size).toBeGreaterThan(4);
    expect(avatarColor('')).toMatch(/^hsl\(\d+ 52% 42%\)$/);
  });
});
