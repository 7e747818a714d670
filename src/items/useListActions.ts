/**
 * The actions an items list offers on its rows (toggle read/saved, mark everything above,
 * open in the reader with autoRead) over `useItemsData`, with failures reported as toasts.
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ItemRow, UndoToken } from '../engine/contract';
import { writeFlags } from './flagJournal';
import { t } from '../i18n';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { type Batcher, createBatcher, ScrollPastTracker } from './autoRead';
import type { ItemsData } from './useItemsData';
import { errorText } from '../i18n/errorText';
import { holdChanges, makeChange, recordUndo } from '../undo/undoStore';

function report(err: unknown): void {
  console.warn('Rivulet: could not change the article', err);
  notifications.show({
    color: 'red',
    title: t('items.changeFailed'),
    message: errorText(err),
  });
}

export interface ListActions {
  toggleRead: (row: ItemRow) => void;
  toggleSaved: (row: ItemRow) => void;
  markRead: (row: ItemRow) => void;
  markAbove: (index: number) => void;
  /** Feed the visible range here; rows seen and scrolled past get marked read (markOnScroll). */
  onRange: (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => void;
  /** Forget which rows were seen (after a reload). */
  resetSeen: () => void;
}

/**
 * See {@link ListActions}. `markOnScroll` turns scroll-past marking on (the setting
 * `markReadOnScroll`, off by default); each burst of it is one change to undo, as is "mark above".
 * `burst` names the list, so batches of another list never merge into this one's undo.
 */
export function useListActions(data: ItemsData, markOnScroll: boolean, burst: string): ListActions {
  const rowsRef = useRef(data.rows);
  const setFlagRef = useRef(data.setFlag);
  useEffect(() => {
    rowsRef.current = data.rows;
    setFlagRef.current = data.setFlag;
  });
  const tracker = useMemo(() => new ScrollPastTracker(), []);
  const batcherRef = useRef<Batcher | null>(null);
  // One batcher per list: leaving a list (unmount, or another list in the same view) sends what
  // is still waiting straight to the engine, so no scroll mark is lost and none lands in the
  // next list's rows.
  useEffect(() => {
    let leaving = false;
    const label = (count: number) => t('keys.undo.scrolledRead', { count });
    const batcher = createBatcher((ids) => {
      // Under way from now: an undo waits for this batch's record (undoStore.ts), so z takes it
      // back with the rest of the burst.
      void makeChange((made) => {
        const record = (token: UndoToken | null) =>
          token && recordUndo(token, label, { burst: `scroll ${burst}`, made });
        if (leaving) return writeFlags({ ids, bit: FLAG_READ, on: true }).then(record).catch(report);
        const wanted = new Set(ids);
        const rows = rowsRef.current.filter((r) => wanted.has(r.id));
        return setFlagRef.current(rows, FLAG_READ, true).then(record).catch(report);
      });
    });
    batcherRef.current = batcher;
    // An undo (z, the notice's button) sends the batch still waiting first, as part of the burst.
    const release = holdChanges(() => batcher.flush());
    return () => {
      leaving = true;
      batcher.flush();
      release();
      tracker.reset();
    };
  }, [burst, tracker]);

  const toggleRead = useCallback(
    (row: ItemRow) => data.setFlag([row], FLAG_READ, (row.flags & FLAG_READ) === 0).catch(report),
    [data],
  );
  const toggleSaved = useCallback(
    (row: ItemRow) => data.setFlag([row], FLAG_SAVED, (row.flags & FLAG_SAVED) === 0).catch(report),
    [data],
  );
  const markRead = useCallback((row: ItemRow) => data.setFlag([row], FLAG_READ, true).catch(report), [data]);
  const markAbove = useCallback(
    (index: number) => {
      const above = data.rows.slice(0, index).filter((r) => (r.flags & FLAG_READ) === 0);
      // Under way at once: a z pressed before the engine answers takes this back, not the change before.
      void makeChange((made) =>
        data
          .setFlag(above, FLAG_READ, true)
          .then(
            (token) => token && recordUndo(token, (count) => t('keys.undo.markedRead', { count }), { made }),
          )
          .catch(report),
      );
    },
    [data],
  );
  const onRange = useCallback(
    (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => {
      if (!markOnScroll) return;
      const past = tracker.update(first, last, (i) => {
        const r = rowAt(i);
        return r && (r.flags & FLAG_READ) === 0 ? r.id : undefined;
      });
      if (past.length > 0) batcherRef.current?.add(past);
    },
    [markOnScroll, tracker],
  );
  return {
    toggleRead: (row) => void toggleRead(row),
    toggleSaved: (row) => void toggleSaved(row),
    markRead: (row) => void markRead(row),
    markAbove,
    onRange,
    resetSeen: () => tracker.reset(),
  };
}
