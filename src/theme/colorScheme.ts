import { useColorScheme } from '@mantine/hooks';
import type { ThemeMode } from '../settings/defaults';

/**
 * The colour scheme to paint: the explicit choice, or the OS preference for `system` (followed
 * live through matchMedia; read synchronously so the first paint is already right).
 */
export function useResolvedScheme(mode: ThemeMode): 'light' | 'dark' {
  const os = useColorScheme('light', { getInitialValueInEffect: false });
  return mode === 'system' ? os : mode;
}

/** `<meta name="theme-color">` value per scheme (browser chrome colour on mobile and PWAs). */
export function themeColorMeta(scheme: 'light' | 'dark'): string {
  return scheme === 'dark' ? '#292929' : '#fff';
}
