import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, t } from '../i18n';
import { withEngine } from '../queries/engine';
import { navigateTo } from '../routes/navigation';
import { applyRestore } from '../screens/download/backupFile';
import { clearRestoreMarker, readRestoreMarker } from '../screens/download/restoreMarker';

/**
 * At start-up, finishes or reports a restore the last session did not see through. The engine
 * keeps a committed restore's settings beside its data until the page applies them; a marker
 * says a restore was started. So: settings waiting → apply them now (data and settings are
 * then both the backup's) and, when this browser started that restore, say it finished; a
 * marker without waiting settings → the restore never committed, nothing changed: say so and
 * offer to restore again. Never rejects.
 */
export async function settleRestore(): Promise<void> {
  try {
    const marker = readRestoreMarker();
    const pending = await withEngine((e) => e.backup.pendingSettings());
    if (pending) {
      await applyRestore(pending.restoreId, pending.settings, pending.mode);
      if (marker?.id === pending.restoreId)
        show(
          'finished',
          t('robust.restore.finishedTitle'),
          t('robust.restore.finished', { file: marker.file }),
        );
      return;
    }
    if (!marker) return;
    clearRestoreMarker(marker.id);
    show(
      'interrupted',
      t('robust.restore.interruptedTitle'),
      t('robust.restore.interrupted', { file: marker.file, when: formatDate(marker.startedAt) }),
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
