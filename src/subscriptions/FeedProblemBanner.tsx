import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { formatDate, useT } from '../i18n';
import { feedsQuery } from '../queries/feeds';
import { feedHealth, problemReason } from './feedStatus';
import { editFeedUrlAction, unsubscribeFeeds } from './feedActions';
import { useJob } from './jobStore';
import { startRefresh } from './refreshActions';

const when = (seconds: number) => formatDate(seconds * 1000);

/**
 * "This feed has a problem": shown on a feed's items page when its last fetch failed, with the
 * reason, the HTTP status, when it happened, the last success and a link to the feed address.
 * Its actions: Retry now (fetches it at once, ignoring the backoff), Edit address (checked by
 * fetching before it is stored) and Unsubscribe (asks first). A dead (410 Gone) feed says so and
 * leads with unsubscribing. Renders nothing for a healthy feed.
 */
export function FeedProblemBanner({ feedId }: { feedId: number }) {
  const t = useT();
  const feeds = useQuery(feedsQuery());
  const navigate = useNavigate();
  const [retryJob, setRetryJob] = useState<string | null>(null);
  const retrying = useJob(retryJob)?.state === 'running';
  const feed = feeds.data?.find((f) => f.id === feedId);
  if (!feed) return null;
  const health = feedHealth(feed);
  if (health !== 'failing' && health !== 'dead') return null;
  const dead = health === 'dead';
  return (
    <Alert
      color={dead ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={dead ? t('subscribe.problem.goneTitle') : t('subscribe.problem.title')}
      mb="md"
      data-testid="feed-problem"
      data-health={health}
    >
      <Text size="sm" data-testid="feed-problem-reason">
        {problemReason(feed)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {[
          feed.lastFetched ? t('subscribe.problem.lastTried', { when: when(feed.lastFetched) }) : '',
          feed.lastSuccess
            ? t('subscribe.problem.lastWorked', { when: when(feed.lastSuccess) })
            : t('subscribe.problem.neverWorked'),
          dead ? t('subscribe.problem.deadNote') : t('subscribe.problem.retryNote'),
        ]
          .filter(Boolean)
          .join(' ')}
      </Text>
      <Text size="xs" mt={6}>
        {t('subscribe.problem.address')}{' '}
        <Anchor
          href={feed.url}
          target="_blank"
          rel="noopener noreferrer"
          inherit
          data-testid="feed-problem-url"
        >
          {feed.url}
        </Anchor>
      </Text>
      <Group gap="xs" mt="sm" data-testid="feed-problem-actions">
        <Button
          size="xs"
          variant="light"
          color={dead ? 'red' : 'orange'}
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={() => {
            void startRefresh({ scope: 'feed', id: feed.id, force: true }).then(setRetryJob);
          }}
          data-testid="feed-problem-retry"
        >
          {t('upkeep.problem.retry')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={() => void editFeedUrlAction(feed)}
          data-testid="feed-problem-edit"
        >
          {t('upkeep.problem.editAddress')}
        </Button>
        <Button
          size="xs"
          variant={dead ? 'light' : 'subtle'}
          color="red"
          leftSection={<IconTrash size={14} />}
          data-testid="feed-problem-unsubscribe"
          onClick={() => {
            void unsubscribeFeeds([feed]).then((done) => done && navigate('/'));
          }}
        >
          {dead ? t('subscribe.problem.unsubscribe') : t('upkeep.problem.unsubscribe')}
        </Button>
      </Group>
    </Alert>
  );
}
