/**
 * Dates, numbers, relative times and durations for a language, all through `Intl` (no
 * hand-written plural or calendar rules). Pure: the language is an argument; `index.ts` binds
 * these to the current language.
 */
import { numberFormatFor } from './translate';
import type { Language } from './types';

/** Something that names an instant: a Date, or milliseconds since 1970 (`pubDate * 1000`). */
export type Instant = Date | number;

const toDate = (at: Instant): Date => (typeof at === 'number' ? new Date(at) : at);

// Formatters by language and options. Making an Intl formatter costs far more than formatting
// with one (a list row formats its date on every render; at 1M articles a CPU profile of `j` in
// the reader spent ~40 ms a step making DateTimeFormats), and there are only a handful of
// distinct option sets in the app.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  lang: Language,
  options: object | undefined,
  make: () => F,
): F {
  const key = `${kind}|${lang}|${options ? JSON.stringify(options) : ''}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/**
 * A date (and by default time) for people: "Mar 5, 2026, 14:03" / "2026年3月5日 14:03".
 * `options` are `Intl.DateTimeFormatOptions`; the default is medium date and short time.
 * An invalid date gives '' rather than throwing ("Invalid Date" is never shown).
 */
export function formatDateIn(lang: Language, at: Instant, options?: Intl.DateTimeFormatOptions): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const opts = options ?? { dateStyle: 'medium', timeStyle: 'short' };
  return cached('date', lang, opts, () => new Intl.DateTimeFormat(lang, opts)).format(date);
}

/** A number with the language's grouping ("12,345"); `options` as `Intl.NumberFormatOptions`. */
export function formatNumberIn(lang: Language, value: number, options?: Intl.NumberFormatOptions): string {
  return options
    ? cached('number', lang, options, () => new Intl.NumberFormat(lang, options)).format(value)
    : numberFormatFor(lang).format(value);
}

// Each unit is used up to (but excluding) its limit in seconds; the last one has no limit.
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  // unit, seconds per unit, use while |diff| < this many seconds
  ['second', 1, 60],
  ['minute', 60, 3600],
  ['hour', 3600, 86_400],
  ['day', 86_400, 7 * 86_400],
  ['week', 7 * 86_400, 30 * 86_400],
  ['month', 30 * 86_400, 365 * 86_400],
  ['year', 365 * 86_400, Number.POSITIVE_INFINITY],
];

/**
 * How long ago (or ahead) `at` is from `now`, in the largest fitting unit, rounded: "3 hours
 * ago" / "3小时前", "yesterday" / "昨天", "in 2 days" / "2天后", "now" / "现在" (numeric: 'auto').
 * Months count as 30 days and years as 365: this is a label, not a calendar. An invalid
 * instant gives ''.
 */
export function formatRelativeIn(lang: Language, at: Instant, now: Instant = Date.now()): string {
  const diff = (toDate(at).getTime() - toDate(now).getTime()) / 1000;
  if (!Number.isFinite(diff)) return '';
  const abs = Math.abs(diff);
  const [unit, size] = UNITS.find(([, , limit]) => abs < limit) ?? ['year', 365 * 86_400];
  // Round half away from zero in both directions (Math.round(-1.5) is -1), and `+ 0` turns -0
  // into 0, which Intl would otherwise print as "0 seconds ago" rather than "now".
  const value = Math.sign(diff) * Math.round(abs / size) + 0;
  return cached(
    'relative',
    lang,
    undefined,
    () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }),
  ).format(value, unit);
}

/**
 * A duration given in seconds. `'clock'` (default) is "1:02:05" / "4:05", the same in every
 * language (media players); `'units'` spells it out for the language: "1 hr 5 min" /
 * "1小时5分钟", seconds shown only under a minute. Negative or non-finite input counts as 0.
 */
export function formatDurationIn(
  lang: Language,
  seconds: number,
  style: 'clock' | 'units' = 'clock',
): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (style === 'clock') {
    const pad = (n: number) => String(n).padStart(2, '0');
    return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  }
  const unit = (value: number, name: string) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts: string[] = [];
  if (h > 0) parts.push(unit(h, 'hour'));
  if (m > 0) parts.push(unit(m, 'minute'));
  if (h === 0 && m === 0) parts.push(unit(sec, 'second'));
  return new Intl.ListFormat(lang, { type: 'unit', style: 'narrow' }).format(parts);
}
