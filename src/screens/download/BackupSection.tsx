import { Alert, Button, Checkbox, Group, Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadBlob } from './downloadBlob';
import { ExportOpmlButton } from '../../subscriptions/ExportOpmlButton';
import { backupFileName, makeBackup } from './backupFile';
import { Section } from './Section';

/** One file with everything (the AI key only when ticked), with progress; and the OPML export. */
export function BackupSection() {
  const [withKey, setWithKey] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const busy = progress !== null;

  const run = async () => {
    setError(null);
    setSaved(null);
    setProgress({ done: 0, total: 0 });
    try {
      const blob = await makeBackup(withKey, (done, total) => setProgress({ done, total }));
      const name = backupFileName();
      downloadBlob(blob, name);
      setSaved(`${name} (${Math.max(1, Math.round(blob.size / 1024)).toLocaleString()} KB)`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Section
      icon={<IconArchive size={18} />}
      title="Back up"
      line="One file with your groups, feeds, articles, read and saved marks, saved filters, settings and AI summaries."
      testId="download-backup"
    >
      <Checkbox
        label="Include my AI API key"
        description="Anyone with the file could use it. Leave off unless you keep the file private."
        checked={withKey}
        onChange={(e) => setWithKey(e.currentTarget.checked)}
        disabled={busy}
        mb="md"
        data-testid="backup-include-key"
      />
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void run()}
          loading={busy}
          data-testid="backup-button"
        >
          Download backup
        </Button>
        <ExportOpmlButton />
      </Group>
      {progress && progress.total > 0 && (
        <div style={{ marginTop: 12 }} data-testid="backup-progress">
          <Progress value={(progress.done / progress.total) * 100} size="sm" animated />
          <Text size="xs" c="dimmed" mt={4}>
            {progress.done.toLocaleString()} of {progress.total.toLocaleString()} records
          </Text>
        </div>
      )}
      {saved && (
        <Text size="sm" c="teal" mt="sm" data-testid="backup-done">
          Saved {saved}.
        </Text>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mt="sm"
          title="Backup failed"
          data-testid="backup-error"
        >
          {error}
        </Alert>
      )}
    </Section>
  );
}
