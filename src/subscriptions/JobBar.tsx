import { Paper, Stack } from '@mantine/core';
import { combineJobs } from './jobProgress';
import { useRunningJobs } from './jobStore';
import { JobProgressView } from './JobProgressView';
import { RefreshSummary, useRefreshOutcome } from './RefreshSummary';

const KINDS = ['refresh'] as const;

/**
 * A slim strip above the main area while a refresh runs (feeds done of total, new articles so
 * far, failures), which turns into the summary of a refresh the user asked for once it ends
 * (imports show their own progress on /subscribe). Renders nothing otherwise.
 */
export function JobBar() {
  const running = useRunningJobs(KINDS);
  const outcome = useRefreshOutcome();
  // Up to two bars; more (one per selected feed, say) fold into one combined bar.
  const combined = running.length > 2 ? combineJobs(running) : null;
  const jobs = combined ? [combined] : running;
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
