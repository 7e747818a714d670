import { Text } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useEffect, useState } from 'react';
import { useT } from '../i18n';
import classes from './ItemsView.module.css';

const KEY = 'rivulet.columnListWidth';
const DEFAULT_WIDTH = 380;
const MIN = 260;
/** The reader pane keeps at least this much (px): room for the toolbar and a readable column. */
const READER_MIN = 440;

function clampWidth(px: number, room = window.innerWidth): number {
  const max = Math.max(MIN, room - READER_MIN);
  return Math.round(Math.min(Math.max(px, MIN), max));
}

/**
 * The reader's chosen list width (or the default), not fitted to the window: fitted here, a page
 * opened in a narrow window kept the narrowest list after the window grew.
 */
function storedWidth(): number {
  const n = Number(window.localStorage.getItem(KEY));
  return Math.round(Math.max(MIN, Number.isFinite(n) && n > 0 ? n : DEFAULT_WIDTH));
}

/** The width of the list pane's parent (both panes), kept current with a ResizeObserver. */
function useRoom() {
  const [room, setRoom] = useState(0);
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const parent = node?.parentElement;
    if (!parent) return;
    const observer = new ResizeObserver(() => setRoom(parent.clientWidth));
    observer.observe(parent); // reports the first size at once
    return () => observer.disconnect();
  }, [node]);
  return { ref: setNode, room };
}

/**
 * The list pane, and in column view a draggable divider and the reader pane beside it. The
 * list width is remembered in localStorage (a layout preference of this browser, not a setting).
 */
export function ColumnSplit({
  column,
  reader,
  hasReader,
  children,
}: {
  column: boolean;
  reader: ReactNode;
  hasReader: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const [width, setWidth] = useState(storedWidth);
  // The room the two panes share (the sidebar takes its part of the window); the list gives way
  // so the reader keeps READER_MIN. The stored width is not changed by this.
  const { ref: paneRef, room } = useRoom();
  const shown = column ? clampWidth(width, room || undefined) : width;
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = shown;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    let last = startW;
    const onMove = (ev: globalThis.PointerEvent) => {
      last = clampWidth(startW + ev.clientX - startX, room || undefined);
      setWidth(last);
    };
    const onUp = () => {
      target.removeEventListener('pointermove', onMove);
      target.removeEventListener('pointerup', onUp);
      window.localStorage.setItem(KEY, String(last));
    };
    target.addEventListener('pointermove', onMove);
    target.addEventListener('pointerup', onUp);
  };
  return (
    <>
      <div
        ref={paneRef}
        className={classes.listPane}
        style={column ? { width: shown } : undefined}
        data-testid="items-list-pane"
      >
        {children}
      </div>
      {column && (
        <>
          <div
            className={classes.splitter}
            role="separator"
            aria-orientation="vertical"
            aria-label={t('items.column.resize')}
            tabIndex={0}
            onPointerDown={onPointerDown}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              e.stopPropagation();
              const next = clampWidth(shown + (e.key === 'ArrowLeft' ? -24 : 24), room || undefined);
              setWidth(next);
              window.localStorage.setItem(KEY, String(next));
            }}
            data-testid="column-splitter"
          />
          <div className={classes.readerPane} data-testid="reader-pane">
            {hasReader ? (
              reader
            ) : (
              <div className={classes.placeholder}>
                <IconArticle size={36} stroke={1.3} />
                <Text size="sm">{t('items.column.pick')}</Text>
                <Text size="xs" c="dimmed">
                  {t('items.column.keys')}
                </Text>
              </div>
            )}
          </div>
        </>
      )}
    </>
  );
}
