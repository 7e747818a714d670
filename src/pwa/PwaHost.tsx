import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { AppBadge } from './AppBadge';
import { listenForOpenRequests } from './notifications';
import { applyUpdate, registerServiceWorker, usePwa } from './pwaState';
import { useT } from '../i18n';

/**
 * Mount once near the root: registers the service worker and, when a new build is waiting,
 * shows "update available — reload" (the page switches only when the person agrees). Also
 * keeps the app badge and follows a clicked notification to its article (src/pwa/notifications.ts).
 */
export function PwaHost() {
  const t = useT();
  const { updateReady } = usePwa();
  useEffect(() => {
    void registerServiceWorker();
    return listenForOpenRequests();
  }, []);
  if (!updateReady) return <AppBadge />;
  return (
    <Portal>
      <AppBadge />
      <Notification
        withCloseButton={false}
        icon={<IconRefresh size={18} />}
        color="teal"
        title={t('download.pwa.updateTitle')}
        data-testid="pwa-update"
        style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 400, maxWidth: 360 }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{t('download.pwa.updateLine')}</Text>
          <Button size="xs" onClick={() => applyUpdate()} data-testid="pwa-reload">
            {t('download.pwa.reload')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
