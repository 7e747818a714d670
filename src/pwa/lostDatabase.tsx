import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EngineEvent } from '../engine/contract';
import { t } from '../i18n';
import { navigateTo } from '../routes/navigation';
import { keepChange } from '../undo/undoKeep';

type Loss = Extract<EngineEvent, { type: 'storage-lost' }>['reason'];

// Survives the reload (sessionStorage is per tab), so the fresh page can say what happened.
const LOST_KEY = 'rivulet-db-lost';

/**
 * The engine lost its database under the running app (deleted by "clear site data", evicted,
 * closed by DevTools, or upgraded by a newer tab). What this page shows no longer exists, and the
 * engine refuses every call rather than answer from memory; so the page notes why and reloads,
 * which starts a new engine over what storage holds now (empty, or whatever a restore put there).
 */
export function reloadAfterLoss(reason: Loss, reload: () => void = () => window.location.reload()): void {
  try {
    sessionStorage.setItem(LOST_KEY, JSON.stringify({ reason, at: Date.now() }));
  } catch {
    // Without sessionStorage the reload still shows the true state, just without the notice.
  }
  // The kept undo names articles by id in the database that went: a recreated one reuses ids.
  keepChange(null);
  reload();
}

/** The loss noted before the last reload, once (it is removed as it is read). */
export function takeLoss(): { reason: Loss; at: number } | null {
  try {
    const raw = sessionStorage.getItem(LOST_KEY);
    sessionStorage.removeItem(LOST_KEY);
    const value = JSON.parse(raw ?? 'null') as { reason?: unknown; at?: unknown } | null;
    if (!value || typeof value.at !== 'number') return null;
    const reason = value.reason === 'upgraded' || value.reason === 'closed' ? value.reason : 'deleted';
    return { reason, at: value.at };
  } catch {
    return null;
  }
}

/** Tells the person, after the reload, what happened and what is stored now. */
export function showLoss(loss: { reason: Loss }, items: number): void {
  const upgraded = loss.reason === 'upgraded';
  notifications.show({
    id: 'storage-lost',
    color: upgraded ? 'blue' : 'orange',
    title: t(upgraded ? 'robust.lost.upgradedTitle' : 'robust.lost.deletedTitle'),
    autoClose: false,
    'data-testid': 'storage-lost-notice',
    message: upgraded ? (
      t('robust.lost.upgraded')
    ) : (
      <>
        <Text size="sm">{t('robust.lost.deleted', { items: t('robust.lost.items', { count: items }) })}</Text>
        <Button
          size="compact-sm"
          variant="default"
          mt="xs"
          data-testid="storage-lost-restore"
          onClick={() => {
            notifications.hide('storage-lost');
            navigateTo('/download');
          }}
        >
          {t('robust.lost.restore')}
        </Button>
      </>
    ),
  });
}
