import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
  rgba,
} from '@mantine/core';
import type { AppearanceSettings, Density } from '../settings/defaults';
import { DIMMED, lightVariantDark, PLACEHOLDER, SWITCH_OFF_LIGHT, TINT_DARK, palettes } from './colors';

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

/** The palettes whose `light` variant dark mode draws as a tint: Mantine's and the app's, not `dark`. */
const TINTED: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, ...palettes }).filter(([name]) => name !== 'dark'),
);

/** Every colour's `light` variant in dark mode as a tint with readable text (lightVariantDark in colors.ts). */
function lightVariantsDark(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, shades] of Object.entries(TINTED)) {
    const { tint, text } = lightVariantDark(shades);
    vars[`--mantine-color-${name}-light`] = rgba(tint, TINT_DARK.rest);
    vars[`--mantine-color-${name}-light-hover`] = rgba(tint, TINT_DARK.hover);
    vars[`--mantine-color-${name}-light-color`] = text;
  }
  return vars;
}

/**
 * The CSS variables the app sets beside Mantine's (MantineProvider's `cssVariablesResolver`):
 * dimmed text and input placeholders at AA contrast in both schemes (DIMMED and PLACEHOLDER in
 * colors.ts), an off switch's track that can be seen (SWITCH_OFF_LIGHT), and in dark mode every
 * colour's `light` variant (alerts, badges, light and subtle buttons) drawn as a thin tint of the
 * colour with text in it (lightVariantDark; red: DANGER_DARK), not Mantine's solid dark blocks
 * with near-white text. The primary colour's variables point at brand's, so they follow.
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
    ...lightVariantsDark(),
  },
});
