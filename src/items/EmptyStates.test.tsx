import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { EndOfList, NothingHere } from './EmptyStates';

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

describe('an empty list', () => {
  it('points at the subscribe screen only when there are no subscriptions', () => {
    const first = renderUi(
      <MemoryRouter>
        <NothingHere />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('items-subscribe')).not.toBeNull();
    first.unmount();
    renderUi(<NothingHere hasFeeds />);
    expect(screen.queryByTestId('items-subscribe')).toBeNull();
    expect(screen.getByTestId('items-empty').textContent).toContain('when the feed publishes them');
  });

  it('Today with subscriptions says nothing was published today', () => {
    renderUi(<NothingHere hasFeeds today />);
    const text = screen.getByTestId('items-empty').textContent ?? '';
    expect(text).toContain('Nothing published today');
    expect(screen.queryByTestId('items-subscribe')).toBeNull();
  });
});
