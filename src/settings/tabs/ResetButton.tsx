import { Button, Group } from '@mantine/core';
import { confirm } from '../../components/ConfirmDialog';
import { useT } from '../../i18n';
import type { SettingsGroup } from '../defaults';
import { recordUndoAction } from '../../undo/undoStore';
import { resetSettings, settingsStore } from '../useSettings';

/** "Reset … settings" at the foot of a tab; asks first (the app-wide confirm dialog), can be undone. */
export function ResetButton({ group }: { group: SettingsGroup }) {
  const t = useT();
  const onClick = async () => {
    const name = t(`settings.groupNames.${group}`);
    const ok = await confirm({
      title: t('settings.resetTitle', { name }),
      message: t('settings.resetMessage', { name }),
      confirmLabel: t('common.reset'),
    });
    if (!ok) return;
    const before = settingsStore.getSnapshot()[group];
    resetSettings(group);
    // The notice's Undo (and Z) puts the tab's settings back as they were.
    recordUndoAction(
      1,
      () => t('settings.resetDone', { name }),
      () => {
        settingsStore.update(group, before);
        return Promise.resolve(1);
      },
      { done: () => t('settings.resetUndone', { name }) },
    );
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
