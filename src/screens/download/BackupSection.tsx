import { Alert, Button, Checkbox, Group, Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadBlob } from './downloadBlob';
import { ExportOpmlButton } from '../../subscriptions/ExportOpmlButton';
import { backupFileName, makeBackup } from './backupFile';
import { Section } from './Section';
import { useI18n } from '../../i18n';
import { formatBytes } from './storage';
import { errorText } from '../../i18n/errorText';

/** One file with everything (the AI key only when ticked), with progress; and the OPML export. */
export function BackupSection() {
  const { t, lang } = useI18n();
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
      setSaved(t('download.backup.saved', { name, size: formatBytes(blob.size, lang) }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Section
      icon={<IconArchive size={18} />}
      title={t('download.backup.title')}
      line={t('download.backup.line')}
      testId="download-backup"
    >
      <Checkbox
        label={t('download.backup.includeKey')}
        description={t('download.backup.includeKeyHint')}
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
          {t('download.backup.button')}
        </Button>
        <ExportOpmlButton />
      </Group>
      {progress && progress.total > 0 && (
        <div style={{ marginTop: 12 }} data-testid="backup-progress">
          <Progress value={(progress.done / progress.total) * 100} size="sm" animated />
          <Text size="xs" c="dimmed" mt={4}>
            {t('download.records', { done: progress.done, total: progress.total })}
          </Text>
        </div>
      )}
      {saved && (
        <Text size="sm" c="teal" mt="sm" data-testid="backup-done">
          {saved}
        </Text>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mt="sm"
          title={t('download.backup.failed')}
          data-testid="backup-error"
        >
          {error}
        </Alert>
      )}
    </Section>
  );
}
