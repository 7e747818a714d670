import { describe, expect, it } from 'vitest';
import { paletteKey, searchHref } from './paletteKeys';

describe('paletteKey', () => {
  it('moves down and up through results and the "see all" entry, wrapping', () => {
    expect(paletteKey('ArrowDown', 0, 3, true)).toEqual({ type: 'move', active: 1 });
    expect(paletteKey('ArrowDown', 2, 3, true)).toEqual({ type: 'move', active: 3 });
    expect(paletteKey('ArrowDown', 3, 3, true)).toEqual({ type: 'move', active: 0 });
    expect(paletteKey('ArrowUp', 0, 3, true)).toEqual({ type: 'move', active: 3 });
    expect(paletteKey('Home', 2, 3, true)).toEqual({ type: 'move', active: 0 });
    expect(paletteKey('End', 0, 3, true)).toEqual({ type: 'move', active: 3 });
  });

  it('opens the active result on Enter, or all results on the last entry', () => {
    expect(paletteKey('Enter', 0, 3, true)).toEqual({ type: 'open', index: 0 });
    expect(paletteKey('Enter', 2, 3, true)).toEqual({ type: 'open', index: 2 });
    expect(paletteKey('Enter', 3, 3, true)).toEqual({ type: 'all' });
  });

  it('goes to all results when there are no suggestions yet', () => {
    expect(paletteKey('Enter', 0, 0, true)).toEqual({ type: 'all' });
    expect(paletteKey('ArrowDown', 0, 0, true)).toEqual({ type: 'move', active: 0 });
  });

  it('does nothing without a query, and ignores other keys', () => {
    expect(paletteKey('Enter', 0, 0, false)).toEqual({ type: 'none' });
    expect(paletteKey('ArrowDown', 0, 0, false)).toEqual({ type: 'none' });
    expect(paletteKey('a', 0, 3, true)).toEqual({ type: 'none' });
    expect(paletteKey('Escape', 0, 3, true)).toEqual({ type: 'none' });
  });

  it('clamps a stale active index (the list shrank)', () => {
    expect(paletteKey('Enter', 7, 2, true)).toEqual({ type: 'all' });
    expect(paletteKey('Enter', 7, 2, false)).toEqual({ type: 'open', index: 1 });
    expect(paletteKey('ArrowUp', -3, 2, true)).toEqual({ type: 'move', active: 2 });
  });
});

describe('searchHref', () => {
  it('encodes the query and the article to open', () => {
    expect(searchHref(' rust & wasm ')).toBe('/search?q=rust+%26+wasm');
    expect(searchHref('café', 42)).toBe('/search?q=caf%C3%A9&open=42');
  });
});
