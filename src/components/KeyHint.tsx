import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * A touch-only device (a phone, a tablet without a mouse): no keys to press, no hover. The same
 * query hides `[data-key-hint]` (src/theme/global.css).
 */
export const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

/** Whether this is a touch-only device ({@link TOUCH_ONLY}), live. */
export function useTouchOnly(): boolean {
  return useMediaQuery(TOUCH_ONLY, false, { getInitialValueInEffect: false });
}

/**
 * The key of a menu entry's action, dimmed at its right ("m" beside "Mark as read"), written
 * from the key map (`keyHint`). A pure keyboard hint: a touch-only device hides it
 * (`[data-key-hint]`, src/theme/global.css). A span, so it may sit inside a label or a line.
 */
export function KeyHint({ children }: { children: string }) {
  return (
    <Text component="span" size="xs" c="dimmed" data-key-hint="">
      {children}
    </Text>
  );
}
