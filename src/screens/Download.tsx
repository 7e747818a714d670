import { SimpleGrid, Stack } from '@mantine/core';
import { Screen } from '../components/Screen';
import { BackupSection } from './download/BackupSection';
import { InstallSection } from './download/InstallSection';
import { RestoreSection } from './download/RestoreSection';
import { StorageSection } from './download/StorageSection';
import { useT } from '../i18n';

/** Route /download: take Rivulet and your data with you (install, backup, restore, storage). */
export function Download() {
  const t = useT();
  return (
    <Screen id="download" title={t('download.title')} subtitle={t('download.subtitle')}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <InstallSection />
          <StorageSection />
        </Stack>
        <Stack gap="md">
          <BackupSection />
          <RestoreSection />
        </Stack>
      </SimpleGrid>
    </Screen>
  );
}
