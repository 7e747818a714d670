import { describe as group, expect, it } from 'vitest';
import { CONTEXT_CHARS, describe, locate } from './anchor';

const ARTICLE =
  'Rivers carry sediment to the sea. The delta grows each year as silt settles. ' +
  'Fishermen know the channels by heart. The delta grows each year, they say, but slower now. ' +
  'Dams upstream hold the silt back.';

/** The anchor of the `nth` (0-based) occurrence of `exact` in `text`. */
function anchorOf(text: string, exact: string, nth = 0) {
  let at = -1;
  for (let k = 0; k <= nth; k++) at = text.indexOf(exact, at + 1);
  if (at < 0) throw new Error(`no ${exact}`);
  return describe(text, at, at + exact.length);
}

const placed = (text: string, pos: { start: number; end: number } | null) =>
  pos ? text.slice(pos.start, pos.end) : null;

group('describe', () => {
  it('keeps the exact text with up to 32 characters each side and the offsets', () => {
    const a = anchorOf(ARTICLE, 'Fishermen know the channels');
    expect(a.quote.exact).toBe('Fishermen know the channels');
    expect(a.quote.prefix).toHaveLength(CONTEXT_CHARS);
    expect(ARTICLE.endsWith(a.quote.prefix, a.position.start)).toBe(true);
    expect(a.quote.suffix).toBe(ARTICLE.slice(a.position.end, a.position.end + 32));
  });

  it('clips context at the ends of the text', () => {
    const a = describe('short text', 0, 5);
    expect(a.quote).toEqual({ exact: 'short', prefix: '', suffix: ' text' });
  });
});

group('locate', () => {
  it('uses the position hint when the text there is still the quote', () => {
    const a = anchorOf(ARTICLE, 'silt settles');
    expect(locate(ARTICLE, a)).toEqual(a.position);
  });

  it('finds moved text (a paragraph added before it)', () => {
    const a = anchorOf(ARTICLE, 'Dams upstream hold the silt back');
    const moved = `A new opening paragraph was added by the feed. ${ARTICLE}`;
    const pos = locate(moved, a);
    expect(placed(moved, pos)).toBe('Dams upstream hold the silt back');
    expect(pos?.start).toBe(moved.indexOf('Dams'));
  });

  it('tells duplicated text apart by prefix and suffix', () => {
    const second = anchorOf(ARTICLE, 'The delta grows each year', 1);
    const first = anchorOf(ARTICLE, 'The delta grows each year', 0);
    // Shift everything so the hints point nowhere useful.
    const shifted = `Intro. ${ARTICLE}`;
    expect(locate(shifted, second)?.start).toBe(shifted.lastIndexOf('The delta grows each year'));
    expect(locate(shifted, first)?.start).toBe(shifted.indexOf('The delta grows each year'));
  });

  it('prefers surroundings over the position hint when the hint lands on the other copy', () => {
    const second = anchorOf(ARTICLE, 'The delta grows each year', 1);
    const firstAt = ARTICLE.indexOf('The delta grows each year');
    const misleading = { ...second, position: { start: firstAt + 3, end: firstAt + 3 + 25 } };
    expect(locate(ARTICLE, misleading)?.start).toBe(ARTICLE.lastIndexOf('The delta grows each year'));
  });

  it('survives edited surroundings', () => {
    const a = anchorOf(ARTICLE, 'Fishermen know the channels by heart');
    const edited = ARTICLE.replace('Rivers carry sediment to the sea.', 'Big rivers move sand.').replace(
      'but slower now',
      'though it slows',
    );
    expect(placed(edited, locate(edited, a))).toBe('Fishermen know the channels by heart');
  });

  it('survives whitespace changes (re-sanitised HTML, line breaks, nbsp)', () => {
    const a = anchorOf(ARTICLE, 'Fishermen know the channels by heart');
    const spaced = ARTICLE.replace('know the', 'know\n\u00a0the').replace(/ /g, '  ');
    const pos = locate(spaced, a);
    expect(placed(spaced, pos)).toBe('Fishermen  know\n\u00a0the  channels  by  heart');
  });

  it('survives case and width changes as a last resort', () => {
    const a = anchorOf(ARTICLE, 'silt settles');
    const shouty = ARTICLE.replace('silt settles', 'SILT settles').replace('Rivers', 'A river');
    expect(placed(shouty, locate(shouty, a))).toBe('SILT settles');
  });

  it('re-anchors over a longer full text that contains the summary', () => {
    const summary = 'The delta grows each year as silt settles.';
    const a = anchorOf(summary, 'silt settles');
    const full = `Long introduction about geography. ${ARTICLE} More paragraphs follow here.`;
    expect(placed(full, locate(full, a))).toBe('silt settles');
  });

  it('returns null (orphaned) when the passage is gone', () => {
    const a = anchorOf(ARTICLE, 'Dams upstream hold the silt back');
    expect(locate(ARTICLE.replace('Dams upstream hold the silt back.', ''), a)).toBeNull();
    expect(locate('', a)).toBeNull();
  });

  it('returns null for an empty quote', () => {
    expect(locate(ARTICLE, describe(ARTICLE, 5, 5))).toBeNull();
  });
});
