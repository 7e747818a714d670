import type { ThemeMode } from '../settings/defaults';

const ORDER: readonly ThemeMode[] = ['system', 'light', 'dark'];

/** The next theme mode of the toggle button: system → light → dark → system. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return ORDER[(ORDER.indexOf(mode) + 1) % ORDER.length] ?? 'system';
}
