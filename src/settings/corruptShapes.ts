/** A custom font stack, so tests can see a non-default value survive a repair. */
export const SETTINGS_FONT_STACK_FOR_TESTS = 'Iowan Old Style, serif';

/**
 * Stored settings with non-default values in every group (start page, retention, a custom
 * font, a saved filter), with `over` merged group by group: the shapes corrupt-settings tests
 * start from.
 */
export function stored(over: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    general: { startPage: 'all', retentionDays: 45 },
    appearance: { fontFamily: SETTINGS_FONT_STACK_FOR_TESTS },
    automation: { filters: [{ id: 'f-1', name: 'Rivers', query: 'title:river', createdAt: 1 }] },
  };
  const out: Record<string, unknown> = { ...base };
  for (const [group, value] of Object.entries(over)) {
    const prev = base[group];
    out[group] =
      typeof value === 'object' && value !== null && !Array.isArray(value) && prev
        ? { ...prev, ...value }
        : value;
  }
  return out;
}
