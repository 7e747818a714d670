// The one place that uses Mantine's Modal directly (eslint.config.js): every dialog goes through here.
// eslint-disable-next-line no-restricted-imports
import { Modal, type ModalProps } from '@mantine/core';

/**
 * Mantine's Modal, saying on its root when it is closing (`data-closing`, from the render that
 * closed it). Its fade starts a frame or two later, and until then it still looks open; the
 * shortcuts (src/reader/shortcuts.ts, `overlayOpen`) read the attribute so a key pressed right
 * after closing a dialog (Esc and at once `/`) reaches the page instead of the closing dialog.
 */
export function Dialog(props: ModalProps) {
  return <Modal {...props} data-closing={!props.opened || undefined} />;
}
