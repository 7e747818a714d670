import { afterEach, describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { undoneText } from './undoneWords';

const tag = { id: 3, name: 'Later', color: 'blue' as const };

describe('what the notice says after Undo', () => {
  afterEach(() => resetSettings('general'));

  it('names the state the articles are in again, for each kind of change', () => {
    const ids = [1, 2];
    expect(undoneText({ flag: 'read', set: true, ids }, 2, 2)).toBe('Undone: 2 articles are unread again.');
    expect(undoneText({ flag: 'read', set: false, ids }, 1, 1)).toBe('Undone: 1 article is read again.');
    expect(undoneText({ flag: 'saved', set: true, ids }, 2, 2)).toBe(
      'Undone: 2 articles are no longer saved.',
    );
    expect(undoneText({ flag: 'saved', set: false, ids }, 2, 2)).toBe('Undone: 2 articles are saved again.');
    expect(undoneText({ flag: 'hidden', set: true, ids }, 2, 2)).toBe(
      'Undone: 2 articles are shown in lists again.',
    );
    expect(undoneText({ flag: 'hidden', set: false, ids }, 2, 2)).toBe(
      'Undone: 2 articles are hidden again.',
    );
    expect(undoneText({ flag: 'tag', tagId: 3, set: true, ids }, 2, 2)).toBe(
      'Undone: the tag is off 2 articles again.',
    );
    expect(undoneText({ flag: 'tag', tagId: 3, set: false, ids }, 2, 2)).toBe(
      'Undone: the tag is back on 2 articles.',
    );
    expect(undoneText({ flag: 'tag-deleted', tag, ids }, 2, 2)).toBe(
      'Undone: the tag “Later” is back, on 2 articles.',
    );
    // A tag no article carried comes back on none: no "on 0 articles".
    expect(undoneText({ flag: 'tag-deleted', tag, ids: [] }, 0, 0)).toBe('Undone: the tag “Later” is back.');
    // A change the page took back itself has no token: the plain sentence.
    expect(undoneText(null, 4, 4)).toBe('Undone: 4 articles restored.');
  });

  it('says how many did not come back', () => {
    expect(undoneText({ flag: 'read', set: true, ids: [1, 2, 3] }, 1, 3)).toBe(
      'Undone: 1 article is unread again. The other 2 are gone or were already changed back.',
    );
    expect(undoneText({ flag: 'saved', set: false, ids: [1, 2] }, 1, 2)).toBe(
      'Undone: 1 article is saved again. The other one is gone or was already changed back.',
    );
  });

  it('speaks Chinese', () => {
    updateSettings('general', { language: 'zh-CN' });
    expect(undoneText({ flag: 'read', set: true, ids: [1, 2, 3] }, 2, 3)).toBe(
      '已撤销：2 篇文章重新标为未读。其余 1 篇已不存在或已被改回。',
    );
  });
});
