import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightQuery, Highlighted } from './Highlighted';

afterEach(cleanup);

describe('Highlighted', () => {
  it('marks the words of the search around it, and nothing without one', () => {
    const { container, rerender } = render(
      <HighlightQuery.Provider value="rust">
        <p>
          <Highlighted text="Trust in Rust" />
        </p>
      </HighlightQuery.Provider>,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Rust']);
    expect(container.textContent).toBe('Trust in Rust');
    rerender(
      <p>
        <Highlighted text="Trust in Rust" />
      </p>,
    );
    expect(container.querySelector('mark')).toBeNull();
    expect(container.textContent).toBe('Trust in Rust');
  });

  it('shows markup in a title as text, marked or not, and never as elements', () => {
    const text = '<img src=x onerror="alert(1)"> <b>rust</b> & 排版';
    const { container } = render(
      <p>
        <Highlighted text={text} query="rust img 排版" />
      </p>,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'img',
      'rust',
      '排版',
    ]);
  });
});
