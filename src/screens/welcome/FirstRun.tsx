import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileImport, IconLogin, IconPackages, IconRss } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type TKey, useT } from '../../i18n';

interface Way {
  to: string;
  titleKey: TKey;
  lineKey: TKey;
  icon: ReactNode;
  testId: string;
}

const WAYS: Way[] = [
  {
    to: '/subscribe',
    titleKey: 'welcome.firstRun.subscribe',
    lineKey: 'welcome.firstRun.subscribeLine',
    icon: <IconRss size={20} />,
    testId: 'start-subscribe',
  },
  {
    to: '/subscribe?tab=opml',
    titleKey: 'welcome.firstRun.opml',
    lineKey: 'welcome.firstRun.opmlLine',
    icon: <IconFileImport size={20} />,
    testId: 'start-opml',
  },
  {
    to: '/combo',
    titleKey: 'welcome.firstRun.combo',
    lineKey: 'welcome.firstRun.comboLine',
    icon: <IconPackages size={20} />,
    testId: 'start-combo',
  },
  {
    to: '/login',
    titleKey: 'welcome.firstRun.login',
    lineKey: 'welcome.firstRun.loginLine',
    icon: <IconLogin size={20} />,
    testId: 'start-login',
  },
];

/** Shown while there are no feeds: what Rivulet is and the four ways to start. */
export function FirstRun() {
  const t = useT();
  return (
    <div data-testid="welcome-first-run">
      <Title order={2} fz={18} mb={4}>
        {t('welcome.firstRun.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('welcome.firstRun.intro')}
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
              <Text fw={600}>{t(w.titleKey)}</Text>
              <Text size="sm" c="dimmed">
                {t(w.lineKey)}
              </Text>
            </div>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
