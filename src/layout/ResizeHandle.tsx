import { useRef } from 'react';
import { useT } from '../i18n';
import { DEFAULT_SIDEBAR, clampSidebarWidth } from './sidebarWidth';
import classes from './IndexLayout.module.css';

interface ResizeHandleProps {
  width: number;
  /** Called on every move while dragging (live preview, not saved); null ends the preview. */
  onPreview: (px: number | null) => void;
  /** Called once when the drag ends or on a keyboard step (saved). */
  onCommit: (px: number) => void;
}

/**
 * The sidebar's draggable right edge. Pointer capture keeps the drag alive outside the handle;
 * arrow keys step by 16 px and a double click restores the default width.
 */
export function ResizeHandle({ width, onPreview, onCommit }: ResizeHandleProps) {
  const t = useT();
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);
  return (
    <div
      className={classes.resizer}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('nav.resizeSidebar')}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="sidebar-resizer"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { startX: e.clientX, startWidth: width, last: width };
        e.preventDefault();
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        d.last = clampSidebarWidth(d.startWidth + e.clientX - d.startX);
        onPreview(d.last);
      }}
      onPointerUp={() => {
        const d = drag.current;
        drag.current = null;
        if (!d) return;
        if (d.last !== d.startWidth) onCommit(d.last);
        else onPreview(null);
      }}
      onPointerCancel={() => {
        const d = drag.current;
        drag.current = null;
        if (d) onPreview(null);
      }}
      onDoubleClick={() => onCommit(DEFAULT_SIDEBAR)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          onCommit(clampSidebarWidth(width + (e.key === 'ArrowRight' ? 16 : -16)));
        }
      }}
    />
  );
}
