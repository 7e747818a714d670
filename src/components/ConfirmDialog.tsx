import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { Dialog } from './Dialog';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * Where the keyboard goes once the dialog has closed, when the control that was focused as it
   * opened has left the page meanwhile (a menu's entry: the focus would drop to the page's body).
   * While that control is still there, the dialog gives the focus back to it, as always.
   */
  focusAfter?: () => void;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
  /** What had the focus when `confirm()` was called. */
  focusedAtOpen: Element | null;
}

/** How long after closing the focus is checked (see `focusAfter`): the Modal's fade and then some. */
const FOCUS_SETTLED_MS = 300;
/**
 * How long the opener is watched after that while it keeps the focus (or nothing does), and how
 * often. Long: in a fresh-clone CI on two loaded cores a saved filter's row (its Delete the
 * opener) left more than 5 s after the dialog closed, and the focus stayed on the body. A check
 * every 100 ms costs nothing, and it stops as soon as the focus is anywhere else.
 */
const FOCUS_WATCH_MS = 30_000;
const FOCUS_WATCH_STEP_MS = 100;

let opener: ((options: ConfirmOptions) => Promise<boolean>) | null = null;

/**
 * Asks the person to confirm. Resolves true on Confirm or `y`, false on Cancel, `n`, Esc or a
 * click outside. Rejects when no `<ConfirmProvider>` is mounted. A second call while one dialog
 * is open answers the first with false and replaces it.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (!opener) return Promise.reject(new Error('confirm() needs <ConfirmProvider> mounted'));
  return opener(options);
}

/** Mount once near the root; renders the dialog that `confirm()` drives. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  // The one just answered, until its fade has ended (see `focusAfter`).
  const closingRef = useRef<Pending | null>(null);

  const settle = useCallback((ok: boolean) => {
    const current = pendingRef.current;
    if (!current) return;
    pendingRef.current = null;
    closingRef.current = current;
    setPending(null);
    current.resolve(ok);
  }, []);

  useEffect(() => {
    opener = (options) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve, focusedAtOpen: document.activeElement };
        pendingRef.current = next;
        setPending(next);
      });
    return () => {
      opener = null;
      pendingRef.current?.resolve(false);
      pendingRef.current = null;
    };
  }, []);

  // Once a dialog has closed, its fade ended (200 ms) and the Modal's own focus return run (10 ms
  // after closing, to the control focused as it opened), a focus that fell to the page's body is
  // given to `focusAfter`. A fixed wait rather than the fade's end: that event never comes when
  // transitions are off (reduced motion, tests), and checking late only finds the focus settled.
  // The control that opened the dialog may still hold the focus then and leave later: the change
  // it confirmed lands when a refetch answers, which on a busy page is after the wait (a saved
  // filter's Delete button went with its row ~0.5 s late and the focus fell to the body). So while
  // it holds the focus (or nothing does), the check looks again every `FOCUS_WATCH_STEP_MS` for `FOCUS_WATCH_MS`.
  useEffect(() => {
    const closed = closingRef.current;
    if (pending || !closed?.focusAfter) return;
    closingRef.current = null;
    const opener = closed.focusedAtOpen;
    let waited = FOCUS_SETTLED_MS;
    const check = () => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body;
      // Still in this dialog: on a loaded machine it may not have finished closing by the first
      // look, and the focus goes back to the opener only then; a watch that stopped there would
      // miss the opener's row leaving later.
      const closing = focused?.closest('[data-confirm-root]') != null;
      if (lost && !opener?.isConnected) closed.focusAfter?.();
      else if ((lost || closing || focused === opener) && waited < FOCUS_WATCH_MS) {
        waited += FOCUS_WATCH_STEP_MS;
        timer = window.setTimeout(check, FOCUS_WATCH_STEP_MS);
      }
    };
    let timer = window.setTimeout(check, FOCUS_SETTLED_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  useEffect(() => {
    if (!pending) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const key = e.key.toLowerCase();
      if (key !== 'y' && key !== 'n') return;
      e.preventDefault();
      e.stopPropagation();
      settle(key === 'y');
    };
    // Capture phase so list shortcuts underneath never see y/n while the dialog is up.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [pending, settle]);

  return (
    <>
      {children}
      <Dialog
        opened={pending !== null}
        onClose={() => settle(false)}
        data-confirm-root
        title={pending?.title}
        size={400}
        // Above every other modal (settings asks for confirmation from inside its own dialog).
        zIndex={1000}
        centered
        styles={{ title: { fontWeight: 600 } }}
      >
        <div data-testid="confirm-dialog">
          <Text size="sm" c="dimmed" data-testid="confirm-message">
            {pending?.message}
          </Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={() => settle(false)} data-testid="confirm-cancel">
              {pending?.cancelLabel ?? t('common.cancel')}
              <Kbd>N</Kbd>
            </Button>
            <Button onClick={() => settle(true)} data-testid="confirm-ok" data-autofocus>
              {pending?.confirmLabel ?? t('common.confirm')}
              <Kbd>Y</Kbd>
            </Button>
          </Group>
        </div>
      </Dialog>
    </>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      data-key-hint
      style={{ marginLeft: 8, opacity: 0.6, fontSize: '0.85em', fontWeight: 400 }}
    >
      {children}
    </span>
  );
}
