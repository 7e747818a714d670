/**
 * English for undo notices (src/undo), the scroll-marking setting and the keyboard scheme's
 * extra texts. Wired into `en.ts` as the `keys` area.
 */
import { plural } from '../types';

export const keysEn = {
  undo: {
    button: 'Undo',
    hint: 'or press Z',
    markedRead: plural({ one: '{count} article marked as read.', other: '{count} articles marked as read.' }),
    scrolledRead: plural({
      one: '{count} article marked as read while scrolling.',
      other: '{count} articles marked as read while scrolling.',
    }),
    markedUnread: plural({
      one: '{count} article marked as unread.',
      other: '{count} articles marked as unread.',
    }),
    saved: plural({ one: '{count} article saved.', other: '{count} articles saved.' }),
    unsaved: plural({ one: '{count} article unsaved.', other: '{count} articles unsaved.' }),
    done: plural({ one: 'Undone: {count} article restored.', other: 'Undone: {count} articles restored.' }),
    nothing: 'Nothing to undo.',
    failed: 'Could not undo the change',
  },
  settings: {
    markOnScroll: 'Mark as read when scrolled past',
    markOnScrollHint: 'Articles you scroll past in a list are marked read. Each burst can be undone.',
  },
};
