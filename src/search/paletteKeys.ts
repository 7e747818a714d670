/** What a key press in the search palette asks for. */
export type PaletteAction =
  { type: 'move'; active: number } | { type: 'open'; index: number } | { type: 'all' } | { type: 'none' };

/**
 * The palette's keyboard rules. Entries are the `count` results, then "See all results" (only
 * when there is a query). ↑/↓ move and wrap around; Enter opens the active result or, on the
 * last entry, the full results page; anything else is not the palette's business ('none').
 */
export function paletteKey(key: string, active: number, count: number, hasQuery: boolean): PaletteAction {
  const total = count + (hasQuery ? 1 : 0);
  if (total === 0) return { type: 'none' };
  const current = Math.min(Math.max(active, 0), total - 1);
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', active: (current + 1) % total };
    case 'ArrowUp':
      return { type: 'move', active: (current - 1 + total) % total };
    case 'Home':
      return { type: 'move', active: 0 };
    case 'End':
      return { type: 'move', active: total - 1 };
    case 'Enter':
      return current < count ? { type: 'open', index: current } : { type: 'all' };
    default:
      return { type: 'none' };
  }
}

/** `/search?q=…`, plus `open=<id>` to open that article in the reader there. */
export function searchHref(text: string, openId?: number): string {
  const p = new URLSearchParams({ q: text.trim() });
  if (openId !== undefined) p.set('open', String(openId));
  return `/search?${p.toString()}`;
}
