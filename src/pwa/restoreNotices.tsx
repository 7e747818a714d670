import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, t } from '../i18n';
import { withEngine } from '../queries/engine';
import { navigateTo } from '../routes/navigation';
import { applyRestore } from '../screens/download/backupFile';
import { appliedRestoreId } from '../screens/download/restoreMarker';

/**
 * At start-up, finishes or reports a restore the last session did not see through. The engine
 * keeps a committed restore's settings beside its data until a start sees the page's note that
 * it wrote them (restoreMarker.ts), and notes a restore as started until its commit. So:
 * settings waiting and noted → drop the engine's copy; waiting and not noted → apply them now
 * (data and settings are then both the backup's) and say the restore finished; a started note
 * left → the restore never committed, nothing changed: say so and offer to restore again.
 * Never rejects.
 */
export async function settleRestore(): Promise<void> {
  try {
    const pending = await withEngine((e) => e.backup.pendingSettings());
    if (pending) {
      // The page wrote these settings last session and they reached the disk: drop the copy.
      if (appliedRestoreId() === pending.restoreId) {
        await withEngine((e) => e.backup.settingsApplied(pending.restoreId));
        return;
      }
      applyRestore(pending.restoreId, pending.settings, pending.mode);
      show(
        'finished',
        t('robust.restore.finishedTitle'),
        t('robust.restore.finished', { file: pending.file ?? '' }),
      );
      return;
    }
    const started = await withEngine((e) => e.backup.startedRestore());
    if (!started) return;
    await withEngine((e) => e.backup.forgetStartedRestore(started.restoreId));
    show(
      'interrupted',
      t('robust.restore.interruptedTitle'),
      t('robust.restore.interrupted', { file: started.file, when: formatDate(started.startedAt) }),
    );
  } catch (err) {
    console.warn('Rivulet: could not check for an unfinished restore', err);
  }
}

function show(kind: 'finished' | 'interrupted', title: string, text: string): void {
  const id = `restore-${kind}`;
  notifications.show({
    id,
    color: kind === 'finished' ? 'teal' : 'orange',
    title,
    autoClose: false,
    'data-testid': `restore-${kind}-notice`,
    message: (
      <>
        <Text size="sm">{text}</Text>
        {kind === 'interrupted' && (
          <Button
            size="compact-sm"
            variant="default"
            mt="xs"
            data-testid="restore-again"
            onClick={() => {
              notifications.hide(id);
              navigateTo('/download');
            }}
          >
            {t('robust.restore.again')}
          </Button>
        )}
      </>
    ),
  });
}
