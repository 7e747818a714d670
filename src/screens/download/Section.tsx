import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the Download screen. */
export function Section({
  icon,
  title,
  line,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  line: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Group gap="sm" mb="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={34} radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz={17}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {line}
          </Text>
        </div>
      </Group>
      <div style={{ marginTop: 12 }}>{children}</div>
    </Paper>
  );
}
