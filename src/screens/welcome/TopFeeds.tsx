import { Anchor, Group, Paper, Progress, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import type { Feed } from '../../engine/contract';
import { feedPath } from '../../subscriptions/paths';
import { scoresQuery } from '../../subscriptions/queries';
import { useT } from '../../i18n';

const SHOWN = 5;

/**
 * The feeds read most, by the engine's priority score (0 = read the most, 10 = never read);
 * the bar shows how far from "never read" each one is.
 */
export function TopFeeds({ feeds }: { feeds: Feed[] }) {
  const t = useT();
  const { data: scores } = useQuery(scoresQuery());
  const ranked = scores
    ? feeds
        .filter((f) => (scores[f.id] ?? 10) < 10)
        .sort((a, b) => (scores[a.id] ?? 10) - (scores[b.id] ?? 10) || a.title.localeCompare(b.title))
        .slice(0, SHOWN)
    : [];
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="welcome-top-feeds">
      <Title order={2} fz={15} mb={8}>
        {t('welcome.top.title')}
      </Title>
      {ranked.length === 0 ? (
        <Text size="sm" c="dimmed">
          {scores ? t('welcome.top.empty') : '…'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing={10}>
          {ranked.map((f) => (
            <div key={f.id} data-testid="top-feed" data-feed-id={f.id}>
              <Group gap={8} wrap="nowrap" mb={4}>
                <Avatar name={f.title || f.url} size={18} />
                <Anchor
                  component={Link}
                  to={feedPath(f.id)}
                  size="sm"
                  fw={600}
                  lineClamp={1}
                  style={{ flex: 1 }}
                >
                  {f.title || f.url}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('welcome.top.read', { n: f.readCount })}
                </Text>
              </Group>
              <Progress value={(10 - (scores?.[f.id] ?? 10)) * 10} size="sm" radius="xl" />
            </div>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
