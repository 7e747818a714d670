import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../i18n';
import { nextUnreadFeed } from '../items/engineExtras';
import { countsQuery } from '../queries/counts';
import { feedsQuery } from '../queries/feeds';
import { usePreviewState } from '../reader/imagePreviewStore';
import { ImagePreviewHost } from '../reader/ImagePreview';
import { useShortcuts } from '../reader/shortcuts';
import { ShortcutsHelp } from '../reader/ShortcutsHelp';
import { feedFromPath } from './feedFromPath';
import { setShortcutsHelp, useShortcutsHelp } from './helpState';

/**
 * App-wide keys and the hosts they open: `?` the shortcuts dialog, `a` subscribe, `n` / `N`
 * the next / previous feed with unread articles. Also renders the image preview host once.
 * Mount inside the router (it navigates). List keys live in the items view; `/`, Ctrl+K and R
 * belong to the search and subscription hosts.
 */
export function AppShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const helpOpen = useShortcutsHelp();
  const previewOpen = usePreviewState() !== null;

  const walk = async (direction: 1 | -1) => {
    const id = await nextUnreadFeed(feedFromPath(pathname), direction, async () => ({
      feeds: await client.fetchQuery(feedsQuery()),
      counts: await client.fetchQuery(countsQuery()),
    }));
    if (id === null) notifications.show({ message: t('nav.noOtherUnread') });
    else void navigate(`/f/${id}`);
  };

  useShortcuts(
    {
      '?': () => setShortcutsHelp(true),
      a: () => void navigate('/subscribe'),
      n: () => void walk(1),
      N: () => void walk(-1),
    },
    { enabled: !helpOpen && !previewOpen },
  );

  return (
    <>
      <ShortcutsHelp opened={helpOpen} onClose={() => setShortcutsHelp(false)} />
      <ImagePreviewHost />
    </>
  );
}
