/**
 * Feed date parsing: RFC 822/2822 and ISO 8601 / RFC 3339 / W3C-DTF, plus the broken shapes real
 * feeds emit. Deterministic on purpose (no `Date.parse`, whose fallbacks depend on the engine and
 * the local time zone): a date without a zone is read as UTC.
 */

const MONTHS: Record<string, number> = {};
function months(names: string, offset = 0): void {
  names.split(' ').forEach((group, i) => {
    for (const name of group.split('|')) MONTHS[name] = i + offset;
  });
}
// English full names are reached through their 3-letter prefix (see monthIndex).
months('jan feb mar apr may jun jul aug sep oct nov dec');
// German and French, full and usual abbreviations (cheap, and seen in real feeds).
months(
  'januar|jän|jänner februar mär|märz|mrz april mai juni juli august september|sept oktober|okt november dezember|dez',
);
months(
  'janvier|janv février|févr|fév|fevrier|fevr mars avril|avr mai juin juillet|juil août|aoû|aout septembre|sept octobre novembre décembre|déc|decembre',
);

function monthIndex(token: string): number | undefined {
  const t = token.toLowerCase().replace(/\.$/, '');
  return MONTHS[t] ?? (/^[a-z]{3,}$/.test(t) ? MONTHS[t.slice(0, 3)] : undefined);
}

/** Offsets in minutes for the zone names feeds actually use. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  met: 60,
  west: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  ist: 330,
  jst: 540,
  kst: 540,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
};

/** Returns the zone offset in minutes, or undefined when `zone` is not a zone. */
function zoneOffset(zone: string): number | undefined {
  const z = zone.trim().replace(/\s*\(.*\)$/, '');
  if (z === '') return 0;
  const num = /^(?:(?:gmt|utc)\s*)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(z);
  if (num) {
    const minutes = Number(num[2]) * 60 + Number(num[3] ?? 0);
    return num[1] === '-' ? -minutes : minutes;
  }
  const named = ZONES[z.toLowerCase()];
  if (named !== undefined) return named;
  // RFC 2822 §4.3: military zone letters were defined with the wrong sign, so treat as UTC.
  if (/^[a-ik-z]$/i.test(z)) return 0;
  return undefined;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function build(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offsetMin = 0): number | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null;
  if (y < 1000 || y > 9999) return null;
  // Reject day overflow (30 February) instead of silently rolling into the next month.
  if (d > (mo === 1 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : MONTH_DAYS[mo]!)) return null;
  const ms = Date.UTC(y, mo, d, h, mi, Math.min(s, 59));
  return Math.floor(ms / 1000) - offsetMin * 60;
}

function fullYear(y: string): number {
  const n = Number(y);
  if (y.length === 2) return n < 50 ? 2000 + n : 1900 + n; // RFC 2822 §4.3
  if (y.length === 3) return 1900 + n; // RFC 2822: three-digit years add 1900
  return n;
}

