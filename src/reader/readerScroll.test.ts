import { describe, expect, it } from 'vitest';
import { atEnd, controlKeeps, scrollStep, scrollerOf } from './readerScroll';

/** A box with the given scroll sizes (happy-dom lays nothing out). */
function box(overflowY: string, scrollHeight: number, clientHeight: number): HTMLElement {
  const el = document.createElement('div');
  el.style.overflowY = overflowY;
  Object.defineProperty(el, 'scrollHeight', { value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { value: clientHeight });
  return el;
}

describe('readerScroll', () => {
  it('finds the nearest ancestor that scrolls, skipping ones that clip or have nothing to scroll', () => {
    const outer = box('auto', 3000, 800);
    const full = box('auto', 500, 500);
    const clip = box('hidden', 3000, 800);
    const article = document.createElement('article');
    outer.append(full);
    full.append(clip);
    clip.append(article);
    document.body.append(outer);
    expect(scrollerOf(article)).toBe(outer);
    expect(scrollerOf(document.createElement('p'))).toBeNull();
  });

  it('pages by most of the visible height, lines by a little, and knows the end', () => {
    const el = box('auto', 3000, 800);
    const moves: number[] = [];
    el.scrollBy = ((o: ScrollToOptions) => moves.push(o.top ?? 0)) as typeof el.scrollBy;
    scrollStep(el, 'page', 1);
    scrollStep(el, 'page', -1);
    scrollStep(el, 'line', 1);
    expect(moves).toEqual([680, -680, 48]);
    el.scrollTop = 2199;
    expect(atEnd(el)).toBe(true);
    el.scrollTop = 1000;
    expect(atEnd(el)).toBe(false);
  });

  it('leaves Space and the arrows to a focused button, link or slider', () => {
    const button = document.createElement('button');
    const icon = document.createElement('span');
    button.append(icon);
    expect(controlKeeps(icon)).toBe(true);
    const link = document.createElement('a');
    link.href = '/x';
    expect(controlKeeps(link)).toBe(true);
    expect(controlKeeps(document.body)).toBe(false);
    expect(controlKeeps(null)).toBe(false);
  });
});
