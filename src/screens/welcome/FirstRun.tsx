import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileImport, IconLogin, IconPackages, IconRss } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Way {
  to: string;
  title: string;
  line: string;
  icon: ReactNode;
  testId: string;
}

const WAYS: Way[] = [
  {
    to: '/subscribe',
    title: 'Add a feed or a site',
    line: 'Paste a feed address or any web page; Rivulet finds its feeds.',
    icon: <IconRss size={20} />,
    testId: 'start-subscribe',
  },
  {
    to: '/subscribe?tab=opml',
    title: 'Import OPML',
    line: 'Bring your subscriptions from another reader in one file.',
    icon: <IconFileImport size={20} />,
    testId: 'start-opml',
  },
  {
    to: '/combo',
    title: 'Pick a bundle',
    line: 'Start from a hand-picked set: news, technology, science, design…',
    icon: <IconPackages size={20} />,
    testId: 'start-combo',
  },
  {
    to: '/login',
    title: 'Connect an account',
    line: 'Sync with a feed service you already use.',
    icon: <IconLogin size={20} />,
    testId: 'start-login',
  },
];

/** Shown while there are no feeds: what Rivulet is and the four ways to start. */
export function FirstRun() {
  return (
    <div data-testid="welcome-first-run">
      <Title order={2} fz={18} mb={4}>
        Start reading
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Rivulet collects articles from the sites you follow and keeps them in this browser, readable offline.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {WAYS.map((w) => (
          <Card
            key={w.to}
            component={Link}
            to={w.to}
            withBorder
            radius="md"
            padding="lg"
            data-testid={w.testId}
            style={{ display: 'flex', flexDirection: 'row', gap: 14, alignItems: 'flex-start' }}
          >
            <ThemeIcon variant="light" size={40} radius="md">
              {w.icon}
            </ThemeIcon>
            <div>
              <Text fw={600}>{w.title}</Text>
              <Text size="sm" c="dimmed">
                {w.line}
              </Text>
            </div>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
