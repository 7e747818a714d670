import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Feed } from '../../engine/contract';
import { useLanguageOf } from '../../items/articleLanguage';
import { ContinueReading } from './ContinueReading';
import { DailyChart } from './DailyChart';
import { FeedProblems } from './FeedProblems';
import { dailyQuery } from './queries';
import { TopFeeds } from './TopFeeds';
import { useT } from '../../i18n';

/** Welcome with data: the 30-day chart, continue reading, problems and the feeds read most. */
export function Dashboard({ feeds }: { feeds: Feed[] }) {
  const t = useT();
  const { data: days } = useQuery(dailyQuery(30));
  const feedTitle = useCallback(
    (id: number) => {
      const f = feeds.find((x) => x.id === id);
      return f ? f.title || f.url : '';
    },
    [feeds],
  );
  const languageOf = useLanguageOf(feeds);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt="md" data-testid="welcome-dashboard">
      <Paper withBorder radius="md" p="md" className="welcome-wide">
        <Title order={2} fz={15}>
          {t('welcome.chart.title')}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t('welcome.chart.subtitle')}
        </Text>
        {days ? <DailyChart days={days} /> : <div style={{ height: 180 }} />}
      </Paper>
      <ContinueReading feedTitle={feedTitle} languageOf={languageOf} />
      <div className="welcome-wide">
        <TopFeeds feeds={feeds} />
      </div>
      <FeedProblems feeds={feeds} />
    </SimpleGrid>
  );
}
