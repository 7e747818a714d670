import { Button, Group, Kbd, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { withEngine } from '../queries/engine';
import { onJobFinished } from '../subscriptions/jobStore';
import { offerResumedUndo } from './resumedMarks';
import { undoneText } from './undoneWords';
import { clearUndo, onUndoChange, pendingUndo, settleChanges, undoLast, type UndoEntry } from './undoStore';

/** How long the notice stays (ms); `z` keeps working after it faded, until a newer change. */
const NOTICE_MS = 10_000;

let results = 0;
let resultShown: string | null = null;

/** Takes back the last bulk change (the notice's button and the `z` key) and says how it went. */
export async function runUndo(): Promise<void> {
  // Marks still batched or on their way are recorded first: they are part of the last change.
  await settleChanges();
  const entry = pendingUndo();
  try {
    const restored = await undoLast((token) => withEngine((e) => e.state.undo(token)));
    // A change still pending was declined when asked (it stays to undo), or is one the undo made
    // itself, whose own notice says what happened (undoing an import unsubscribes, undoably).
    if (entry && pendingUndo()) return;
    // Worded by what the change was (undoneWords.ts); fewer back than it touched (articles gone
    // since, or already changed back by hand) adds how many.
    const done =
      entry?.done ?? ((count: number) => undoneText(entry?.token ?? null, count, entry?.count ?? count));
    // Each result has its own notice (the one before is closed): a notice whose id is still
    // shown would swallow the next one, and a second undo within seconds would say nothing.
    if (resultShown) notifications.hide(resultShown);
    resultShown = `undo-result-${++results}`;
    notifications.show({
      id: resultShown,
      message: restored === null ? t('keys.undo.nothing') : done(restored),
      autoClose: 3000,
    });
  } catch (err) {
    // A change the engine can no longer take back (an unsubscribe's copy is gone) is forgotten,
    // so Z does not fail the same way again; any other failure keeps it to try again.
    if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'undo_expired') clearUndo();
    notifications.show({ color: 'red', title: t('keys.undo.failed'), message: errorText(err) });
  }
}

function Notice({ entry }: { entry: UndoEntry }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="undo-notice">
      <Text size="sm">{entry.label(entry.count)}</Text>
      <Group gap={6} wrap="nowrap">
        <Kbd size="xs" visibleFrom="sm" title={t('keys.undo.hint')}>
          Z
        </Kbd>
        <Button size="compact-sm" variant="light" onClick={() => void runUndo()} data-testid="undo-button">
          {t('keys.undo.button')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * Shows a notice with Undo for every recorded bulk change (src/undo/undoStore.ts). A scroll burst
 * merged into the shown change updates that notice instead of stacking new ones. Records the
 * marks this page finished for the page before it (resumedMarks.ts). Mount once.
 */
export function UndoHost(): null {
  // A mark the page before left unfinished, finished by this one, is offered for undo too.
  useEffect(() => onJobFinished((job) => void offerResumedUndo(job)), []);
  useEffect(() => {
    let shown: number | null = null;
    return onUndoChange((entry) => {
      if (shown !== null && entry?.id !== shown) notifications.hide(`undo-${shown}`);
      if (!entry) {
        shown = null;
        return;
      }
      const props = {
        id: `undo-${entry.id}`,
        message: <Notice entry={entry} />,
        autoClose: NOTICE_MS,
        withCloseButton: true,
      };
      if (shown === entry.id) notifications.update(props);
      else notifications.show(props);
      shown = entry.id;
    });
  }, []);
  return null;
}
