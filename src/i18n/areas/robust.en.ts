/**
 * English for what Rivulet says when the browser misbehaves: a full disk, data deleted under
 * the app, settings that could not be read, a restore that did not finish, persistent storage.
 */
import { plural } from '../types';

export const robustEn = {
  details: 'Details',
  storage: {
    title: 'Storage is full',
    message:
      'New articles from {feeds} could not be saved: the browser’s storage for Rivulet is full. Everything saved before is intact.',
    feeds: plural({ one: '{count} feed', other: '{count} feeds' }),
    hint: 'Free some space, then retry: those feeds are fetched again.',
    retry: 'Retry now',
    free: 'Free space',
  },
  lost: {
    deletedTitle: 'Rivulet’s data was deleted',
    deleted:
      'The browser deleted Rivulet’s stored data while the app was open (site data cleared in another tab or in the browser’s settings, or storage freed by the browser). Rivulet has started again with what is stored now: {items}.',
    upgradedTitle: 'Rivulet was updated',
    upgraded: 'A newer version of Rivulet opened in another tab. This tab has reloaded to use it.',
    items: plural({ one: '{count} article', other: '{count} articles' }),
    restore: 'Restore a backup',
  },
  persist: {
    grantedTitle: 'Your data is kept',
    granted: 'The browser will keep Rivulet’s data and not clear it when space runs short.',
    deniedTitle: 'The browser may clear your data',
    denied:
      'The browser did not promise to keep Rivulet’s data: it may clear it when space runs short. Make backups under Download, or install Rivulet as an app.',
    open: 'Open Download',
  },
  settings: {
    title: 'Some settings could not be read',
    reset: 'These were reset to their defaults: {names}. Everything else is as you left it.',
    unreadable: 'The saved settings were unreadable, so all settings are at their defaults.',
    restore: 'Restore the saved copy',
    restored: 'The saved copy of your settings is back.',
    keep: 'Keep as is',
    savedAt: 'Saved copy from {date}.',
  },
  restore: {
    phaseWrite: 'Writing {done} of {total} records',
    phaseCommit: 'Saving… keep this tab open',
    phaseDone: 'Saved. Loading the restored articles…',
    interruptedTitle: 'The restore did not finish',
    interrupted:
      'Restoring “{file}” (started {when}) was interrupted before it was saved. Nothing was changed: your articles and settings are as they were before. Choose the file again to retry.',
    finishedTitle: 'The restore finished',
    finished:
      'Restoring “{file}” was saved just before Rivulet closed. Its articles and settings are now in place.',
    again: 'Restore again',
  },
};
