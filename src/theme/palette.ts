import type { MantineColorsTuple } from '@mantine/core';

// How far each shade moves from the base colour: indexes 0–5 towards white, 7–9 towards black.
// Index 6 is the colour itself, which is the shade Mantine uses for filled elements in light mode.
const TO_WHITE = [0.9, 0.78, 0.62, 0.46, 0.3, 0.15];
const TO_BLACK = [0.14, 0.28, 0.42];

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  return toHex(rgb.map((c) => c + (target - c) * amount));
}

/**
 * A 10-shade Mantine palette around `hex` (`#rrggbb`), lightest first, with the colour itself at
 * index 6. Throws on anything but a 6-digit hex colour: palettes are built from constants.
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex);
  const light = TO_WHITE.map((a) => mix(rgb, 255, a));
  const dark = TO_BLACK.map((a) => mix(rgb, 0, a));
  return [...light, toHex(rgb), ...dark] as unknown as MantineColorsTuple;
}

/**
 * Parses the `r, g, b` accent setting into a CSS colour; a malformed value yields `fallback`.
 */
export function rgbTripleToCss(value: string, fallback = 'rgb(2, 114, 203)'): string {
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 3 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return fallback;
  return `rgb(${parts.join(', ')})`;
}

/** Converts `#rrggbb` to the `r, g, b` form the settings store keeps. */
export function hexToRgbTriple(hex: string): string | null {
  try {
    return parseHex(hex).join(', ');
  } catch {
    return null;
  }
}

/** Converts `r, g, b` to `#rrggbb`, or null when malformed. */
export function rgbTripleToHex(value: string): string | null {
  const css = rgbTripleToCss(value, '');
  if (!css) return null;
  return toHex(value.split(',').map((p) => Number(p.trim())));
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21; AA asks 4.5 of text). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `#rrggbb` laid over `background` at `opacity` (0–1), as the browser paints a translucent fill. */
export function blend(hex: string, opacity: number, background: string): string {
  const top = parseHex(hex);
  const bottom = parseHex(background);
  return toHex(bottom.map((c, i) => c + ((top[i] ?? 0) - c) * opacity));
}
