import { Button, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArticle, IconCircleDot, IconPlus, IconRss } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EngineError } from '../components/EngineError';
import { Screen } from '../components/Screen';
import { useEngineStatus } from '../queries/useCounts';

function Stat({
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
            {value === undefined ? '—' : value.toLocaleString()}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The start screen: what Rivulet is, what the engine holds, and where to go next. */
export function Welcome() {
  const { counts, error, retry } = useEngineStatus();
  return (
    <Screen
      id="welcome"
      title="Welcome to Rivulet"
      subtitle="Your feeds, read and kept in this browser. Nothing leaves your machine except the requests that fetch feeds."
    >
      {error && <EngineError error={error} onRetry={retry} />}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mt="md" data-testid="welcome-counts">
        <Stat label="Feeds" value={counts?.feeds} testId="count-feeds" icon={<IconRss size={20} />} />
        <Stat label="Articles" value={counts?.items} testId="count-items" icon={<IconArticle size={20} />} />
        <Stat
          label="Unread"
          value={counts?.unread}
          testId="count-unread"
          icon={<IconCircleDot size={20} />}
        />
      </SimpleGrid>
      <Group mt="xl" gap="sm">
        <Button component={Link} to="/subscribe" leftSection={<IconPlus size={16} />}>
          Add a feed
        </Button>
        <Button component={Link} to="/all" variant="default">
          Read everything
        </Button>
      </Group>
    </Screen>
  );
}
