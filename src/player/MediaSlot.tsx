import { useLayoutEffect, useRef } from 'react';
import { getPlayer } from './player';

/**
 * A box the player's media element may be moved into (see playerStore.ts): the reader's player
 * offers one with a higher priority than the mini-player's, so a video shows in the reader while
 * its article is open and in the mini-player otherwise, without ever stopping.
 */
export function MediaSlot({
  priority,
  className,
  testId,
}: {
  priority: number;
  className?: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  // A layout effect: its cleanup runs before React takes the box out of the page, so the
  // element is moved away first and never leaves the document (a passive effect would be late).
  useLayoutEffect(() => {
    const el = ref.current;
    return el ? getPlayer().attachSlot(el, priority) : undefined;
  }, [priority]);
  return <div ref={ref} className={className} data-testid={testId} />;
}
