import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDeviceDesktopDown, IconDownload, IconRefresh } from '@tabler/icons-react';
import { applyUpdate, promptInstall, usePwa } from '../../pwa/pwaState';
import { Section } from './Section';
import { useT } from '../../i18n';

/** Install as an app, offline status and the "update available" switch. */
export function InstallSection() {
  const t = useT();
  const pwa = usePwa();
  return (
    <Section
      icon={<IconDeviceDesktopDown size={18} />}
      title={t('download.install.title')}
      line={t('download.install.line')}
      testId="download-install"
    >
      <Group gap="sm" mb="sm">
        <Badge
          color={pwa.offlineReady ? 'teal' : 'gray'}
          variant="light"
          tt="none"
          size="lg"
          data-testid="offline-status"
          data-ready={pwa.offlineReady}
        >
          {pwa.offlineReady ? t('download.install.offline') : t('download.install.notReady')}
        </Badge>
        {pwa.installed && (
          <Badge color="teal" variant="light" tt="none" size="lg" data-testid="installed-status">
            {t('download.install.installed')}
          </Badge>
        )}
      </Group>
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} />}
          disabled={!pwa.canInstall}
          onClick={() => void promptInstall()}
          data-testid="install-button"
        >
          {t('download.install.button')}
        </Button>
        {pwa.updateReady && (
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => applyUpdate()}>
            {t('download.install.update')}
          </Button>
        )}
      </Group>
      {!pwa.canInstall && !pwa.installed && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('download.install.hint')}
        </Text>
      )}
      {pwa.error && (
        <Text size="xs" c="red" mt="xs">
          {t('download.install.failed', { error: pwa.error })}
        </Text>
      )}
    </Section>
  );
}