const ISO =
  /^(\d{4})(?:[-/]?(\d{2})(?:[-/]?(\d{2})(?:(?:T|\s+)(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?)?)?\s*(Z|[+-]\d{1,2}(?::?\d{2})?|[A-Za-z]{1,5})?$/i;

function parseIso(s: string): number | null | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const offset = zoneOffset(m[7] ?? '');
  if (offset === undefined) return null;
  return build(
    Number(m[1]),
    Number(m[2] ?? 1) - 1,
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    offset,
  );
}

const WORD = '[A-Za-zÀ-ÿ]+\\.?';
const TIME = '(\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:[.,]\\d+)?';
// Day-first RFC 822: "[Sat,] 5 Jan 2024 10:00[:00] [zone]", also with dashes ("05-Jan-2024").
const RFC822 = new RegExp(
  `^(?:${WORD},?\\s*)?(\\d{1,2})(?:\\.|st|nd|rd|th)?[\\s-]+(${WORD})[\\s,-]+(\\d{2,4})(?:[\\s,T]+(?:at\\s+)?${TIME})?\\s*(.*)$`,
  'i',
);
// Month-first: "[Saturday,] January 5, 2024 [10:00 ...]" and asctime "Sat Jan  5 10:00:00 2024".
const MONTH_FIRST = new RegExp(
  `^(?:${WORD},?\\s+)?(${WORD})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?:[\\s,]+(?:at\\s+)?${TIME})?\\s*(.*)$`,
  'i',
);
const ASCTIME = new RegExp(`^${WORD}\\s+(${WORD})\\s+(\\d{1,2})\\s+${TIME}\\s+(?:(.+?)\\s+)?(\\d{4})$`, 'i');

function parseWords(s: string): number | null | undefined {
  let m = RFC822.exec(s);
  if (m) {
    const mo = monthIndex(m[2] ?? '');
    const offset = zoneOffset(m[7] ?? '');
    if (mo === undefined || offset === undefined) return null;
    return build(
      fullYear(m[3] ?? ''),
      mo,
      Number(m[1]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      offset,
    );
  }
  m = MONTH_FIRST.exec(s);
  if (m) {
    const mo = monthIndex(m[1] ?? '');
    const offset = zoneOffset(m[7] ?? '');
    if (mo === undefined || offset === undefined) return null;
    return build(
      Number(m[3]),
      mo,
      Number(m[2]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      offset,
    );
  }
  m = ASCTIME.exec(s);
  if (m) {
    const mo = monthIndex(m[1] ?? '');
    const offset = zoneOffset(m[6] ?? '');
    if (mo === undefined || offset === undefined) return null;
    return build(Number(m[7]), mo, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5] ?? 0), offset);
  }
  return undefined;
}

// The two shapes nearly every feed writes, read without the general patterns (same result as
// the general path gives them): "Sat, 05 Jan 2024 10:00:00 GMT" and "2024-01-05T10:00:00Z".
// IMPORTANT: runs for every item; a capture-free test then fixed offsets, because building
// ten capture strings per date showed up in profiles.
const COMMON_RFC822 =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (?:GMT|UTC?|Z|[+-]\d{4})$/;
const COMMON_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)? ?(?:Z|[+-]\d{2}:?\d{2})$/;
const MONTH_ABBR = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/** The number written by the ASCII digits s[i..i+n). */
function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) v = v * 10 + s.charCodeAt(k) - 48;
  return v;
}

/** Minutes east of UTC for a zone `±HHMM` or `±HH:MM` ending `s`; 0 for a named zone. */
function trailingOffset(s: string): number {
  const colon = s.charCodeAt(s.length - 3) === 0x3a;
  const at = s.length - (colon ? 6 : 5);
  const sign = s.charCodeAt(at);
  if (sign !== 0x2b && sign !== 0x2d) return 0;
  const minutes = digits(s, at + 1, 2) * 60 + digits(s, s.length - 2, 2);
  return sign === 0x2d ? -minutes : minutes;
}

function parseCommon(s: string): number | null | undefined {
  if (COMMON_RFC822.test(s)) {
    let i = s.charCodeAt(3) === 0x2c /* , */ ? 5 : 0;
    const dayLength = s.charCodeAt(i + 1) === 0x20 ? 1 : 2;
    const d = digits(s, i, dayLength);
    i += dayLength + 1;
    const mo = MONTH_ABBR.indexOf(s.slice(i, i + 3)) / 3;
    i += 4;
    const y = digits(s, i, 4);
    i += 5;
    const offset = trailingOffset(s);
    return build(y, mo, d, digits(s, i, 2), digits(s, i + 3, 2), digits(s, i + 6, 2), offset);
  }
  if (COMMON_ISO.test(s)) {
    return build(
      digits(s, 0, 4),
      digits(s, 5, 2) - 1,
      digits(s, 8, 2),
      digits(s, 11, 2),
      digits(s, 14, 2),
      digits(s, 17, 2),
      s.endsWith('Z') ? 0 : trailingOffset(s),
    );
  }
  return undefined;
}

/**
 * Parses a feed date into Unix seconds, or null when it cannot be read with confidence (the
 * engine then uses the first-seen time). Accepts RFC 822 variants (2-digit years, missing
 * seconds or weekday, wrong weekday, named/military zones, lowercase or de/fr month names, a
 * trailing "(UTC)" comment) and ISO 8601 / RFC 3339 / W3C-DTF (date-only, no seconds,
 * fractions, zones). A missing zone means UTC. Linear-time regexes; never throws.
 */
export function parseDate(raw: string | null | undefined): number | null {
  if (typeof raw !== 'string') return null;
  const common = parseCommon(raw);
  if (common !== undefined) return common;
  const s = raw.trim().replace(/\s+/g, ' ').slice(0, 200);
  if (s === '') return null;
  const iso = parseIso(s);
  if (iso !== undefined) return iso;
  return parseWords(s) ?? null;
}
