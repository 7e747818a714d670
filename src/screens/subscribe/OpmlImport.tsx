import { Alert, Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n';
import { importOpml } from '../../subscriptions/api';
import { useJob, syncJob } from '../../subscriptions/jobStore';
import { JobProgressView, JobSummaryView } from '../../subscriptions/JobProgressView';
import { opmlTextProblem, readOpmlFile } from '../../subscriptions/opmlFile';
import { errorText } from '../../i18n/errorText';
import { type Into, SubscribeDestination, intoRequest } from '../../sync/SubscribeDestination';
import { OpmlFailures } from './OpmlFailures';
import { OpmlElsewhere } from './OpmlElsewhere';
import { offerUndoWhenFinished } from '../../subscriptions/jobUndo';
import { RemoveAddedButton } from '../../subscriptions/RemoveAddedButton';

const messageOf = errorText;

/**
 * OPML import: pick a file or paste the text, then a progress bar while the feeds are added
 * and fetched for the first time (cancellable), then the summary, and the feeds that could not be
 * fetched with Retry and Remove (OpmlFailures). The import can be taken back: its notice's Undo,
 * or the button under the summary (src/subscriptions/jobUndo.ts). Feeds already followed that the
 * file puts in other groups are listed with an offer to move them there (OpmlElsewhere).
 */
export function OpmlImport() {
  const t = useT();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [into, setInto] = useState<Into>('account');
  const job = useJob(jobId);

  const start = async (source: string) => {
    const problem = opmlTextProblem(source);
    if (problem) return setError(problem);
    setError(null);
    setStarting(true);
    try {
      const id = await importOpml(source, intoRequest(into));
      setJobId(id);
      offerUndoWhenFinished(id);
      await syncJob(id);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setStarting(false);
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    try {
      const content = await readOpmlFile(file);
      setText(content);
      await start(content);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const running = job?.state === 'running';
  return (
    <Stack gap="md" data-testid="opml-import">
      <Text size="sm" c="dimmed">
        {t('subscribe.opml.intro')}
      </Text>
      <SubscribeDestination value={into} onChange={setInto} />
      <Group gap="sm">
        <FileButton onChange={(f) => void pick(f)} accept=".opml,.xml,text/xml,text/x-opml,application/xml">
          {(props) => (
            <Button
              {...props}
              leftSection={<IconUpload size={16} />}
              disabled={running || starting}
              data-testid="opml-file-button"
            >
              {t('subscribe.opml.choose')}
            </Button>
          )}
        </FileButton>
        {fileName && (
          <Text size="sm" c="dimmed" data-testid="opml-file-name">
            {fileName}
          </Text>
        )}
      </Group>
      <Textarea
        label={t('subscribe.opml.paste')}
        placeholder='<?xml version="1.0"?><opml version="2.0">…'
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        data-testid="opml-text"
      />
      <Group>
        <Button
          onClick={() => void start(text)}
          loading={starting}
          disabled={!text.trim() || running}
          data-testid="opml-import-submit"
        >
          {t('subscribe.opml.import')}
        </Button>
      </Group>
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('subscribe.opml.failed')}
          data-testid="opml-error"
        >
          {error}
        </Alert>
      )}
      {job && (
        <Paper withBorder radius="md" p="md" data-testid="opml-job">
          <JobProgressView job={job} />
          {job.state !== 'running' && (
            <div style={{ marginTop: 12 }}>
              {/* Feeds that were subscribed but failed are listed below with their fixes. */}
              <JobSummaryView job={job} listStored={false} />
              <Group justify="flex-end" mt="xs">
                <RemoveAddedButton job={job} />
              </Group>
            </div>
          )}
        </Paper>
      )}
      {job && job.state !== 'running' && <OpmlFailures failures={job.failures} />}
      {job?.summary?.elsewhere && <OpmlElsewhere moves={job.summary.elsewhere} />}
    </Stack>
  );
}
