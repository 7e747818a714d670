import { Alert, Button, FileButton, Group, Progress, SegmentedControl, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHistory, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BackupPreview, RestoreResult } from '../../../worker/types';
import { confirm } from '../../components/ConfirmDialog';
import { useEngineStatus } from '../../queries/useCounts';
import { discardBackup, inspectBackup, restoreBackup } from './backupFile';
import { Section } from './Section';

type Mode = RestoreResult['mode'];

const LABELS: Record<string, string> = {
  groups: 'Groups',
  feeds: 'Feeds',
  items: 'Articles',
  summaries: 'AI summaries',
  meta: 'Other records',
  '@settings': 'Settings',
};

/** Counts of a backup's header as table rows, known stores first. */
function CountsTable({ counts }: { counts: Record<string, number> }) {
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(!(a in LABELS)) - Number(!(b in LABELS)));
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="restore-counts" maw={360}>
      <Table.Tbody>
        {rows.map(([store, n]) => (
          <Table.Tr key={store} data-store={store}>
            <Table.Td>{LABELS[store] ?? store}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {store === '@settings' ? 'yes' : n.toLocaleString()}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Restore: pick a file, see what it holds (the engine has checked all of it by then), choose
 * merge or replace (replace asks first), watch the progress. A refused file changes nothing.
 */
export function RestoreSection() {
  const { counts } = useEngineStatus();
  const [preview, setPreview] = useState<BackupPreview | null>(null);
  const [fileName, setFileName] = useState('');
  const [mode, setMode] = useState<Mode | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<RestoreResult | null>(null);
  const chosenMode: Mode = mode ?? (counts && counts.feeds > 0 ? 'merge' : 'replace');

  const pick = async (file: File | null) => {
    if (!file) return;
    if (preview) void discardBackup(preview.id).catch(() => {});
    setPreview(null);
    setDone(null);
    setError(null);
    setFileName(file.name);
    setChecking(true);
    try {
      setPreview(await inspectBackup(file));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!preview) return;
    if (chosenMode === 'replace') {
      const ok = await confirm({
        title: 'Replace everything?',
        message:
          'Your current groups, feeds, articles and settings will be replaced by the backup. This cannot be undone.',
        confirmLabel: 'Replace',
      });
      if (!ok) return;
    }
    setError(null);
    setProgress({ done: 0, total: 0 });
    try {
      setDone(await restoreBackup(preview.id, chosenMode, (d, total) => setProgress({ done: d, total })));
      setPreview(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Section
      icon={<IconHistory size={18} />}
      title="Restore"
      line="Bring back a backup: merge it with what is here, or replace everything. Rivulet checks the whole file first."
      testId="download-restore"
    >
      <Group gap="sm" mb="sm">
        <FileButton
          onChange={(f) => void pick(f)}
          accept=".ndjson,.jsonl,.json,application/x-ndjson,application/json"
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} />}
              loading={checking}
              disabled={progress !== null}
              data-testid="restore-file-button"
            >
              Choose a backup file
            </Button>
          )}
        </FileButton>
        {fileName && (
          <Text size="sm" c="dimmed" data-testid="restore-file-name">
            {fileName}
          </Text>
        )}
      </Group>
      {preview && (
        <div data-testid="restore-preview">
          <Text size="sm" mb={4}>
            Made {new Date(preview.header.createdAt).toLocaleString()}; it holds:
          </Text>
          <CountsTable counts={preview.header.counts} />
          {preview.unknownStores.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              Left out (this version does not know them): {preview.unknownStores.join(', ')}.
            </Text>
          )}
          <Group gap="sm" mt="md" align="center">
            <SegmentedControl
              value={chosenMode}
              onChange={(v) => setMode(v)}
              data={[
                { value: 'merge', label: 'Merge with what is here' },
                { value: 'replace', label: 'Replace everything' },
              ]}
              disabled={progress !== null}
              data-testid="restore-mode"
            />
            <Button onClick={() => void run()} loading={progress !== null} data-testid="restore-button">
              Restore
            </Button>
          </Group>
        </div>
      )}
      {progress && progress.total > 0 && (
        <div style={{ marginTop: 12 }} data-testid="restore-progress">
          <Progress value={(progress.done / progress.total) * 100} size="sm" animated />
          <Text size="xs" c="dimmed" mt={4}>
            {progress.done.toLocaleString()} of {progress.total.toLocaleString()} records
          </Text>
        </div>
      )}
      {done && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} />}
          mt="sm"
          title="Restored"
          data-testid="restore-done"
        >
          {done.mode === 'replace'
            ? `Replaced with ${(done.written.items ?? 0).toLocaleString()} articles in ${(done.written.feeds ?? 0).toLocaleString()} feeds.`
            : `Added ${(done.written.feeds ?? 0).toLocaleString()} feeds and ${(done.written.items ?? 0).toLocaleString()} articles (or marks).`}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mt="sm"
          title="Nothing was restored"
          data-testid="restore-error"
        >
          {error}
        </Alert>
      )}
    </Section>
  );
}
