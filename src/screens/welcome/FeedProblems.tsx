import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Feed } from '../../engine/contract';
import { feedHealth, problemReason } from '../../subscriptions/feedStatus';
import { feedPath } from '../../subscriptions/paths';
import { useT } from '../../i18n';
import { SyncProblemNotice } from '../../sync/SyncProblemNotice';
import { useSyncStatus } from '../../sync/useSyncStatus';

const SHOWN = 4;

/** Feeds whose last fetch failed (or that are gone), with the reason; the full list is on /rss. */
export function FeedProblems({ feeds }: { feeds: Feed[] }) {
  const t = useT();
  // A failing sync account is a problem too: never claim every feed answered while it fails.
  const sync = useSyncStatus();
  const syncFailing = Boolean(sync.status?.problem) && !sync.syncing;
  const failing = feeds.filter((f) => {
    const health = feedHealth(f);
    return health === 'failing' || health === 'dead';
  });
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="welcome-problems" data-count={failing.length}>
      <Group justify="space-between" mb={8}>
        <Title order={2} fz={15}>
          {t('welcome.problems.title')}
        </Title>
        <Badge color={failing.length ? 'red' : 'gray'} variant="light">
          {failing.length + (syncFailing ? 1 : 0)}
        </Badge>
      </Group>
      {sync.status && <SyncProblemNotice status={sync.status} syncing={sync.syncing} />}
      {failing.length === 0 ? (
        !syncFailing && (
          <Text size="sm" c="dimmed">
            {t('welcome.problems.none')}
          </Text>
        )
      ) : (
        <Stack gap={6}>
          {failing.slice(0, SHOWN).map((f) => (
            <div key={f.id}>
              <Anchor component={Link} to={feedPath(f.id)} size="sm" fw={600} lineClamp={1}>
                {f.title || f.url}
              </Anchor>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {problemReason(f)}
              </Text>
            </div>
          ))}
          <Anchor component={Link} to="/rss" size="sm" data-testid="problems-all">
            {failing.length > SHOWN
              ? t('welcome.problems.seeAll', { count: failing.length })
              : t('welcome.problems.open')}
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}
