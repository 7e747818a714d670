import { Alert, Button, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellRinging } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { errorText } from '../i18n/errorText';
import { SettingRow } from '../settings/tabs/SettingRow';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import {
  badgeSupported,
  notificationPermission,
  sendTestNotification,
  type NotifyPermission,
} from './notifications';

/** The browser's notification permission, kept current (it changes in the browser's own settings). */
function usePermission(): [NotifyPermission, (p: NotifyPermission) => void] {
  const [permission, setPermission] = useState(notificationPermission);
  useEffect(() => {
    const sync = () => setPermission(notificationPermission());
    let status: PermissionStatus | null = null;
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', sync);
      })
      .catch(() => {});
    // Coming back from the browser's site settings.
    window.addEventListener('focus', sync);
    return () => {
      status?.removeEventListener('change', sync);
      window.removeEventListener('focus', sync);
    };
  }, []);
  return [permission, setPermission];
}

/**
 * Settings → General → Notifications: rules' system notifications (off by default; turning them
 * on is what asks the browser for permission), the permission state with what to do when it is
 * blocked, a test notification, and the unread badge of the installed app.
 */
export function NotificationSettings() {
  const t = useT();
  const g = useSettingsGroup('general');
  const [permission, setPermission] = usePermission();
  const [asking, setAsking] = useState(false);
  const on = g.notifications && permission === 'granted';

  const toggle = async (checked: boolean) => {
    if (!checked) {
      updateSettings('general', { notifications: false });
      return;
    }
    let p = notificationPermission();
    if (p === 'default') {
      setAsking(true);
      try {
        p = await Notification.requestPermission();
      } finally {
        setAsking(false);
      }
    }
    setPermission(p);
    updateSettings('general', { notifications: p === 'granted' });
  };

  const test = async () => {
    try {
      await sendTestNotification();
      notifications.show({ color: 'teal', message: t('notify.testSent') });
    } catch (err) {
      notifications.show({ color: 'red', message: t('notify.testFailed', { message: errorText(err) }) });
    }
  };

  return (
    <Stack gap={0} mt="lg" data-testid="notify-section">
      <Title order={4} size="h5">
        {t('notify.section')}
      </Title>
      <SettingRow label={t('notify.enable')} description={t('notify.enableDesc')}>
        {(field) => (
          <Switch
            {...field}
            checked={on}
            disabled={permission === 'unsupported' || asking}
            onChange={(e) => void toggle(e.currentTarget.checked)}
            data-testid="setting-notifications"
          />
        )}
      </SettingRow>
      {permission === 'denied' ? (
        <Alert color="red" variant="light" p="xs" data-testid="notify-permission" data-state={permission}>
          <Text size="sm">{t('notify.state.denied')}</Text>
        </Alert>
      ) : (
        <Text
          size="xs"
          c={permission === 'granted' ? 'teal' : 'dimmed'}
          data-testid="notify-permission"
          data-state={permission}
        >
          {t(`notify.state.${permission}`)}
        </Text>
      )}
      <div>
        <Button
          mt="xs"
          variant="default"
          size="xs"
          leftSection={<IconBellRinging size={16} />}
          disabled={!on}
          onClick={() => void test()}
          data-testid="notify-test"
        >
          {t('notify.test')}
        </Button>
      </div>
      <SettingRow
        label={t('notify.badge')}
        description={
          badgeSupported()
            ? t('notify.badgeDesc')
            : `${t('notify.badgeDesc')} ${t('notify.badgeUnsupported')}`
        }
      >
        {(field) => (
          <Switch
            {...field}
            checked={g.appBadge}
            onChange={(e) => updateSettings('general', { appBadge: e.currentTarget.checked })}
            data-testid="setting-appBadge"
          />
        )}
      </SettingRow>
    </Stack>
  );
}
