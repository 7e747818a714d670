import { Button, Group, List, Progress, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { tRich, useT } from '../i18n';
import type { JobProgress } from '../../worker/types';
import { cancelJob } from './api';
import { percentDone, progressLabel } from './jobProgress';
import { failureWords } from './jobNotice';

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

/**
 * A job's progress bar: what it does, done/total, failures so far, and Cancel while running.
 * `compact` is the one-line form for the slim bar above the main area.
 */
export function JobProgressView({ job, compact = false }: { job: JobProgress; compact?: boolean }) {
  const t = useT();
  const { busy, cancel } = useCancel(job.id);
  const running = job.state === 'running';
  return (
    <div data-testid={`job-${job.kind}`} data-state={job.state} data-job-id={job.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size={compact ? 'xs' : 'sm'} fw={500} truncate>
          {running
            ? t(`subscribe.jobs.kinds.${job.kind}`)
            : job.state === 'cancelled'
              ? t('subscribe.jobs.cancelled')
              : t('subscribe.jobs.finished')}
          <Text span c="dimmed" inherit ml={8} data-testid="job-counts">
            {progressLabel(job)}
          </Text>
        </Text>
        {running && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={12} />}
            loading={busy}
            onClick={cancel}
            data-testid="job-cancel"
          >
            {t('common.cancel')}
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
          what: t(`subscribe.jobs.kinds.${job.kind}`),
          progress: progressLabel(job),
        })}
        data-testid="job-bar"
      />
    </div>
  );
}

/** What a finished job did: added, skipped, failed (with each reason), new articles. */
export function JobSummaryView({ job }: { job: JobProgress }) {
  const t = useT();
  const s = job.summary ?? { added: 0, skipped: 0, failed: job.failed, newItems: 0 };
  return (
    <div data-testid="job-summary" data-state={job.state}>
      <Text size="sm" mb={6}>
        {job.state === 'cancelled' ? `${t('subscribe.jobs.summaryCancelled')} ` : ''}
        {tRich('subscribe.jobs.summary', {
          added: <b data-testid="summary-added">{s.added}</b>,
          skipped: <b data-testid="summary-skipped">{s.skipped}</b>,
          failed: <b data-testid="summary-failed">{s.failed}</b>,
          newItems: <b data-testid="summary-new-items">{s.newItems}</b>,
        })}
      </Text>
      {job.failures.length > 0 && (
        <List size="sm" spacing={2} data-testid="summary-failures">
          {job.failures.map((f, i) => (
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
