/** Site icons cached in the `meta` store, one record per feed. */

/** Meta key of a feed's icon record. */
export const iconKey = (feedId: number): string => `icon:${feedId}`;

/** A cached icon, or a remembered failure (`dataUrl` null). Times in Unix seconds. */
export interface IconRecord {
  dataUrl: string | null;
  /** The site the icon was looked up for: a changed site URL means a new lookup. */
  site: string;
  fetchedAt: number;
  /** Look again after this time (a failure's retry time, or a success's expiry). */
  retryAfter: number;
}

/** A missing icon is looked up again after a day… */
export const FAILURE_RETRY = 24 * 60 * 60;
/** …a found one is refreshed after 30 days (kept if the refresh fails). */
export const SUCCESS_TTL = 30 * 24 * 60 * 60;

/** Whether a stored value is an IconRecord (the meta store holds unknowns). */
export function isIconRecord(value: unknown): value is IconRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<IconRecord>;
  return (
    (r.dataUrl === null || typeof r.dataUrl === 'string') &&
    typeof r.site === 'string' &&
    typeof r.retryAfter === 'number'
  );
}
