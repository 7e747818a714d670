import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';

/** One number tile; `data-loaded` turns true once the value is known (tests wait on it). */
export function Stat({
  label,
  value,
  testId,
  icon,
}: {
  label: string;
  value: number | undefined;
  testId: string;
  icon: ReactNode;
}) {
  const { formatNumber } = useI18n();
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={38} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
            {label}
          </Text>
          <Text fz={24} fw={650} lh={1.2} data-testid={testId} data-loaded={value !== undefined}>
            {value === undefined ? '—' : formatNumber(value)}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
