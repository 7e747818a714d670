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
 * only the fields we know. `dropped` counts the entries left out (not objects, no id, repeats).
 */
function mergeFilters(value: unknown, fallback: SavedFilter[]): { filters: SavedFilter[]; dropped: number } {
  if (!Array.isArray(value)) return { filters: fallback, dropped: 1 };
  const out: SavedFilter[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || entry.id === '' || seen.has(entry.id)) {
      dropped++;
      continue;
    }
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
  return { filters: out, dropped };
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

/** What `checkSettings` made of stored settings. */
export interface SettingsCheck {
  settings: AppSettings;
  /**
   * Settings that were stored but unusable and are now at their defaults, as `group.key` paths
   * (`automation.filters` when some saved filters were dropped), or `*` when the stored value
   * was not a settings object at all. Unknown groups and keys are not listed: they are not
   * ours (a newer version's, say) and are simply not carried.
   */
  reset: string[];
}

/**
 * Merges stored settings over the defaults, group by group and key by key, and says what it had
 * to reset. A value of the wrong type, out of range (RANGES, which share the engine's own rules
 * where the engine has one) or outside an enum falls back to the default and is listed in
 * `reset`; every other stored value is kept. Never throws. O(settings + saved filters).
 */
export function checkSettings(stored: unknown): SettingsCheck {
  const result = defaultSettings();
  const reset: string[] = [];
  if (!isRecord(stored)) return { settings: result, reset: ['*'] };
  for (const group of SETTINGS_GROUPS) {
    if (!(group in stored)) continue;
    const src = stored[group];
    const target = result[group] as unknown as Record<string, unknown>;
    if (!isRecord(src)) {
      reset.push(...Object.keys(target).map((key) => `${group}.${key}`));
      continue;
    }
    for (const key of Object.keys(target)) {
      if (!(key in src)) continue;
      const value = src[key];
      if (group === 'automation' && key === 'filters') {
        const { filters, dropped } = mergeFilters(value, []);
        target[key] = filters;
        if (dropped) reset.push('automation.filters');
      } else if (acceptable(`${group}.${key}`, value, target[key])) {
        target[key] = value;
      } else reset.push(`${group}.${key}`);
    }
  }
  return { settings: result, reset };
}

/**
 * Merges stored settings over the defaults (see `checkSettings`), without the report: a value
 * that cannot be used falls back to the default, unknown groups and keys are dropped. Never
 * throws: anything that is not an object yields the defaults.
 */
export function mergeSettings(stored: unknown): AppSettings {
  return checkSettings(stored).settings;
}
