import { useEffect, useState } from 'react';
import { usePreviewState } from '../reader/imagePreviewStore';

/**
 * True while the image preview is open and for one task after it closes. The Escape that closes
 * the preview is still travelling up to `window` when React re-renders; without this guard the
 * reader would re-attach its keys in time to see that same Escape and close too.
 */
export function usePreviewGuard(): boolean {
  const open = usePreviewState() !== null;
  const [holding, setHolding] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setHolding(true);
  }
  useEffect(() => {
    if (!holding) return;
    const t = setTimeout(() => setHolding(false), 0);
    return () => clearTimeout(t);
  }, [holding]);
  return open || holding;
}
