/**
 * "Show in lists again" for articles a rule hid: from a row of the Hidden view, or all of them
 * at once. One engine call; the change can be undone (Z or the toast's Undo hides them again).
 */
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { withEngine } from '../queries/engine';
import { makeChange, recordUndo } from '../undo/undoStore';

/** Shows these articles in lists again; `all` takes every hidden article (the ids are ignored). */
export async function unhide(ids: number[] | 'all'): Promise<void> {
  // Under way at once (undoStore.ts): a z pressed before the engine answers takes this back.
  await makeChange(async (made) => {
    try {
      const token = await withEngine(async (e) =>
        e.state.markHidden(ids === 'all' ? await e.state.hiddenIds() : ids, false),
      );
      recordUndo(token, (count) => t('keys.undo.unhidden', { count }), { made });
    } catch (err) {
      notifications.show({ color: 'red', title: t('items.changeFailed'), message: errorText(err) });
    }
  });
}
