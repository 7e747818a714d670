import { Button, Group, List, Progress, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { formatNumber, tRich, useT } from '../i18n';
import type { JobProgress } from '../../worker/types';
import { cancelJob } from './api';
import { jobTitle, percentDone, progressLabel } from './jobProgress';
import { failureWords } from './jobNotice';
import { subscribeCounts } from './subscribeCounts';

/** Cancels a job and keeps the button busy until the engine has stopped it. */
export function useCancel(jobId: string) {
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    setBusy(true);
    // A combined record (see combineJobs) stands for several jobs: cancel each.
    Promise.all(jobId.split('+').map((id) => cancelJob(id)))
      .catch((err: unknown) => console.warn('Rivulet: cancel failed', err))
      .finally(() => setBusy(false));
  };
  return { busy, cancel };
}

const SHRINK = { minWidth: 0, flex: '0 1 auto' } as const;

const SUBSCRIBING: ReadonlySet<JobProgress['kind']> = new Set(['opml-import', 'subscribe-many']);

/**
 * A job's progress bar: what it does, done/total, failures so far, and Cancel (a mark: Stop)
 * while running.
 * `compact` is the one-line form for the slim bar above the main area.
 */
export function JobProgressView({ job, compact = false }: { job: JobProgress; compact?: boolean }) {
  const t = useT();
  const { busy, cancel } = useCancel(job.id);
  const running = job.state === 'running';
  // A finished import or bundle is worded by its summary (JobSummaryView), where a feed that
  // could not be fetched yet counts as added, not failed: its line does not say "1 failed" too.
  const counted = running || !SUBSCRIBING.has(job.kind) ? job : { ...job, failed: 0 };
  // An undo's mark runs to its end: half taken back, a change would be neither (worker/state/markJob.ts).
  const stoppable = !(job.kind === 'mark' && job.mark?.undo);
  return (
    <div data-testid={`job-${job.kind}`} data-state={job.state} data-job-id={job.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        {/* On a narrow screen the title and the counts each give up room (ellipsis), never the button. */}
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size={compact ? 'xs' : 'sm'} fw={500} truncate style={SHRINK}>
            {running
              ? jobTitle(job)
              : job.state === 'cancelled'
                ? t('subscribe.jobs.cancelled')
                : t('subscribe.jobs.finished')}
          </Text>
          <Text size={compact ? 'xs' : 'sm'} c="dimmed" truncate style={SHRINK} data-testid="job-counts">
            {progressLabel(counted)}
          </Text>
        </Group>
        {running && stoppable && (
          <Button
            style={{ flexShrink: 0 }}
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={12} />}
            loading={busy}
            onClick={cancel}
            data-testid="job-cancel"
          >
            {/* A mark stopped keeps what it marked (Undo takes that back): "Stop", not "Cancel". */}
            {job.kind === 'mark' ? t('subscribe.jobs.stop') : t('common.cancel')}
          </Button>
        )}
      </Group>
      <Progress
        value={percentDone(job)}
        size={compact ? 4 : 8}
        radius="xl"
        animated={running && !compact}
        color={job.failed ? 'orange' : undefined}
        aria-label={t('subscribe.jobs.barLabel', {
          what: jobTitle(job),
          progress: progressLabel(counted),
        })}
        data-testid="job-bar"
      />
    </div>
  );
}

/**
 * What a finished import or bundle did: feeds added (those that could not be fetched yet counted
 * among them, as the Undo notice and "Remove the N feeds it added" count them), already followed,
 * not added, new articles; then each failure with its reason. `listStored` false leaves out the
 * failures of feeds that were subscribed (the OPML screen lists those with their fixes).
 */
export function JobSummaryView({ job, listStored = true }: { job: JobProgress; listStored?: boolean }) {
  const t = useT();
  const c = subscribeCounts(job);
  const b = (n: number, id: string) => <b data-testid={`summary-${id}`}>{formatNumber(n)}</b>;
  const parts: ReactNode[][] = [
    c.unfetched
      ? tRich('subscribe.jobs.summaryAddedUnfetched', {
          added: b(c.added, 'added'),
          unfetched: b(c.unfetched, 'unfetched'),
        })
      : tRich('subscribe.jobs.summaryAdded', { added: b(c.added, 'added') }),
  ];
  if (c.skipped) parts.push(tRich('subscribe.jobs.summarySkipped', { skipped: b(c.skipped, 'skipped') }));
  if (c.notAdded) parts.push(tRich('subscribe.jobs.summaryNotAdded', { failed: b(c.notAdded, 'failed') }));
  parts.push(
    tRich('subscribe.jobs.summaryNewItems', { count: c.newItems, newItems: b(c.newItems, 'new-items') }),
  );
  const failures = listStored ? job.failures : job.failures.filter((f) => f.feedId === null);
  return (
    <div data-testid="job-summary" data-state={job.state}>
      <Text size="sm" mb={6}>
        {job.state === 'cancelled' ? `${t('subscribe.jobs.summaryCancelled')} ` : ''}
        {parts.map((part, i) => (
          <Fragment key={i}>
            {i > 0 && ' · '}
            {part}
          </Fragment>
        ))}
      </Text>
      {failures.length > 0 && (
        <List size="sm" spacing={2} data-testid="summary-failures">
          {failures.map((f, i) => (
            <List.Item key={`${f.url}-${i}`}>
              <Text span fw={500} inherit>
                {f.title || f.url || t('subscribe.jobs.unknownFeed')}
              </Text>
              {f.title && f.url && (
                <Text span c="dimmed" inherit>
                  {' '}
                  ({f.url})
                </Text>
              )}
              : {failureWords(f)}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
