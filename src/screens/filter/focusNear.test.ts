import { afterEach, describe, expect, it } from 'vitest';
import { focusSavedNear } from './focusNear';

afterEach(() => document.body.replaceChildren());

/** A saved filters list of these ids, each row a link, as SavedFiltersList renders it. */
function list(ids: string[]): HTMLElement {
  const root = document.createElement('div');
  root.tabIndex = -1;
  for (const id of ids) {
    const row = document.createElement('div');
    row.dataset.testid = 'saved-filter';
    row.dataset.filterId = id;
    const link = document.createElement('a');
    link.href = `/filter/${id}`;
    link.textContent = id;
    row.append(link);
    root.append(row);
  }
  document.body.append(root);
  return root;
}

const focused = () => document.activeElement?.textContent ?? document.activeElement?.tagName;

describe('focusSavedNear', () => {
  it('takes the filter now in the deleted one’s place, else the one before it', () => {
    focusSavedNear(list(['a', 'c']), 1, 'b');
    expect(focused()).toBe('c');
    focusSavedNear(list(['a', 'b']), 2, 'c');
    expect(focused()).toBe('b');
  });

  it('skips the deleted filter’s row while it is still there', () => {
    focusSavedNear(list(['a', 'b', 'c']), 1, 'b');
    expect(focused()).toBe('c');
    focusSavedNear(list(['a', 'b']), 1, 'b');
    expect(focused()).toBe('a');
  });

  it('takes the list itself when no other filter is left', () => {
    const root = list(['b']);
    focusSavedNear(root, 0, 'b');
    expect(document.activeElement).toBe(root);
  });
});
