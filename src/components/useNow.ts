import { useEffect, useState } from 'react';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The current Unix time in seconds, refreshed every `everyMs` (a minute by default) so
 * "5 min ago" labels stay true. The one "now" hook of the UI: lists use the default, the feed
 * table's "checked 20 s ago" asks for 30 s.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
