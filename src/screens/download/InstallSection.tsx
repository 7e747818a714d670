import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDeviceDesktopDown, IconDownload, IconRefresh } from '@tabler/icons-react';
import { applyUpdate, promptInstall, usePwa } from '../../pwa/pwaState';
import { Section } from './Section';

/** Install as an app, offline status and the "update available" switch. */
export function InstallSection() {
  const pwa = usePwa();
  return (
    <Section
      icon={<IconDeviceDesktopDown size={18} />}
      title="Install Rivulet"
      line="Run Rivulet in its own window. It opens without a network and shows every stored article."
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
          {pwa.offlineReady ? 'Works offline' : 'Offline copy not ready yet'}
        </Badge>
        {pwa.installed && (
          <Badge color="teal" variant="light" tt="none" size="lg" data-testid="installed-status">
            Installed
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
          Install app
        </Button>
        {pwa.updateReady && (
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => applyUpdate()}>
            Update available — reload
          </Button>
        )}
      </Group>
      {!pwa.canInstall && !pwa.installed && (
        <Text size="xs" c="dimmed" mt="xs">
          If the button stays disabled, use your browser’s menu (“Install app” or “Add to Home Screen”).
        </Text>
      )}
      {pwa.error && (
        <Text size="xs" c="red" mt="xs">
          The offline copy could not be set up: {pwa.error}
        </Text>
      )}
    </Section>
  );
}
