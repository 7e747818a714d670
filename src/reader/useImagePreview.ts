/**
 * The delegated click listener that opens the image preview: one listener on `document` for
 * every reading area, present or future, installed at start-up (it was installed a second later,
 * and a tap on a picture right after a reload did nothing; adding one listener costs nothing).
 */
import { openPreview, type PreviewImage } from './imagePreviewStore';

/** Attribute marking a container whose images open the preview. */
export const READING_AREA_ATTR = 'data-reading-area';
const DEBOUNCE_MS = 100;

function previewable(img: HTMLImageElement): boolean {
  return !img.classList.contains('noclick') && Boolean(img.currentSrc || img.getAttribute('src'));
}

/** All previewable images of a reading area, in document order. */
export function collectImages(area: Element): PreviewImage[] {
  return Array.from(area.querySelectorAll('img'))
    .filter(previewable)
    .map((element) => ({
      src: element.currentSrc || element.getAttribute('src') || '',
      alt: element.getAttribute('alt') ?? '',
      element,
    }));
}

/**
 * Handles one click: when it lands on a previewable image inside a reading area, cancels the
 * click (images wrapped in links would otherwise leave the app) and, after a quiet 100 ms
 * (debounce), opens the preview with all images of that area.
 */
function createClickHandler(): { onClick: (event: MouseEvent) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.defaultPrevented) return;
    const target = event.target;
    if (!(target instanceof HTMLImageElement) || !previewable(target)) return;
    const area = target.closest(`[${READING_AREA_ATTR}]`);
    if (!area) return;
    event.preventDefault();
    clearTimeout(timer);
    timer = setTimeout(() => {
      const images = collectImages(area);
      openPreview(
        images,
        images.findIndex((i) => i.element === target),
      );
    }, DEBOUNCE_MS);
  };
  return { onClick, cancel: () => clearTimeout(timer) };
}

/**
 * Installs the preview's click listener on `document`. Call once at app start; it serves readers
 * mounted before and after it. Returns an uninstaller (for tests and hot reload). Calling it
 * twice installs twice: don't.
 */
export function installImagePreview(doc: Document = document): () => void {
  const { onClick, cancel } = createClickHandler();
  doc.addEventListener('click', onClick);
  return () => {
    cancel();
    doc.removeEventListener('click', onClick);
  };
}
