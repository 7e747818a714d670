/** The feed id an app path shows (`/f/12`, `/feed/12`), or null for any other page. */
export function feedFromPath(pathname: string): number | null {
  const m = /^\/(?:f|feed)\/([1-9]\d{0,14})\/?$/.exec(pathname);
  return m ? Number(m[1]) : null;
}
