/** A "nice" axis maximum at or above `max` (1, 2, 5 × 10ⁿ), so gridlines land on round numbers. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const exp = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * exp >= max) return step * exp;
  return 10 * exp;
}

/** A short day label (e.g. "Jun 3") for a local YYYY-MM-DD date, in the page's locale. */
export function dayLabel(date: string, locale?: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
  });
}
