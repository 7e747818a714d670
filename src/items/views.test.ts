import { describe, expect, it } from 'vitest';
import { cardColumns, chooseAutoView, nextView, resolveView, VIEW_CYCLE } from './views';

const row = (enclosureType = '', thumbnail = '', link = 'https://blog.example/a') => ({
  enclosureType,
  thumbnail,
  link,
});
const many = (n: number, r: ReturnType<typeof row>) => Array.from({ length: n }, () => r);

describe('chooseAutoView', () => {
  it('picks cards for mostly video (enclosure or video site links)', () => {
    expect(chooseAutoView([...many(6, row('video/mp4')), ...many(4, row())])).toBe('card');
    expect(chooseAutoView(many(3, row('', '', 'https://www.youtube.com/watch?v=x')))).toBe('card');
  });
  it('picks columns for podcasts and plain articles', () => {
    expect(chooseAutoView(many(5, row('audio/mpeg', 'https://img/x.jpg')))).toBe('column');
    expect(chooseAutoView(many(5, row()))).toBe('column');
    expect(chooseAutoView([])).toBe('column');
  });
  it('picks the list for image-heavy feeds', () => {
    expect(chooseAutoView([...many(6, row('', 'https://img/x.jpg')), ...many(4, row())])).toBe('list');
  });
  it('needs more than half: an even split is plain', () => {
    expect(chooseAutoView([...many(5, row('video/mp4')), ...many(5, row())])).toBe('column');
    expect(chooseAutoView([...many(5, row('', 'x.jpg')), ...many(5, row())])).toBe('column');
  });
  it('is not fooled by upper-case types or look-alike hosts', () => {
    expect(chooseAutoView(many(3, row('VIDEO/MP4')))).toBe('card');
    expect(chooseAutoView(many(3, row('', '', 'https://notyoutube.com/watch')))).toBe('column');
  });
});

describe('resolveView', () => {
  it('keeps an explicit setting and collapses columns when narrow', () => {
    expect(resolveView('magazine', [], false)).toBe('magazine');
    expect(resolveView('column', [], false)).toBe('column');
    expect(resolveView('column', [], true)).toBe('list');
    expect(resolveView('auto', [], true)).toBe('list');
    expect(resolveView('card', [], true)).toBe('card');
  });
});

describe('nextView', () => {
  it('cycles through every view and wraps', () => {
    const seen = [VIEW_CYCLE[0]!];
    for (let i = 0; i < VIEW_CYCLE.length; i++) seen.push(nextView(seen[seen.length - 1]!));
    expect(seen).toEqual([...VIEW_CYCLE, VIEW_CYCLE[0]]);
  });
  it('restarts from an unknown value', () => {
    expect(nextView('bogus' as never)).toBe('auto');
  });
});

describe('cardColumns', () => {
  it('fits as many minimum-width cards as the width allows', () => {
    expect(cardColumns(1000)).toBe(3);
    expect(cardColumns(260)).toBe(1);
    expect(cardColumns(536)).toBe(2);
    expect(cardColumns(0)).toBe(1);
    expect(cardColumns(Number.NaN)).toBe(1);
  });
});
