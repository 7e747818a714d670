import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconArticle, IconCalendar, IconCircleDot, IconPlus, IconRss } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EngineError } from '../components/EngineError';
import { Screen } from '../components/Screen';
import { feedsQuery } from '../queries/feeds';
import { scopeTotalQuery } from '../queries/items';
import { useEngineStatus } from '../queries/useCounts';
import { Dashboard } from './welcome/Dashboard';
import { FirstRun } from './welcome/FirstRun';
import { Stat } from './welcome/Stat';
import './welcome/welcome.css';
import { useT } from '../i18n';

/**
 * Routes `/` and `/welcome`. First run (no feeds): what Rivulet is and the ways to start. With
 * feeds: today's and unread counts, the 30-day chart, continue reading, feeds with problems and
 * the feeds read most.
 */
export function Welcome() {
  const t = useT();
  const { counts, error, retry } = useEngineStatus();
  const { data: feeds } = useQuery(feedsQuery());
  // The Today list's own total (the last 24 hours, read or not), as its header counts it.
  const { data: today } = useQuery(scopeTotalQuery('today'));
  const firstRun = counts !== undefined && counts.feeds === 0;
  return (
    <Screen
      id="welcome"
      title={t('welcome.title')}
      subtitle={t('welcome.subtitle')}
      actions={
        !firstRun && (
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to="/all" variant="default" size="sm">
              {t('welcome.readAll')}
            </Button>
            <Button component={Link} to="/subscribe" leftSection={<IconPlus size={16} />} size="sm">
              {t('welcome.addFeed')}
            </Button>
          </Group>
        )
      }
    >
      {error && <EngineError error={error} onRetry={retry} />}
      {/* A first-time reader sees the ways to start first, not four zeros above them (on a
          phone the zeros took the first screen and pushed the last way below it). */}
      {firstRun && <FirstRun />}
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="md"
        mb="md"
        mt={firstRun ? 'xl' : undefined}
        data-testid="welcome-counts"
      >
        <Stat
          label={t('welcome.stats.today')}
          value={today}
          testId="count-today"
          icon={<IconCalendar size={20} />}
        />
        <Stat
          label={t('welcome.stats.unread')}
          value={counts?.unread}
          testId="count-unread"
          icon={<IconCircleDot size={20} />}
        />
        <Stat
          label={t('welcome.stats.items')}
          value={counts?.items}
          testId="count-items"
          icon={<IconArticle size={20} />}
        />
        <Stat
          label={t('welcome.stats.feeds')}
          value={counts?.feeds}
          testId="count-feeds"
          icon={<IconRss size={20} />}
        />
      </SimpleGrid>
      {!firstRun && feeds && <Dashboard feeds={feeds} />}
    </Screen>
  );
}
