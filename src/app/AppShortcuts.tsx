import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { nextUnreadFeed } from '../items/engineExtras';
import { usePreviewState } from '../reader/imagePreviewStore';
import { ImagePreviewHost } from '../reader/ImagePreview';
import { useShortcuts } from '../reader/shortcuts';
import { ShortcutsHelp } from '../reader/ShortcutsHelp';
import { feedFromPath } from './feedFromPath';
import { setShortcutsHelp, useShortcutsHelp } from './helpState';
import { runUndo, UndoHost } from '../undo/UndoHost';

/**
 * App-wide keys and the hosts they open: `?` the shortcuts dialog, `a` subscribe, `n` / `N`
 * the next / previous feed with unread articles. Also renders the image preview host once.
 * Mount inside the router (it navigates). List keys live in the items view; `/`, Ctrl+K and R
 * belong to the search and subscription hosts.
 */
export function AppShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const helpOpen = useShortcutsHelp();
  const previewOpen = usePreviewState() !== null;

  const walk = async (direction: 1 | -1) => {
    try {
      const id = await nextUnreadFeed(feedFromPath(pathname), direction);
      if (id === null) notifications.show({ message: t('nav.noOtherUnread') });
      else void navigate(`/f/${id}`);
    } catch (err) {
      notifications.show({ color: 'red', message: errorText(err) });
    }
  };

  useShortcuts(
    {
      '?': () => setShortcutsHelp(true),
      a: () => void navigate('/subscribe'),
      n: () => void walk(1),
      N: () => void walk(-1),
      z: () => void runUndo(),
    },
    { enabled: !helpOpen && !previewOpen },
  );

  return (
    <>
      <ShortcutsHelp opened={helpOpen} onClose={() => setShortcutsHelp(false)} />
      <ImagePreviewHost />
      <UndoHost />
    </>
  );
}
