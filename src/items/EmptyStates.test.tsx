import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOUCH_ONLY } from '../components/KeyHint';
import { renderUi } from '../reader/testing/render';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { EndOfList, NothingHere } from './EmptyStates';

/** The page's media queries answer as a touch-only device's would (or not). */
function touchOnly(on: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        media,
        matches: on && media === TOUCH_ONLY,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

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

describe('Saved with nothing saved', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => resetSettings('general'));
  });
  const how = () => screen.getByTestId('items-empty-saved-how').textContent ?? '';

  it('names the key with a keyboard', () => {
    touchOnly(false);
    renderUi(<NothingHere saved />);
    expect(how()).toBe('Save an article with the star or the s key to keep it here, read or not.');
  });

  it('names the row swipe on a touch screen, no key; neither when swipes are off', () => {
    touchOnly(true);
    const first = renderUi(<NothingHere saved />);
    expect(how()).toContain('swipe its row to the left');
    expect(how()).not.toContain('key');
    first.unmount();
    act(() => updateSettings('general', { swipeArticles: false }));
    renderUi(<NothingHere saved />);
    expect(how()).toBe('Save an article with the star to keep it here, read or not.');
  });
});
