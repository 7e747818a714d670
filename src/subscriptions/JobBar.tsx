import { Paper, Stack } from '@mantine/core';
import { combineJobs } from './jobProgress';
import { useRunningJobs } from './jobStore';
import { JobProgressView } from './JobProgressView';
import { RefreshSummary, useRefreshOutcome } from './RefreshSummary';

const KINDS = ['refresh', 'mark'] as const;

/**
 * A slim strip above the main area while a refresh or a long bulk mark runs (feeds or articles
 * done of total, new articles so far, failures; Cancel or Stop), which turns into the summary of
 * a refresh the user asked for once it ends (imports show their own progress on /subscribe). A
 * mark's end says nothing here: its Undo notice does. Renders nothing otherwise.
 */
export function JobBar() {
  const running = useRunningJobs(KINDS);
  const outcome = useRefreshOutcome();
  // Up to two refresh bars; more (one per selected feed, say) fold into one combined bar.
  const refreshes = running.filter((j) => j.kind === 'refresh');
  const combined = refreshes.length > 2 ? combineJobs(refreshes) : null;
  const jobs = [...(combined ? [combined] : refreshes), ...running.filter((j) => j.kind === 'mark')];
  if (!jobs.length && !outcome) return null;
  return (
    <Paper
      radius={0}
      px="md"
      py={6}
      data-testid="job-strip"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 5,
        borderBottom: '1px solid var(--rv-border)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Stack gap={6}>
        {jobs.map((j) => (
          <JobProgressView key={j.id} job={j} compact />
        ))}
        {outcome && <RefreshSummary outcome={outcome} />}
      </Stack>
    </Paper>
  );
}
