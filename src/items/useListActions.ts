/**
 * The actions an items list offers on its rows (toggle read/saved, mark everything above,
 * open in the reader with autoRead) over `useItemsData`, with failures reported as toasts.
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ItemRow } from '../engine/contract';
import { t } from '../i18n';
import { FLAG_READ, FLAG_SAVED } from '../screens/items/flags';
import { type Batcher, createBatcher, ScrollPastTracker } from './autoRead';
import type { ItemsData } from './useItemsData';
import { errorText } from '../i18n/errorText';

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
  /** Feed the visible range here; rows seen and scrolled past get marked read (autoRead). */
  onRange: (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => void;
  /** Forget which rows were seen (after a reload). */
  resetSeen: () => void;
}

/** See {@link ListActions}. `autoRead` turns scroll-past marking on. */
export function useListActions(data: ItemsData, autoRead: boolean): ListActions {
  const rowsRef = useRef(data.rows);
  const setFlagRef = useRef(data.setFlag);
  useEffect(() => {
    rowsRef.current = data.rows;
    setFlagRef.current = data.setFlag;
  });
  const tracker = useMemo(() => new ScrollPastTracker(), []);
  const batcherRef = useRef<Batcher | null>(null);
  useEffect(() => {
    const batcher = createBatcher((ids) => {
      const wanted = new Set(ids);
      const rows = rowsRef.current.filter((r) => wanted.has(r.id));
      setFlagRef.current(rows, FLAG_READ, true).catch(report);
    });
    batcherRef.current = batcher;
    return () => batcher.flush();
  }, []);

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
      data.setFlag(above, FLAG_READ, true).catch(report);
    },
    [data],
  );
  const onRange = useCallback(
    (first: number, last: number, rowAt: (index: number) => ItemRow | undefined) => {
      if (!autoRead) return;
      const past = tracker.update(first, last, (i) => {
        const r = rowAt(i);
        return r && (r.flags & FLAG_READ) === 0 ? r.id : undefined;
      });
      if (past.length > 0) batcherRef.current?.add(past);
    },
    [autoRead, tracker],
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
