import { useState } from 'react';

/**
 * `url` until the image fails to load, then undefined, so the caller draws its fallback (or
 * nothing) instead of the browser's broken-image icon; a different `url` is tried afresh. Wire
 * `onError` to the `<img>`.
 */
export function useImageUntilError(url: string | undefined): {
  src: string | undefined;
  onError: () => void;
} {
  const [failed, setFailed] = useState<string | null>(null);
  return { src: url && url !== failed ? url : undefined, onError: () => setFailed(url ?? null) };
}
