import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Feed } from '../../engine/contract';
import { useT } from '../../i18n';
import { feedsQuery } from '../../queries/feeds';
import type { JobFailure } from '../../../worker/types';
import { unsubscribeFeeds } from '../../subscriptions/feedActions';
import { feedHealth, problemReason } from '../../subscriptions/feedStatus';
import { useJobs } from '../../subscriptions/jobStore';
import { feedPath } from '../../subscriptions/paths';
import { startRefresh } from '../../subscriptions/refreshActions';

type RowState = 'failing' | 'fixed' | 'removed';

interface Row {
  failure: JobFailure & { feedId: number };
  feed: Feed | undefined;
  state: RowState;
}

function rowState(feed: Feed | undefined): RowState {
  if (!feed) return 'removed';
  const health = feedHealth(feed);
  return health === 'failing' || health === 'dead' ? 'failing' : 'fixed';
}

/**
 * The feeds an OPML import subscribed to but could not fetch, so they do not sit silently in
 * the sidebar: each with its current error, Retry (fetch it again now) and Remove (unsubscribe,
 * after the usual confirmation), and both for all still failing. Rows follow the live feed
 * list: a retried feed that answers says "Works now", a removed one "Removed".
 */
export function OpmlFailures({ failures }: { failures: readonly JobFailure[] }) {
  const t = useT();
  const feeds = useQuery(feedsQuery());
  // This mounts as the job ends, when the feed list is being refetched (the job's end
  // invalidates it, src/engine/events.ts): until then it predates the failures, and an imported
  // feed would read "Works now" (not failing yet) or "Removed" (not listed yet). Shown once the
  // list is current; refetches after that (a Retry) keep the rows on screen.
  const [current, setCurrent] = useState(false);
  if (!current && feeds.isSuccess && !feeds.isStale) setCurrent(true);
  const jobs = useJobs();
  // Retry job per feed id (Retry all shares one job between its feeds).
  const [retries, setRetries] = useState<Record<number, string>>({});
  const byId = new Map((feeds.data ?? []).map((f) => [f.id, f]));
  const rows: Row[] = failures
    .filter((f): f is JobFailure & { feedId: number } => f.feedId !== null)
    .map((failure) => {
      const feed = byId.get(failure.feedId);
      return { failure, feed, state: feeds.isSuccess ? rowState(feed) : 'failing' };
    });
  if (!rows.length || !(current || feeds.isError)) return null;
  const failing = rows.filter((r) => r.state === 'failing' && r.feed).map((r) => r.feed!);
  const busy = (id: number) => {
    const job = retries[id];
    return job !== undefined && jobs[job]?.state !== 'done' && jobs[job]?.state !== 'cancelled';
  };
  const retry = async (ids: number[]) => {
    if (!ids.length) return;
    const job = await startRefresh(
      ids.length === 1 ? { scope: 'feed', id: ids[0]!, force: true } : { scope: 'feeds', ids, force: true },
    );
    if (job) setRetries((r) => ({ ...r, ...Object.fromEntries(ids.map((id) => [id, job])) }));
  };

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('upkeep.opml.failedTitle', { count: rows.length })}
      data-testid="opml-failures"
      data-failing={failing.length}
      // The body is a flex item: without this it grows to its widest line (an address that
      // does not wrap), pushing the text and the buttons past a phone's screen.
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="sm" mb="sm">
        {t('upkeep.opml.failedIntro')}
      </Text>
      <Stack gap={6}>
        {rows.map(({ failure, feed, state }) => (
          <Group
            key={failure.feedId}
            justify="space-between"
            // On a phone the buttons go under the text, which keeps the row's width for the
            // reason and the address.
            wrap="wrap"
            gap="sm"
            data-testid={`opml-failure-${failure.feedId}`}
            data-state={state}
            style={{ borderTop: '1px solid var(--rv-border)', paddingTop: 6 }}
          >
            <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Text size="sm" fw={500} truncate>
                {state === 'removed' ? (
                  failure.title || failure.url
                ) : (
                  <Anchor component={Link} to={feedPath(failure.feedId)} inherit>
                    {feed?.title || failure.title || failure.url}
                  </Anchor>
                )}
              </Text>
              {state === 'failing' && (
                <Text size="xs" c="orange.8" truncate data-testid="opml-failure-reason">
                  {(feed && problemReason(feed)) || failure.reason}
                </Text>
              )}
              <Anchor
                href={failure.url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                c="dimmed"
                display="block"
                truncate
              >
                {failure.url}
              </Anchor>
            </div>
            {state === 'failing' ? (
              <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  leftSection={<IconRefresh size={14} />}
                  loading={busy(failure.feedId)}
                  onClick={() => void retry([failure.feedId])}
                  data-testid="opml-failure-retry"
                >
                  {t('upkeep.opml.retry')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => feed && void unsubscribeFeeds([feed])}
                  data-testid="opml-failure-remove"
                >
                  {t('upkeep.opml.remove')}
                </Button>
              </Group>
            ) : (
              <Badge
                variant="light"
                color={state === 'fixed' ? 'green' : 'gray'}
                style={{ flex: 'none' }}
                data-testid="opml-failure-state"
              >
                {state === 'fixed' ? t('upkeep.opml.fixed') : t('upkeep.opml.removed')}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      {failing.length > 1 && (
        <Group gap="xs" mt="md">
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            loading={failing.some((f) => busy(f.id))}
            onClick={() => void retry(failing.map((f) => f.id))}
            data-testid="opml-failures-retry-all"
          >
            {t('upkeep.opml.retryAll')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => void unsubscribeFeeds(failing)}
            data-testid="opml-failures-remove-all"
          >
            {t('upkeep.opml.removeAll')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
