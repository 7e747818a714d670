/**
 * The feed id an app path shows (`/f/12`, `/feed/12`, also with an article open: `/f/12/i/34`),
 * or null for any other page.
 */
export function feedFromPath(pathname: string): number | null {
  const m = /^\/(?:f|feed)\/([1-9]\d{0,14})(?:\/i\/[^/]+)?\/?$/.exec(pathname);
  return m ? Number(m[1]) : null;
}
