import { Button, Group } from '@mantine/core';
import { confirm } from '../../components/ConfirmDialog';
import type { SettingsGroup } from '../defaults';
import { resetSettings } from '../useSettings';

const NAMES: Record<SettingsGroup, string> = {
  general: 'general',
  appearance: 'appearance',
  integrated: 'integration',
  automation: 'automation',
};

/** "Reset … settings" at the foot of a tab; asks first, through the app-wide confirm dialog. */
export function ResetButton({ group }: { group: SettingsGroup }) {
  const onClick = async () => {
    const ok = await confirm({
      title: `Reset ${NAMES[group]} settings?`,
      message: `Every ${NAMES[group]} setting goes back to its default. Other settings are kept.`,
      confirmLabel: 'Reset',
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
        Reset {NAMES[group]} settings
      </Button>
    </Group>
  );
}
