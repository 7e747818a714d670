import { Button, Group } from '@mantine/core';
import { confirm } from '../../components/ConfirmDialog';
import { useT } from '../../i18n';
import type { SettingsGroup } from '../defaults';
import { resetSettings } from '../useSettings';

/** "Reset … settings" at the foot of a tab; asks first, through the app-wide confirm dialog. */
export function ResetButton({ group }: { group: SettingsGroup }) {
  const t = useT();
  const onClick = async () => {
    const name = t(`settings.groupNames.${group}`);
    const ok = await confirm({
      title: t('settings.resetTitle', { name }),
      message: t('settings.resetMessage', { name }),
      confirmLabel: t('common.reset'),
    });
    if (ok) resetSettings(group);
  };
  return (
    <Group justify="flex-end" mt="md" pt="md" style={{ borderTop: '1px solid var(--rv-border)' }}>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        onClick={() => void onClick()}
        data-testid={`reset-${group}`}
      >
        {t('settings.resetButton', { name: t(`settings.groupNames.${group}`) })}
      </Button>
    </Group>
  );
}
