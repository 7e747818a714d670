import type { MantineColorsTuple } from '@mantine/core';
import { shadesOf } from './palette';

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

/**
 * Red (destructive and error) controls in dark mode: Mantine's `light` variant, which subtle and
 * light buttons, action icons, alerts and badges are drawn with, paints dark mode's red as a
 * solid maroon (#651515, #8d1d1d on hover) carrying red-0 (#fff5f5), a pale pink that reads as
 * white: a delete button no longer looked red and an error alert was a heavy block on the page.
 * Instead, as on a dark page elsewhere: red-6 laid over the surface as a thin tint, and text and
 * icons in red-4, at WCAG AA (4.5:1) on the page, a dialog, the sidebar and a menu, resting or
 * hovered. Red menu items (their text is red-6 in both schemes, 3.9:1 on a dark menu) take the
 * same red-4 (global.css, `data-danger`). contrast.test.ts keeps this. Light mode keeps Mantine's.
 */
export const DANGER_DARK = { tint: '#fa5252', rest: 0.12, hover: 0.16, text: '#ff8787' } as const;

/** The app's named palettes: `brand` is the primary colour. */
export const palettes = {
  brand: shadesOf(PRIMARY),
  secondary: shadesOf(SECONDARY),
  success: shadesOf(SUCCESS),
  dark: darkPalette,
};
