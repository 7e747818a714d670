import { Text } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useState } from 'react';
import { useT } from '../i18n';
import classes from './ItemsView.module.css';

const KEY = 'rivulet.columnListWidth';
const DEFAULT_WIDTH = 380;
const MIN = 260;

function clampWidth(px: number): number {
  const max = Math.max(MIN, window.innerWidth - 620);
  return Math.round(Math.min(Math.max(px, MIN), max));
}

function storedWidth(): number {
  const n = Number(window.localStorage.getItem(KEY));
  return clampWidth(Number.isFinite(n) && n > 0 ? n : DEFAULT_WIDTH);
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
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = width;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    let last = startW;
    const onMove = (ev: globalThis.PointerEvent) => {
      last = clampWidth(startW + ev.clientX - startX);
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
      <div className={classes.listPane} style={column ? { width } : undefined} data-testid="items-list-pane">
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
              const next = clampWidth(width + (e.key === 'ArrowLeft' ? -24 : 24));
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
