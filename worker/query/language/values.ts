import type { IntervalUnit, ValueExpr } from './ast';
import { norm, numeric, type Val } from './semantics';
import type { QueryWarning } from './warnings';

const DATE =
  /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?\s*$/i;

function utcSeconds(year: number, month: number, day: number, h = 0, m = 0, s = 0): number {
  const d = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  d.setUTCFullYear(year, month, day);
  d.setUTCHours(h, m, s, 0);
  return d.getTime() / 1000;
}

/**
 * Unix seconds of a date string: 'YYYY-MM-DD', or ISO 8601 date-time with optional seconds,
 * fraction and offset. A date-time without an offset is UTC. Returns null when invalid.
 */
export function parseDateString(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [year, month, day, h, min, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) return null;
  if (h > 23 || min > 59 || s > 59) return null;
  let t = utcSeconds(year, month - 1, day, h, min, s);
  const frac = m[7];
  if (frac) t += Number(`0.${frac}`);
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    t -= sign * (Number(digits.slice(1, 3)) * 3600 + Number(digits.slice(3, 5)) * 60);
  }
  return t;
}

function daysInMonth(year: number, month0: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0 + 1, 0);
  return d.getUTCDate();
}

/**
 * `ts` minus `amount` units, in UTC. Months and years are calendar arithmetic: the day of month
 * is kept and clamped to the target month (Mar 31 − 1 month → Feb 28/29), time of day is kept.
 * Fractional months/years are truncated. Returns null when the result is not a valid date.
 */
export function subtractInterval(ts: number, amount: number, unit: IntervalUnit): number | null {
  if (unit === 'day') return ts - amount * 86400;
  if (unit === 'week') return ts - amount * 7 * 86400;
  const months = Math.trunc(amount) * (unit === 'year' ? 12 : 1);
  const d = new Date(ts * 1000);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const day = d.getUTCDate();
  const timeOfDay = ts - utcSeconds(year, month, day);
  const target = year * 12 + month - months;
  const ty = Math.floor(target / 12);
  const tm = target - ty * 12;
  const result = utcSeconds(ty, tm, Math.min(day, daysInMonth(ty, tm))) + timeOfDay;
  return Number.isFinite(result) ? result : null;
}

/** A value as Unix seconds: numbers and numeric strings as they are, date strings parsed. */
function toSeconds(v: Val, warn: (warning: QueryWarning) => void): number | null {
  if (v === null) return null;
  const n = typeof v === 'boolean' ? null : numeric(v);
  if (n !== null) return n;
  if (typeof v === 'string') {
    const t = parseDateString(v);
    if (t === null) warn({ code: 'invalid_date', text: v });
    return t;
  }
  warn({ code: 'invalid_time', text: String(v) });
  return null;
}

/**
 * Evaluates a value expression to a constant. `now` is fixed for the whole query run so that
 * every row sees the same NOW(). Invalid dates become null and are reported through `warn`.
 */
export function evalValue(expr: ValueExpr, now: number, warn: (warning: QueryWarning) => void): Val {
  switch (expr.type) {
    case 'literal':
      return norm(expr.value);
    case 'now':
      return now;
    case 'unixTimestamp':
      return expr.arg === null ? now : toSeconds(evalValue(expr.arg, now, warn), warn);
    case 'dateSub': {
      const base = toSeconds(evalValue(expr.base, now, warn), warn);
      return base === null ? null : subtractInterval(base, expr.amount, expr.unit);
    }
    default:
      warn({ code: 'undefined_value' });
      return null;
  }
}
