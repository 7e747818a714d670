import { describe, expect, it } from 'vitest';
import { batches, buildTranslateMessages, parseNumbered, TRANSLATE_INSTRUCTION } from './prompt';

describe('translation batches', () => {
  it('groups paragraphs up to the size, keeping order and global indexes', () => {
    expect(batches(['aaaa', 'bbbb', 'cc', 'dddddddd'], 8)).toEqual([
      { start: 0, texts: ['aaaa', 'bbbb'] },
      { start: 2, texts: ['cc'] },
      { start: 3, texts: ['dddddddd'] },
    ]);
    expect(batches([], 8)).toEqual([]);
    expect(batches(['a very long paragraph'], 4)).toEqual([{ start: 0, texts: ['a very long paragraph'] }]);
  });
});

describe('translation prompt', () => {
  it('numbers the paragraphs from the batch start and names the language', () => {
    const [system, user] = buildTranslateMessages(
      { start: 2, texts: ['Hallo Welt.', 'Zweiter.'] },
      'English',
      'en',
    );
    expect(system?.role).toBe('system');
    expect(system?.content.startsWith(TRANSLATE_INSTRUCTION)).toBe(true);
    expect(system?.content).toContain('English (en)');
    expect(user).toEqual({ role: 'user', content: '[3] Hallo Welt.\n\n[4] Zweiter.' });
  });
});

describe('reading the numbered answer', () => {
  it('maps numbers to paragraph indexes, the last one while it grows', () => {
    expect([...parseNumbered('[1] Hello world.\n[2] Sec', 3)]).toEqual([
      [0, 'Hello world.'],
      [1, 'Sec'],
    ]);
  });

  it('ignores preambles, unknown numbers and repeats; tolerates blank lines and spaces', () => {
    const answer = 'Sure, here it is:\n\n  [2]  Two\n\n[9] Nine\n[1] One\nline two\n[2] again';
    expect(Object.fromEntries(parseNumbered(answer, 3))).toEqual({ 0: 'One line two', 1: 'Two' });
  });

  it('does not take a bracketed number inside a sentence for a marker', () => {
    expect(Object.fromEntries(parseNumbered('[1] See note [2] below.', 2))).toEqual({
      0: 'See note [2] below.',
    });
  });
});
