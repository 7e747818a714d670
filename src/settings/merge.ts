import {
  type AppSettings,
  ENUMS,
  RANGES,
  type FilterKeyword,
  SETTINGS_GROUPS,
  type SavedFilter,
  defaultSettings,
} from './defaults';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keeps keyword rows with a non-blank keyword and a finite weight; undefined when none are valid. */
function mergeKeywords(value: unknown): FilterKeyword[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: FilterKeyword[] = [];
  for (const row of value) {
    if (!isRecord(row) || typeof row.keyword !== 'string' || row.keyword.trim() === '') continue;
    if (typeof row.weight !== 'number' || !Number.isFinite(row.weight)) continue;
    out.push({ keyword: row.keyword, weight: row.weight });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * Keeps the filter entries that have a non-empty string id (the first of duplicate ids), with
 * only the fields we know.
 */
function mergeFilters(value: unknown, fallback: SavedFilter[]): SavedFilter[] {
  if (!Array.isArray(value)) return fallback;
  const out: SavedFilter[] = [];
  const seen = new Set<string>();
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || entry.id === '') continue;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const filter: SavedFilter = { id: entry.id };
    if (typeof entry.name === 'string') filter.name = entry.name;
    if (typeof entry.query === 'string') filter.query = entry.query;
    if (typeof entry.createdAt === 'number' && Number.isFinite(entry.createdAt))
      filter.createdAt = entry.createdAt;
    const keywords = mergeKeywords(entry.keywords);
    if (keywords) filter.keywords = keywords;
    out.push(filter);
  }
  return out;
}

/** True when `value` may replace `fallback` for the key `path` (same type, finite, in range, allowed enum). */
function acceptable(path: string, value: unknown, fallback: unknown): boolean {
  if (typeof value !== typeof fallback) return false;
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  const range = RANGES[path];
  if (range && typeof value === 'number' && (value < range[0] || value > range[1])) return false;
  const allowed = ENUMS[path];
  return !allowed || allowed.includes(value as string);
}

/**
 * Merges stored settings over the defaults, group by group and key by key. A value of the wrong
 * type (or outside an enum) falls back to the default, unknown groups and keys are dropped. Never
 * throws: anything that is not an object yields the defaults.
 */
export function mergeSettings(stored: unknown): AppSettings {
  const result = defaultSettings();
  if (!isRecord(stored)) return result;
  for (const group of SETTINGS_GROUPS) {
    const src = stored[group];
    if (!isRecord(src)) continue;
    const target = result[group] as unknown as Record<string, unknown>;
    for (const key of Object.keys(target)) {
      if (!(key in src)) continue;
      const value = src[key];
      if (group === 'automation' && key === 'filters') {
        target[key] = mergeFilters(value, []);
      } else if (acceptable(`${group}.${key}`, value, target[key])) {
        target[key] = value;
      }
    }
  }
  return result;
}
