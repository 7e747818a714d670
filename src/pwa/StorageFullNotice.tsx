import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { JobFailure } from '../../worker/types';
import { useI18n } from '../i18n';
import { navigateTo } from '../routes/navigation';
import { startRefresh } from '../subscriptions/refreshActions';
import { Disclosure } from './Disclosure';

/** Id of the one "storage is full" notification (a newer failure replaces the older). */
export const STORAGE_NOTICE_ID = 'storage-full';

/**
 * The body of the "storage is full" notification: what happened in words, and
 * the two ways out: "Retry now" (a refresh of every feed: the failed ones were not backed off,
 * so they are fetched again) and "Free space" (Download → Storage, where old read articles can
 * be deleted). The browser's own error text stays under "Details".
 */
export function StorageFullNotice({ failures }: { failures: JobFailure[] }) {
  const { t } = useI18n();
  const feeds = new Set(failures.map((f) => f.feedId ?? f.url)).size;
  const raw = failures.slice(0, 5).map((f) => `${f.title || f.url}: ${f.reason} (${f.code ?? ''})`);
  const retry = () => {
    notifications.hide(STORAGE_NOTICE_ID);
    void startRefresh({ scope: 'all' });
  };
  const free = () => {
    notifications.hide(STORAGE_NOTICE_ID);
    navigateTo('/download');
  };
  return (
    <div>
      <Text size="sm">
        {t('robust.storage.message', { feeds: t('robust.storage.feeds', { count: feeds }) })}
      </Text>
      <Text size="sm" mt={4}>
        {t('robust.storage.hint')}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" onClick={retry} data-testid="storage-retry">
          {t('robust.storage.retry')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={free} data-testid="storage-free">
          {t('robust.storage.free')}
        </Button>
      </Group>
      <Disclosure text={raw.join('\n')} testId="storage-notice-details" />
    </div>
  );
}
