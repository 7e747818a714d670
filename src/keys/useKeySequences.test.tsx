import { fireEvent, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useKeySequences } from './useKeySequences';

describe('useKeySequences', () => {
  it("a second key pressed right after a render, before that render's passive effects, reaches that render's map", () => {
    // As useShortcuts (reader/shortcuts.test.tsx): a child's passive effect runs before its
    // parent's, so the keys it sends come while a map kept by a passive effect is the old one.
    const seen: number[] = [];
    function Sender() {
      useEffect(() => {
        for (const key of ['g', 's'])
          window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }, []);
      return null;
    }
    function Parent() {
      const [n, setN] = useState(0);
      useKeySequences(new Map([['s', () => void seen.push(n)]]));
      return n > 0 ? <Sender /> : <button onClick={() => setN(1)}>go</button>;
    }
    const { getByText } = render(<Parent />);
    fireEvent.click(getByText('go'));
    expect(seen).toEqual([1]);
  });
});
