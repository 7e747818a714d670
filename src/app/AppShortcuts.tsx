import { useEscapeLeavesField } from '../keys/leaveField';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { bindKeys, bindSequences } from '../keys/keyMap';
import { nextUnreadInSidebar } from '../keys/sidebarOrder';
import { useKeySequences } from '../keys/useKeySequences';
import { usePreviewState } from '../reader/imagePreviewStore';
import { ImagePreviewHost } from '../reader/ImagePreview';
import { useShortcuts } from '../reader/shortcuts';
import { ShortcutsHelp } from '../reader/ShortcutsHelp';
import { openSettings } from '../settings/dialogState';
import { feedPath } from '../subscriptions/paths';
import { runUndo, UndoHost } from '../undo/UndoHost';
import { feedFromPath } from './feedFromPath';
import { setShortcutsHelp, useShortcutsHelp } from './helpState';

/**
 * App-wide keys (the 'everywhere' rows of src/keys/keyMap.ts) and the hosts they open: `?` the
 * shortcuts dialog, `a` subscribe, `n` / `N` the next / previous feed with unread articles in
 * sidebar order, `z` undo, `g` + letter go to a screen. Also renders the image preview and undo
 * hosts once. Mount inside the router (it navigates). List keys live in the items view; `/`,
 * Ctrl+K, R and Ctrl+B belong to the search, subscription and layout hosts.
 */
export function AppShortcuts() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const helpOpen = useShortcutsHelp();
  const previewOpen = usePreviewState() !== null;

  const walk = async (direction: 1 | -1) => {
    try {
      // The address at the moment of the key press: a render may not have caught up yet after a
      // quick n, n (the closure's pathname would then be the previous feed's).
      const id = await nextUnreadInSidebar(client, feedFromPath(window.location.pathname), direction);
      if (id === null) notifications.show({ message: t('nav.noOtherUnread') });
      else void navigate(feedPath(id));
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  };
  const go = (path: string) => () => void navigate(path);
  useEscapeLeavesField();
  const enabled = !helpOpen && !previewOpen;

  useShortcuts(
    bindKeys('everywhere', {
      help: () => setShortcutsHelp(true),
      subscribe: () => void navigate('/subscribe'),
      nextFeed: () => void walk(1),
      prevFeed: () => void walk(-1),
      undo: () => void runUndo(),
      goSettings: () => openSettings(),
    }),
    { enabled },
  );
  useKeySequences(
    bindSequences('everywhere', {
      goAll: go('/all'),
      goToday: go('/home'),
      goSaved: go('/next'),
      goFeeds: go('/rss'),
      goFilters: go('/filter'),
      goSearch: go('/search'),
      goSettings: () => openSettings(),
    }),
    enabled,
  );

  return (
    <>
      <ShortcutsHelp opened={helpOpen} onClose={() => setShortcutsHelp(false)} />
      <ImagePreviewHost />
      <UndoHost />
    </>
  );
}
