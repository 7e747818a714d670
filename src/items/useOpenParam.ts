import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The `open` query parameter: a positive article id, or null for anything else. */
export function parseOpenParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/**
 * The article a link asks a list screen to open (`?open=<id>`), for ItemsView's
 * `initialOpenId`. Once read, the parameter leaves the address (replace, no history entry), so a
 * reload shows the list without re-opening the article and the same link works again later.
 */
export function useOpenParam(): number | null {
  const [params, setParams] = useSearchParams();
  const openId = parseOpenParam(params.get('open'));
  useEffect(() => {
    if (openId === null) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [openId, setParams]);
  return openId;
}

/** `path` with `?open=<id>` (or `&open=` when it has a query already). */
export function withOpenParam(path: string, id: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}open=${id}`;
}
