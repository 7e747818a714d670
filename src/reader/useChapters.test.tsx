import { renderUi } from './testing/render';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { assignHeadingIds, slugify, useChapters } from './useChapters';
import { Chapters } from './Chapters';

describe('assignHeadingIds', () => {
  it('gives stable, unique ids from heading text (h1–h4 only)', () => {
    const root = document.createElement('div');
    root.innerHTML = '<h1>Intro!</h1><h2>Über uns</h2><h2>Intro</h2><h5>skip</h5><h3> </h3>';
    const first = assignHeadingIds(root);
    expect(first.map((c) => [c.id, c.level])).toEqual([
      ['rv-h-intro', 1],
      ['rv-h-über-uns', 2],
      ['rv-h-intro-2', 2],
    ]);
    expect(assignHeadingIds(root)).toEqual(first);
    expect(slugify('!!!')).toBe('section');
  });
});

type IOCallback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observerCallback: IOCallback | undefined;

function Harness({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const { chapters, activeId, scrollTo } = useChapters(ref, html);
  return (
    <>
      <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />
      <Chapters chapters={chapters} activeId={activeId} onSelect={scrollTo} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useChapters', () => {
  it('highlights the section being read as headings cross the viewport band', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IOCallback) {
          observerCallback = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderUi(<Harness html="<h2>A</h2><p>x</p><h2>B</h2><p>y</p><h2>C</h2>" />);
    const current = () => screen.getByTestId('reader-chapters').querySelector('[aria-current]')?.textContent;
    expect(current()).toBe('A');
    const h = (id: string) => document.getElementById(id)!;
    act(() => observerCallback!([{ target: h('rv-h-b'), isIntersecting: true }]));
    expect(current()).toBe('B');
    // Leaving the band with nothing else in it: the last heading above the viewport wins.
    h('rv-h-a').getBoundingClientRect = () => ({ top: -500 }) as DOMRect;
    h('rv-h-b').getBoundingClientRect = () => ({ top: -100 }) as DOMRect;
    h('rv-h-c').getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    act(() => observerCallback!([{ target: h('rv-h-b'), isIntersecting: false }]));
    expect(current()).toBe('B');
    act(() => observerCallback!([{ target: h('rv-h-c'), isIntersecting: true }]));
    expect(current()).toBe('C');
  });

  it('shows nothing for fewer than three headings', () => {
    renderUi(<Harness html="<h2>A</h2><h3>B</h3>" />);
    expect(screen.queryByTestId('reader-chapters')).toBeNull();
  });
});
