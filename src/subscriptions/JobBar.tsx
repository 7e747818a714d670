import { Paper, Stack } from '@mantine/core';
import { combineJobs } from './jobProgress';
import { useRunningJobs } from './jobStore';
import { JobProgressView } from './JobProgressView';

const KINDS = ['refresh'] as const;

/**
 * A slim progress strip above the main area while a refresh runs (imports show their own
 * progress on /subscribe). Renders nothing when no refresh is running.
 */
export function JobBar() {
  const running = useRunningJobs(KINDS);
  // Up to two bars; more (one per selected feed, say) fold into one combined bar.
  const combined = running.length > 2 ? combineJobs(running) : null;
  const jobs = combined ? [combined] : running;
  if (!jobs.length) return null;
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
      </Stack>
    </Paper>
  );
}
