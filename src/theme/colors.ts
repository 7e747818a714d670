import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { blend, contrastRatio, shadesOf } from './palette';

export const PRIMARY = '#27AE60';
export const SECONDARY = '#F39C12';
export const SUCCESS = '#8E44AD';
export const DARK_BACKGROUND = '#292929';
/** The sidebar's and the phone's bottom bar's dark background (global.css `--rv-sidebar-bg`). */
export const DARK_BAR = '#232323';

/**
 * Mantine's `dark` palette re-centred on #292929: Mantine paints the dark-mode body with
 * index 7, inputs and hovers with 5–6, borders with 4 and dimmed text with 2.
 */
export const darkPalette: MantineColorsTuple = [
  '#d5d5d5',
  '#bdbdbd',
  '#8f8f8f',
  '#6b6b6b',
  '#474747',
  '#3b3b3b',
  '#323232',
  DARK_BACKGROUND,
  '#212121',
  '#181818',
];

/**
 * Mantine's dimmed text (`c="dimmed"`, `--mantine-color-dimmed`: dates, counts, hints), darker
 * in light mode and lighter in dark mode than Mantine's own gray-6 (3.3:1 on white) and dark-2
 * (4.0:1 on a hovered row), so it reads at WCAG AA (4.5:1) on everything it sits on: the page,
 * the sidebar, hovered and selected rows, inputs. contrast.test.ts keeps this.
 */
export const DIMMED = { light: '#5f666d', dark: '#a6a6a6' } as const;

/**
 * Placeholders in inputs (`--mantine-color-placeholder`), which Mantine sets in its gray-5 on
 * white (2.1:1) and its dark-3 on a dark input (here #6b6b6b on dark-6, 2.6:1): at WCAG AA
 * (4.5:1) on every input background (white and a filled input's gray-1 in light; dark-6 and a
 * filled input's dark-5 in dark), and a step lighter than dimmed text in light, so a hint still
 * looks like one beside typed text. contrast.test.ts keeps this.
 */
export const PLACEHOLDER = { light: '#656c73', dark: '#a6a6a6' } as const;

/**
 * An off switch's track in light mode (`--rv-switch-off`, used by global.css): Mantine's gray-3
 * is 1.3:1 on white, under the 3:1 WCAG 1.4.11 asks of a control's parts; this (Mantine's
 * gray-6) is 3.3:1 on white and 3.2:1 on gray-0. contrast.test.ts keeps it so.
 */
export const SWITCH_OFF_LIGHT = '#868e96';

/** How thick the `light` variant's tint is in dark mode, resting and hovered (see {@link lightVariantDark}). */
export const TINT_DARK = { rest: 0.12, hover: 0.16 } as const;

/** What dark mode's tinted controls sit on: the page and a dialog (dark-7), the sidebar, a menu (dark-6). */
export const DARK_SURFACES: readonly string[] = [darkPalette[7], DARK_BAR, darkPalette[6]];

/**
 * A colour's `light` variant in dark mode (subtle and light buttons, action icons, alerts, badges,
 * a selected row in a palette): Mantine paints it as a solid block of the colour's darkest shade
 * (a feed problem's orange banner was a brown slab, gray and brand badges dark blocks) carrying
 * its palest shade, which reads as white. Instead, as on a dark page elsewhere: the colour's
 * shade 6 laid over the surface as a thin tint (TINT_DARK), and text and icons in its shade 4, or
 * the first lighter one that reads at WCAG AA (4.5:1) on that tint over every dark surface,
 * resting and hovered, and on a light button laid on an alert of the same colour on the page. contrast.test.ts keeps this. Light mode keeps Mantine's.
 */
export function lightVariantDark(shades: MantineColorsTuple): { tint: string; text: string } {
  const tint = shades[6];
  const page = darkPalette[7];
  const under = [
    ...DARK_SURFACES.flatMap((bg) => [bg, blend(tint, TINT_DARK.rest, bg), blend(tint, TINT_DARK.hover, bg)]),
    // A light button on an alert of its colour on the page (a feed problem's Retry now): tint on tint.
    blend(tint, TINT_DARK.rest, blend(tint, TINT_DARK.rest, page)),
  ];
  const reads = (text: string) => under.every((bg) => contrastRatio(text, bg) >= 4.5);
  const text = [shades[4], shades[3], shades[2], shades[1], shades[0]].find(reads) ?? shades[0];
  return { tint, text };
}

/**
 * Red (destructive and error) controls in dark mode, as every colour's {@link lightVariantDark}:
 * red-6 as a thin tint with red text (red-3), not Mantine's maroon (#651515) with red-0 (#fff5f5), a
 * pale pink on which a delete button no longer looked red. Red menu items (their text is red-6 in
 * both schemes, 3.9:1 on a dark menu) take the same red (global.css, `data-danger`).
 */
export const DANGER_DARK = {
  ...lightVariantDark(DEFAULT_THEME.colors.red),
  ...TINT_DARK,
} as const;

/** The app's named palettes: `brand` is the primary colour. */
export const palettes = {
  brand: shadesOf(PRIMARY),
  secondary: shadesOf(SECONDARY),
  success: shadesOf(SUCCESS),
  dark: darkPalette,
};
