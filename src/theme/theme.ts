import { type CSSVariablesResolver, createTheme, type MantineThemeOverride, rgba } from '@mantine/core';
import type { AppearanceSettings, Density } from '../settings/defaults';
import { DANGER_DARK, DIMMED, PLACEHOLDER, SWITCH_OFF_LIGHT, palettes } from './colors';

const MONO_STACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Line height of list rows per density (the product's own numbers). */
export const DENSITY_LINE_HEIGHT: Record<Density, string> = {
  default: '2rem',
  comfortable: '1.5rem',
  compact: '1rem',
};

const rem = (px: number) => `${px / 16}rem`;

/** Maps the `codeFont` setting ('mono' or a font name) to a CSS font stack. */
export function codeFontStack(codeFont: string): string {
  const name = codeFont.trim();
  if (!name || name === 'mono') return MONO_STACK;
  return `"${name.replace(/"/g, '')}", ${MONO_STACK}`;
}

/**
 * The Mantine theme for the given appearance settings. Font sizes scale around `fontSize`, so
 * the default size of Mantine inputs and body text equals the user's choice.
 */
export function buildTheme(a: AppearanceSettings): MantineThemeOverride {
  const fs = Math.min(Math.max(a.fontSize, 10), 24);
  return createTheme({
    primaryColor: 'brand',
    // Filled buttons and links use the brand green two shades darker than the logo's (#27AE60):
    // white on the logo's green is 2.9:1, on shade 8 5.2:1, which WCAG AA asks of text (4.5:1).
    // Dark mode too: its filled buttons carry white text as well. contrast.test.ts keeps this.
    primaryShade: { light: 8, dark: 8 },
    colors: palettes,
    fontFamily: a.fontFamily,
    fontFamilyMonospace: codeFontStack(a.codeFont),
    headings: { fontFamily: a.fontFamily, fontWeight: '650' },
    fontSizes: { xs: rem(fs - 2), sm: rem(fs), md: rem(fs + 2), lg: rem(fs + 4), xl: rem(fs + 6) },
    defaultRadius: 'md',
    cursorType: 'pointer',
    respectReducedMotion: true,
  });
}

/**
 * The CSS variables the app sets beside Mantine's (MantineProvider's `cssVariablesResolver`):
 * dimmed text and input placeholders at AA contrast in both schemes (DIMMED and PLACEHOLDER in
 * colors.ts), an off switch's track that can be seen (SWITCH_OFF_LIGHT), and in dark mode red
 * controls drawn as a red tint with red text (DANGER_DARK), not Mantine's maroon and pale pink.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED.light,
    '--mantine-color-placeholder': PLACEHOLDER.light,
    '--rv-switch-off': SWITCH_OFF_LIGHT,
  },
  dark: {
    '--mantine-color-dimmed': DIMMED.dark,
    '--mantine-color-placeholder': PLACEHOLDER.dark,
    '--mantine-color-red-light': rgba(DANGER_DARK.tint, DANGER_DARK.rest),
    '--mantine-color-red-light-hover': rgba(DANGER_DARK.tint, DANGER_DARK.hover),
    '--mantine-color-red-light-color': DANGER_DARK.text,
  },
});
