/**
 * Which kind of pointer the person is using now, on the root element: `data-pointer="mouse"`
 * after a mouse or trackpad moves or presses, removed again by a touch. A tablet reports no
 * hover and a coarse pointer for its screen even with a trackpad or mouse attached (an iPad in a
 * keyboard case), so the media queries alone took the rows' hover buttons and the tooltips from
 * that mouse; the CSS that hides them for a finger (`(hover: none) and (pointer: coarse)`) keeps
 * them while this says mouse. A pen counts as neither: it leaves the last kind in place.
 */
export function watchPointerKind(
  root: HTMLElement = document.documentElement,
  target: Window = window,
): () => void {
  const seen = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') {
      if (root.dataset.pointer !== 'mouse') root.dataset.pointer = 'mouse';
    } else if (e.pointerType === 'touch' && root.dataset.pointer !== undefined) delete root.dataset.pointer;
  };
  const options = { capture: true, passive: true };
  target.addEventListener('pointermove', seen, options);
  target.addEventListener('pointerdown', seen, options);
  return () => {
    target.removeEventListener('pointermove', seen, options);
    target.removeEventListener('pointerdown', seen, options);
  };
}
