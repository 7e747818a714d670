import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../i18n';
import { useOverlayEntry } from '../app/overlayEntry';
import {
  closePreview,
  reopenPreview,
  showPreviewAt,
  stepPreview,
  usePreviewState,
  type PreviewImage,
} from './imagePreviewStore';
import { useShortcuts } from './shortcuts';
import './imagePreview.css';
import { Dialog } from '../components/Dialog';

const HIGHLIGHT_MS = 1600;
/** The mark of the preview's history entry. */
const PREVIEW_FLAG = 'rivuletImagePreview';

/** Closes the preview, then brings the image into view in the article and flashes it. */
function viewInArticle(image: PreviewImage): void {
  closePreview();
  // After the modal has released scroll lock and focus, or the scroll is undone.
  setTimeout(() => {
    if (!image.element.isConnected) return;
    image.element.scrollIntoView({ behavior: 'smooth', block: 'center' });
    image.element.classList.add('rv-image-highlight');
    setTimeout(() => image.element.classList.remove('rv-image-highlight'), HIGHLIGHT_MS);
  }, 0);
}

/**
 * The fullscreen image preview. Render once near the app root (inside MantineProvider); it
 * shows whatever `installImagePreview()`'s click listener opened. ← / → move with wrap-around,
 * Esc closes.
 */
export function ImagePreviewHost() {
  const t = useT();
  const state = usePreviewState();
  const [thumbs, setThumbs] = useState(false);
  const open = state !== null;
  // A history entry while open: a phone's Back closes the preview, not the article under it.
  useOverlayEntry(PREVIEW_FLAG, open, { open: reopenPreview, close: closePreview });
  useShortcuts(
    { ArrowLeft: () => stepPreview(-1), ArrowRight: () => stepPreview(1), Escape: () => closePreview() },
    // The preview is a dialog itself: its keys work while it is the one open.
    { enabled: open, overlay: true },
  );
  const current = state?.images[state.index];
  const many = (state?.images.length ?? 0) > 1;
  return (
    <Dialog
      opened={open}
      onClose={closePreview}
      fullScreen
      withCloseButton={false}
      padding={0}
      classNames={{ content: 'rv-preview', body: 'rv-preview-body' }}
      aria-label={t('reader.imagePreview')}
    >
      {state && current && (
        <div data-testid="image-preview" className="rv-preview-frame">
          <Group justify="space-between" className="rv-preview-bar" wrap="nowrap">
            <Text data-testid="image-preview-counter" size="sm" c="gray.3">
              {t('reader.imageCounter', { n: state.index + 1, total: state.images.length })}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <UnstyledButton
                className="rv-preview-text-button"
                data-testid="image-preview-thumbs-toggle"
                aria-pressed={thumbs}
                onClick={() => setThumbs((t) => !t)}
              >
                {thumbs ? t('reader.hideThumbnails') : t('reader.thumbnails')}
              </UnstyledButton>
              <UnstyledButton
                className="rv-preview-text-button"
                data-testid="image-preview-view-in-article"
                onClick={() => viewInArticle(current)}
              >
                {t('reader.viewInArticle')}
              </UnstyledButton>
              <Tooltip label={t('reader.closeTip')}>
                <ActionIcon
                  variant="subtle"
                  color="gray.2"
                  size="lg"
                  aria-label={t('reader.closePreview')}
                  data-testid="image-preview-close"
                  onClick={closePreview}
                >
                  ✕
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <div className="rv-preview-stage">
            {many && (
              <ActionIcon
                className="rv-preview-arrow rv-preview-prev"
                variant="filled"
                color="dark.5"
                size="xl"
                radius="xl"
                aria-label={t('reader.prevImage')}
                data-testid="image-preview-prev"
                onClick={() => stepPreview(-1)}
              >
                ‹
              </ActionIcon>
            )}
            <img
              key={current.src}
              data-testid="image-preview-img"
              className="rv-preview-img"
              src={current.src}
              alt={current.alt}
              referrerPolicy="no-referrer"
            />
            {many && (
              <ActionIcon
                className="rv-preview-arrow rv-preview-next"
                variant="filled"
                color="dark.5"
                size="xl"
                radius="xl"
                aria-label={t('reader.nextImage')}
                data-testid="image-preview-next"
                onClick={() => stepPreview(1)}
              >
                ›
              </ActionIcon>
            )}
          </div>
          {current.alt && (
            <Text ta="center" size="sm" c="gray.4" pb="xs">
              {current.alt}
            </Text>
          )}
          {thumbs && (
            <div className="rv-preview-thumbs" data-testid="image-preview-thumbs">
              {state.images.map((img, i) => (
                <button
                  type="button"
                  key={`${i}-${img.src}`}
                  className="rv-preview-thumb"
                  aria-current={i === state.index}
                  aria-label={t('reader.imageN', { n: i + 1 })}
                  onClick={() => showPreviewAt(i)}
                >
                  <img src={img.src} alt="" referrerPolicy="no-referrer" loading="lazy" />
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
