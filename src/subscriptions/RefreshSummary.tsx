import { ActionIcon, Anchor, Button, CloseButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { failureWords, serverUnreachable } from './jobNotice';
import { useJobs } from './jobStore';
import { feedPath } from './paths';
import { startRefresh } from './refreshActions';
import { type BatchOutcome, batchOutcome, dismissReport, useReportBatch } from './refreshReport';

/** How long a summary without failures stays, ms: long enough to read one line. */
const CALM_SUMMARY_MS = 8000;

/** The outcome of the refresh the user asked for, or null while it runs or once dismissed. */
export function useRefreshOutcome(): BatchOutcome | null {
  return batchOutcome(useReportBatch(), useJobs());
}

/**
 * What a refresh the user asked for did: feeds checked, new articles, skipped feeds, and each
 * feed that failed with its reason, a link to its articles (where the banner offers the fixes)
 * and a link to its address; "Retry failed feeds" fetches just those again. A summary without
 * failures closes by itself after a few seconds; one with failures stays until dismissed.
 */
export function RefreshSummary({ outcome }: { outcome: BatchOutcome }) {
  const t = useT();
  const failed = outcome.failures;
  const calm = failed.length === 0;
  // No server, no feed at fault: one sentence instead of every feed with the same reason.
  const serverDown = serverUnreachable(failed);
  useEffect(() => {
    if (!calm) return;
    const timer = setTimeout(dismissReport, CALM_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [calm, outcome]);
  const retryIds = failed.flatMap((f) => (f.feedId === null ? [] : [f.feedId]));
  const facts = [
    t('upkeep.refresh.checked', { count: outcome.checked }),
    t('upkeep.refresh.newItems', { count: outcome.newItems }),
    outcome.skipped ? t('upkeep.refresh.skipped', { count: outcome.skipped }) : '',
  ].filter(Boolean);

  return (
    <section
      aria-label={t('upkeep.refresh.region')}
      role="status"
      data-testid="refresh-summary"
      data-failed={failed.length}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {calm ? (
            <IconCircleCheck size={16} color="var(--mantine-color-green-6)" style={{ flex: 'none' }} />
          ) : (
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" style={{ flex: 'none' }} />
          )}
          <Text size="sm" fw={600} style={{ flex: 'none' }}>
            {outcome.cancelled ? t('upkeep.refresh.titleCancelled') : t('upkeep.refresh.title')}
          </Text>
          <Text size="sm" c="dimmed" truncate data-testid="refresh-summary-facts">
            {facts.join(' · ')}
            {calm && !outcome.cancelled && ` · ${t('upkeep.refresh.allWell')}`}
          </Text>
        </Group>
        <CloseButton
          size="sm"
          aria-label={t('upkeep.refresh.dismiss')}
          onClick={dismissReport}
          data-testid="refresh-summary-close"
        />
      </Group>
      {!calm && (
        <Stack gap={4} mt={6} pl={24}>
          {serverDown ? (
            <Text size="sm" data-testid="refresh-summary-server-down">
              <Text span fw={500} c="orange.8" inherit>
                {t('upkeep.refresh.serverDownTitle')}.
              </Text>{' '}
              {t('upkeep.refresh.serverDownLine')}
            </Text>
          ) : (
            <Text size="sm" fw={500} c="orange.8" data-testid="refresh-summary-failed-heading">
              {t('upkeep.refresh.failedHeading', { count: failed.length })}
            </Text>
          )}
          {!serverDown && (
            <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 180, overflowY: 'auto' }}>
              {failed.map((f, i) => (
                <li
                  key={`${f.feedId ?? f.url}-${i}`}
                  data-testid="refresh-summary-failure"
                  data-feed-id={f.feedId}
                >
                  <Text size="sm" span>
                    {f.feedId !== null ? (
                      <Anchor component={Link} to={feedPath(f.feedId)} fw={500} inherit>
                        {f.title || f.url}
                      </Anchor>
                    ) : (
                      <Text span fw={500} inherit>
                        {f.title || f.url || t('upkeep.refresh.unknown')}
                      </Text>
                    )}
                    <Text span c="dimmed" inherit>
                      {' — '}
                      {failureWords(f)}
                    </Text>
                  </Text>
                  {f.url && (
                    <Tooltip label={t('upkeep.refresh.openAddress')}>
                      <ActionIcon
                        component="a"
                        href={f.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="subtle"
                        color="gray"
                        size="xs"
                        ml={4}
                        aria-label={`${t('upkeep.refresh.openAddress')}: ${f.url}`}
                        style={{ verticalAlign: 'middle' }}
                      >
                        <IconExternalLink size={12} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </li>
              ))}
            </ul>
          )}
          {retryIds.length > 0 && (
            <Group mt={2}>
              <Button
                size="compact-xs"
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={12} />}
                onClick={() => void startRefresh({ scope: 'feeds', ids: retryIds, force: true })}
                data-testid="refresh-summary-retry"
              >
                {t('upkeep.refresh.retryFailed')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </section>
  );
}
