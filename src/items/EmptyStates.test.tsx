import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { EndOfList } from './EmptyStates';

describe('the end of a list', () => {
  it('says all caught up only when nothing in the scope is unread', () => {
    renderUi(<EndOfList unread={0} />);
    const end = screen.getByTestId('items-end');
    expect(end.textContent).toBe('You’re all caught up.');
    expect(end.dataset.caughtUp).toBe('true');
  });

  it('with unread articles left, or no scope to count (search, filters), only that the list ends', () => {
    for (const unread of [3, undefined]) {
      const { unmount } = renderUi(<EndOfList unread={unread} />);
      const end = screen.getByTestId('items-end');
      expect(end.textContent).toBe('That’s the end of this list.');
      expect(end.dataset.caughtUp).toBeUndefined();
      unmount();
    }
  });
});
