import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { JobProgress } from '../../worker/types';
import { useT } from '../i18n';
import { removeAddedByJob } from './jobUndo';

/**
 * Under a finished import or bundle: takes it back (unsubscribes from the feeds it added, asking
 * first; see jobUndo.ts). For when its Undo notice has gone. Hidden once they are removed.
 */
export function RemoveAddedButton({ job }: { job: JobProgress }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [removed, setRemoved] = useState(false);
  const count = job.summary?.feedIds?.length ?? 0;
  if (job.state === 'running' || !count || removed) return null;
  const remove = async () => {
    setBusy(true);
    try {
      if ((await removeAddedByJob(job.summary)) !== null) setRemoved(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconArrowBackUp size={16} />}
      loading={busy}
      onClick={() => void remove()}
      data-testid="job-remove-added"
    >
      {t('subscribe.jobs.removeAdded', { count })}
    </Button>
  );
}
