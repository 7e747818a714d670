import { Text } from '@mantine/core';

/**
 * The key of a menu entry's action, dimmed at its right ("m" beside "Mark as read"), written
 * from the key map (`keyHint`). A pure keyboard hint: a touch-only device hides it
 * (`[data-key-hint]`, src/theme/global.css).
 */
export function KeyHint({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed" data-key-hint="">
      {children}
    </Text>
  );
}
