import { afterEach, expect, test } from 'vitest';
import { hasStateFlag, liveEntryState, withoutStateFlag, withStateFlag } from './historyState';

afterEach(() => window.history.replaceState(null, ''));

test('marks are added and dropped, the rest of the state kept', () => {
  const marked = withStateFlag({ from: 'list' }, 'rivuletManageTags');
  expect(hasStateFlag(marked, 'rivuletManageTags')).toBe(true);
  expect(withoutStateFlag(marked, 'rivuletManageTags')).toEqual({ from: 'list' });
  expect(hasStateFlag(null, 'rivuletManageTags')).toBe(false);
});

test("the live entry's state is the browser's, whatever a render last saw", () => {
  // React Router's browser history writes { usr, key, idx }; a dialog's push lands in it at once.
  window.history.pushState({ usr: { rivuletManageTags: true }, key: 'k2', idx: 2 }, '');
  expect(liveEntryState()).toEqual({ rivuletManageTags: true });
  window.history.replaceState({ usr: null, key: 'k1', idx: 1 }, '');
  expect(liveEntryState()).toBeNull();
  window.history.replaceState(null, '');
  expect(liveEntryState()).toBeUndefined();
});
