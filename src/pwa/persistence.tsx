import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { navigateTo } from '../routes/navigation';
import { askPersistence } from '../screens/download/storage';

// Set once asked, so a person is asked (and told) at the first subscription only.
const ASKED_KEY = 'rivulet-persist-asked';

/**
 * At the first subscription, asks the browser to keep Rivulet's data under storage pressure
 * (`navigator.storage.persist()`; Download → Storage offers it too) and says whether it agreed:
 * a browser that did not may clear everything when space runs short. Asks once per browser;
 * says nothing when the data is already persistent. Never rejects.
 */
export async function askPersistenceOnce(
  storage: StorageManager | undefined = navigator.storage,
): Promise<void> {
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, String(Date.now()));
    if (typeof storage?.persisted === 'function' && (await storage.persisted())) return;
  } catch {
    return;
  }
  const granted = await askPersistence(storage);
  notifications.show({
    id: 'storage-persist',
    color: granted ? 'teal' : 'yellow',
    title: t(granted ? 'robust.persist.grantedTitle' : 'robust.persist.deniedTitle'),
    autoClose: granted ? 6000 : 12_000,
    'data-testid': 'persist-notice',
    'data-granted': String(granted),
    message: granted ? (
      t('robust.persist.granted')
    ) : (
      <>
        <Text size="sm">{t('robust.persist.denied')}</Text>
        <Button
          size="compact-sm"
          variant="default"
          mt="xs"
          onClick={() => {
            notifications.hide('storage-persist');
            navigateTo('/download');
          }}
        >
          {t('robust.persist.open')}
        </Button>
      </>
    ),
  });
}
