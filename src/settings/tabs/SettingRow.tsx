import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingRowProps {
  label: string;
  description?: string;
  children: ReactNode;
  /** Put the control under the label (wide inputs) instead of beside it. */
  stacked?: boolean;
  /** The description only names a key ("Ctrl+B toggles it"): hidden on touch-only screens. */
  keyHint?: boolean;
}

/** One labelled setting: label and help on the left, the control on the right (or below). */
export function SettingRow({ label, description, children, stacked, keyHint }: SettingRowProps) {
  const text = (
    // In a row the label takes what the control leaves (at least 14em before the control wraps);
    // stacked, the same flex basis would become a 14em-tall gap above the control.
    <div style={stacked ? undefined : { flex: '1 1 14em', minWidth: 0 }} data-setting-label="">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" data-key-hint={keyHint ? '' : undefined}>
          {description}
        </Text>
      )}
    </div>
  );
  if (stacked) {
    return (
      <Stack gap={6} py={8}>
        {text}
        {children}
      </Stack>
    );
  }
  return (
    // The control moves under its label when both do not fit (phones, long option names).
    <Group justify="space-between" wrap="wrap" gap="lg" py={8} style={{ rowGap: 6 }}>
      {text}
      <div style={{ flex: 'none', maxWidth: '100%' }}>{children}</div>
    </Group>
  );
}
