import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Progress,
  SegmentedControl,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHistory, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BackupPreview, RestoreResult } from '../../../worker/types';
import { confirm } from '../../components/ConfirmDialog';
import { useEngineStatus } from '../../queries/useCounts';
import {
  backupFileName,
  discardBackup,
  inspectBackup,
  makeBackup,
  restoreBackup,
  type RestorePhase,
} from './backupFile';
import { downloadBlob } from './downloadBlob';
import { Section } from './Section';
import { type TKey, useI18n } from '../../i18n';
import { errorText } from '../../i18n/errorText';

type Mode = RestoreResult['mode'];

// Store names to label keys; stores not listed show their own name.
const LABELS: Record<string, TKey> = {
  groups: 'download.restore.stores.groups',
  feeds: 'download.restore.stores.feeds',
  items: 'download.restore.stores.items',
  summaries: 'download.restore.stores.summaries',
  meta: 'download.restore.stores.meta',
  '@settings': 'download.restore.stores.settings',
};

/** Counts of a backup's header as table rows, known stores first. */
function CountsTable({ counts }: { counts: Record<string, number> }) {
  const { t, formatNumber } = useI18n();
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => Number(!(a in LABELS)) - Number(!(b in LABELS)));
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid="restore-counts" maw={360}>
      <Table.Tbody>
        {rows.map(([store, n]) => (
          <Table.Tr key={store} data-store={store}>
            <Table.Td>{LABELS[store] ? t(LABELS[store]) : store}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {store === '@settings' ? t('download.restore.yes') : formatNumber(n)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Where a restore is: saving what is here first (`save`), then the restore's own phases. */
type Phase = RestorePhase | 'save';

/** The bar's value: writing fills it to 90%, the commit under way shows 95%, 100% once committed. */
function barValue(p: { done: number; total: number; phase: Phase }): number {
  if (p.phase === 'save') return (p.done / p.total) * 100;
  if (p.phase === 'done') return 100;
  if (p.phase === 'commit') return 95;
  return (p.done / p.total) * 90;
}

/**
 * Restore: pick a file, see what it holds (the engine has checked all of it by then), choose
 * merge or replace (replace asks first), watch the progress. A refused file changes nothing.
 */
export function RestoreSection() {
  const { t, formatDate } = useI18n();
  const { counts } = useEngineStatus();
  const [preview, setPreview] = useState<BackupPreview | null>(null);
  const [fileName, setFileName] = useState('');
  const [mode, setMode] = useState<Mode | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number; phase: Phase } | null>(null);
  const [savedFirst, setSavedFirst] = useState<string | null>(null);
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
      setError(errorText(err));
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!preview) return;
    // Replacing is the one restore that loses what is here: by default the confirmation saves a
    // backup of it first (a download, like the Backup button's), which the restore of that file
    // brings back. If that backup fails, nothing is replaced.
    // An empty browser has nothing to lose, and is not asked.
    const here = (counts?.feeds ?? 0) > 0 || (counts?.items ?? 0) > 0;
    const choice = { saveFirst: here };
    if (chosenMode === 'replace') {
      const ok = await confirm({
        title: t('download.restore.confirmTitle'),
        message: (
          <>
            {t('download.restore.confirmMessage')}
            {here && (
              <Checkbox
                mt="md"
                defaultChecked
                label={t('download.restore.saveFirst')}
                onChange={(e) => {
                  choice.saveFirst = e.currentTarget.checked;
                }}
                data-testid="restore-save-first"
              />
            )}
          </>
        ),
        confirmLabel: t('download.restore.confirmReplace'),
      });
      if (!ok) return;
    }
    setError(null);
    setSavedFirst(null);
    if (chosenMode === 'replace' && choice.saveFirst) {
      setProgress({ done: 0, total: 0, phase: 'save' });
      try {
        const blob = await makeBackup(false, (d, total) => setProgress({ done: d, total, phase: 'save' }));
        const name = backupFileName(new Date(), 'before-restore');
        downloadBlob(blob, name);
        setSavedFirst(name);
      } catch (err) {
        setProgress(null);
        setError(t('download.restore.saveFirstFailed', { reason: errorText(err) }));
        return;
      }
    }
    setProgress({ done: 0, total: 0, phase: 'write' });
    let phase: RestorePhase | null = null;
    // The worker's reports come through a Comlink proxy, a channel of their own: one may land
    // after the restore answered. From then on they no longer count (a late one left the bar up
    // and the controls disabled for good).
    let over = false;
    const onProgress = (d: number, total: number, next: RestorePhase) => {
      if (over) return;
      // Logged too: when writing started and when it committed is what a crash test (and a bug
      // report) needs.
      if (next !== phase)
        console.info(
          `Rivulet: restore ${{ write: 'writing', commit: 'committing', done: 'committed' }[next]}`,
        );
      phase = next;
      setProgress({ done: d, total, phase: next });
    };
    try {
      setDone(await restoreBackup(preview.id, chosenMode, onProgress, fileName));
      setPreview(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      over = true;
      setProgress(null);
    }
  };

  return (
    <Section
      icon={<IconHistory size={18} />}
      title={t('download.restore.title')}
      line={t('download.restore.line')}
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
              {t('download.restore.choose')}
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
            {t('download.restore.made', { date: formatDate(preview.header.createdAt) })}
          </Text>
          <CountsTable counts={preview.header.counts} />
          {preview.unknownStores.length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('download.restore.leftOut', { stores: preview.unknownStores.join(', ') })}
            </Text>
          )}
          <Group gap="sm" mt="md" align="center">
            <SegmentedControl
              value={chosenMode}
              onChange={(v) => setMode(v)}
              data={[
                { value: 'merge', label: t('download.restore.merge') },
                { value: 'replace', label: t('download.restore.replace') },
              ]}
              disabled={progress !== null}
              data-testid="restore-mode"
            />
            <Button onClick={() => void run()} loading={progress !== null} data-testid="restore-button">
              {t('download.restore.button')}
            </Button>
          </Group>
        </div>
      )}
      {progress && progress.total > 0 && (
        <div style={{ marginTop: 12 }} data-testid="restore-progress" data-phase={progress.phase}>
          {/* 100% only once the transaction has committed: before that, nothing is kept. */}
          <Progress value={barValue(progress)} size="sm" animated={progress.phase !== 'done'} />
          <Text size="xs" c="dimmed" mt={4}>
            {progress.phase === 'save'
              ? t('download.restore.phaseSave', { done: progress.done, total: progress.total })
              : progress.phase === 'write'
                ? t('robust.restore.phaseWrite', { done: progress.done, total: progress.total })
                : t(progress.phase === 'commit' ? 'robust.restore.phaseCommit' : 'robust.restore.phaseDone')}
          </Text>
        </div>
      )}
      {done && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} />}
          mt="sm"
          title={t('download.restore.done')}
          data-testid="restore-done"
        >
          {done.mode === 'replace'
            ? t('download.restore.replaced', {
                items: done.written.items ?? 0,
                feeds: done.written.feeds ?? 0,
              })
            : t('download.restore.merged', {
                items: done.written.items ?? 0,
                feeds: done.written.feeds ?? 0,
              })}
          {savedFirst && (
            <Text size="sm" mt={4} data-testid="restore-saved-first">
              {t('download.restore.savedFirst', { name: savedFirst })}
            </Text>
          )}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mt="sm"
          title={t('download.restore.failed')}
          data-testid="restore-error"
        >
          {error}
        </Alert>
      )}
    </Section>
  );
}
