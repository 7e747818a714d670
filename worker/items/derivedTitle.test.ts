import { describe, expect, it } from 'vitest';
import {
  DERIVED_TITLE_MAX,
  displayTitle,
  snippetAfterTitle,
  titleFromMediaUrl,
  titleFromText,
} from './derivedTitle';

describe('titleFromText', () => {
  it('takes the first sentence when it fits, without its full stop', () => {
    expect(titleFromText('Shipped the new release today. It has dark mode and a faster list.')).toBe(
      'Shipped the new release today',
    );
    expect(titleFromText('  Is this thing on?  Testing the new server.')).toBe('Is this thing on?');
    expect(titleFromText('Wait... what happened here')).toBe('Wait...');
    expect(titleFromText('今天天气很好。我们去公园散步吧。')).toBe('今天天气很好');
  });

  it('keeps a dot that does not end a sentence (addresses, numbers)', () => {
    expect(titleFromText('Read example.com/post about v2.5 and more')).toBe(
      'Read example.com/post about v2.5 and more',
    );
  });

  it('cuts a long first sentence at a word boundary with an ellipsis', () => {
    const text =
      'A very long first sentence that goes on and on about feed readers, decentralised social networks and the open web, without stopping';
    const title = titleFromText(text);
    expect(title.length).toBeLessThanOrEqual(DERIVED_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(text.startsWith(title.slice(0, -1))).toBe(true);
    // Cut between words, never inside one, and no trailing comma before the ellipsis.
    expect(text[title.length - 1]).toMatch(/[\s,]/);
    expect(title).not.toMatch(/[\s,]…$/);
  });

  it('cuts text without spaces (CJK) hard at the limit', () => {
    const title = titleFromText('这'.repeat(200));
    expect(title).toBe(`${'这'.repeat(DERIVED_TITLE_MAX - 1)}…`);
  });

  it('is empty for empty text', () => {
    expect(titleFromText('   ')).toBe('');
  });
});

describe('displayTitle', () => {
  it("keeps the feed's title and flags a made-up one", () => {
    expect(displayTitle('Real title', 'Some text.')).toEqual({ title: 'Real title', derived: false });
    expect(displayTitle('', 'Hello fediverse! First post here.')).toEqual({
      title: 'Hello fediverse!',
      derived: true,
    });
  });

  it('falls back to the media file name, then to nothing', () => {
    expect(displayTitle('', '', 'https://cdn.example/shows/episode_42.mp3?x=1')).toEqual({
      title: 'episode 42',
      derived: true,
    });
    expect(titleFromMediaUrl('not a url')).toBe('');
    expect(displayTitle('', '')).toEqual({ title: '', derived: false });
  });
});

describe('snippetAfterTitle', () => {
  it('goes on after the sentence the title took, or after the cut', () => {
    const text = 'Shipped the new release today. It has dark mode.';
    expect(snippetAfterTitle(text, titleFromText(text))).toBe('It has dark mode.');
    expect(snippetAfterTitle('Is this on? Testing.', 'Is this on?')).toBe('Testing.');
    expect(snippetAfterTitle('Just one sentence.', 'Just one sentence')).toBe('');
    const long = `${'word '.repeat(30)}end`;
    const cut = titleFromText(long);
    expect(snippetAfterTitle(long, cut)).toMatch(/^…word/);
    expect(`${cut.slice(0, -1)} ${snippetAfterTitle(long, cut).slice(1)}`).toBe(long);
  });
});
