/**
 * The app's text colours against what they sit on, per colour scheme, at WCAG AA (4.5:1 for
 * text): white on the filled brand buttons, links, the brand's text shade, the phone's bottom
 * bar, dimmed text (dates, counts, hints) on everything it sits on, and input placeholders.
 * Colours are the theme's own (buildTheme, Mantine's greys, the dark palette), so a change of
 * the brand colour or of the shade Mantine fills with cannot make them unreadable unnoticed.
 */
import { DEFAULT_THEME, type MantineColorShade } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../settings/defaults';
import { DANGER_DARK, DARK_BAR, palettes } from './colors';
import { contrastRatio } from './palette';
import { buildTheme, cssVariablesResolver } from './theme';

const AA = 4.5;
const theme = buildTheme(defaultSettings().appearance);
const shade = theme.primaryShade as { light: MantineColorShade; dark: MantineColorShade };
const brand = palettes.brand;
const gray = DEFAULT_THEME.colors.gray;
const dark = palettes.dark;
const blue = DEFAULT_THEME.colors.blue;
// --mantine-color-dimmed as the app's MantineProvider resolves it in each scheme.
const variables = cssVariablesResolver(DEFAULT_THEME);
const dimmed = {
  light: variables.light['--mantine-color-dimmed'] ?? gray[6],
  dark: variables.dark['--mantine-color-dimmed'] ?? dark[2],
};
// --mantine-color-placeholder likewise (Mantine's own: gray-5, dark-3).
const placeholder = {
  light: variables.light['--mantine-color-placeholder'] ?? gray[5],
  dark: variables.dark['--mantine-color-placeholder'] ?? dark[3],
};

describe('contrast of the theme’s text', () => {
  // [what, text, background] as Mantine resolves them (default-css-variables-resolver):
  // filled = brand[primaryShade], anchor and brand-text = filled in light, brand[4] in dark.
  const pairs = (): [string, string, string][] => [
    ['white on a filled button, light', '#ffffff', brand[shade.light]],
    ['white on a filled button, dark', '#ffffff', brand[shade.dark]],
    ['a link on white', brand[shade.light], '#ffffff'],
    ['a link on the light bar', brand[shade.light], gray[0]],
    ['a link on the dark page', brand[4], dark[7]],
    ['a bottom-bar label, light (gray-7 on gray-0)', gray[7], gray[0]],
    ['a bottom-bar label, dark (dimmed on the bar)', dark[2], DARK_BAR],
    ['the active tab, light (brand text on gray-0)', brand[shade.light], gray[0]],
    ['the active tab, dark (brand text on the bar)', brand[4], DARK_BAR],
    // Dimmed text: the page, the sidebar, a hovered row or input, a selected row (ItemCells).
    ['dimmed text on white', dimmed.light, '#ffffff'],
    ['dimmed text on the light sidebar (gray-0)', dimmed.light, gray[0]],
    ['dimmed text on a hovered row, light (gray-1)', dimmed.light, gray[1]],
    ['dimmed text on a selected row, light (blue-1)', dimmed.light, blue[1]],
    ['dimmed text on the dark page', dimmed.dark, dark[7]],
    ['dimmed text on the dark sidebar', dimmed.dark, DARK_BAR],
    ['dimmed text on a dark input (dark-6)', dimmed.dark, dark[6]],
    ['dimmed text on a hovered row, dark (dark-5)', dimmed.dark, dark[5]],
    // Placeholders: on an input (Mantine's default variant) and a filled one, in both schemes.
    ['a placeholder on a light input (white)', placeholder.light, '#ffffff'],
    ['a placeholder on a filled light input (gray-1)', placeholder.light, gray[1]],
    ['a placeholder on a dark input (dark-6)', placeholder.dark, dark[6]],
    ['a placeholder on a filled dark input (dark-5)', placeholder.dark, dark[5]],
  ];

  it.each(pairs())('%s is at least 4.5:1', (_what, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA);
  });
});

describe('contrastRatio', () => {
  it('gives WCAG’s numbers', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The logo's green under white text: why the buttons use a darker shade.
    expect(contrastRatio('#ffffff', '#27ae60')).toBeCloseTo(2.87, 2);
  });
});

describe('contrast of the theme’s controls', () => {
  // WCAG 1.4.11: the parts of a control that say what it is, 3:1 against what they sit on.
  it('an off switch’s track in light mode is at least 3:1 on white and on the light sidebar', () => {
    const track = variables.light['--rv-switch-off'];
    expect(track, 'the off track colour the theme sets').toBeDefined();
    expect(contrastRatio(track!, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(track!, gray[0])).toBeGreaterThanOrEqual(3);
  });
});

// `rgba(r, g, b, a)` laid over `#rrggbb`, as the browser paints a translucent background.
function over(rgbaColor: string, background: string): string {
  const [r = 0, g = 0, b = 0, a = 1] = (/rgba\(([^)]+)\)/.exec(rgbaColor)?.[1] ?? '').split(',').map(Number);
  const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  const mixed = [r, g, b].map((c, i) => Math.round((bg[i] ?? 0) + (c - (bg[i] ?? 0)) * a));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

describe('red (destructive) controls in dark mode', () => {
  const red = DEFAULT_THEME.colors.red;
  const tint = variables.dark['--mantine-color-red-light'];
  const hover = variables.dark['--mantine-color-red-light-hover'];
  const text = variables.dark['--mantine-color-red-light-color'];

  it('are a thin red tint with red text, not a maroon block with pale pink (Mantine’s)', () => {
    expect(tint).toMatch(/^rgba\(/);
    expect(hover).toMatch(/^rgba\(/);
    // Red text: red well above green and blue (red-0, #fff5f5, is nearly white).
    expect(text).toBe(DANGER_DARK.text);
    expect(text).not.toBe(red[0]);
    const [r, g] = [1, 3].map((i) => parseInt(text!.slice(i, i + 2), 16)) as [number, number];
    expect(r - g).toBeGreaterThan(100);
    // The tint stays dark on the dark page: darker than dark-4 (the border grey) at rest and hovered.
    for (const bg of [over(tint ?? '', dark[7]), over(hover ?? '', dark[7])])
      expect(contrastRatio(bg, '#000000')).toBeLessThan(contrastRatio(dark[4], '#000000'));
  });

  // Subtle buttons and action icons (Delete, Remove rule, Reset) sit on the page, a dialog
  // (dark-7) or the sidebar; light buttons, alerts and badges carry the tint; menus are dark-6.
  const surfaces: [string, string][] = [
    ['the page and a dialog (dark-7)', dark[7]],
    ['the sidebar', DARK_BAR],
    ['a menu (dark-6)', dark[6]],
  ];
  const cases = surfaces.flatMap(([name, bg]): [string, string][] => [
    [`red text on ${name}`, bg],
    [`red text on the red tint over ${name}`, over(tint ?? '', bg)],
    [`red text on the hovered red tint over ${name}`, over(hover ?? '', bg)],
  ]);
  it.each(cases)('%s is at least 4.5:1', (_what, background) => {
    expect(contrastRatio(text!, background)).toBeGreaterThanOrEqual(AA);
  });
});

describe('every colour’s light variant in dark mode (alerts, badges, light and subtle buttons)', () => {
  // Mantine's own: a solid block of shade 9 darkened (orange's feed-problem banner a brown slab)
  // with shade 0 text, nearly white. The app's: a thin tint of the colour with text in it.
  const colours = Object.entries({ ...DEFAULT_THEME.colors, ...palettes }).filter(
    ([name]) => name !== 'dark',
  );
  const surfaces: [string, string][] = [
    ['the page', dark[7]],
    ['the sidebar', DARK_BAR],
    ['a menu', dark[6]],
  ];

  it('covers the colours the app draws light variants in', () => {
    expect(colours.map(([name]) => name)).toEqual(expect.arrayContaining(['orange', 'gray', 'brand', 'red']));
  });

  it.each(colours)('%s is a thin tint with coloured text, readable at 4.5:1', (name, shades) => {
    const tint = variables.dark[`--mantine-color-${name}-light`];
    const hover = variables.dark[`--mantine-color-${name}-light-hover`];
    const text = variables.dark[`--mantine-color-${name}-light-color`];
    expect(tint, `--mantine-color-${name}-light`).toMatch(/^rgba\(/);
    expect(hover, `--mantine-color-${name}-light-hover`).toMatch(/^rgba\(/);
    expect(text).toBeDefined();
    // Not the near-white shade 0 Mantine gives it.
    expect(text).not.toBe(shades[0]);
    for (const [, bg] of surfaces) {
      // Thin: the surface shows through, resting and hovered (a solid block stands out from it).
      for (const under of [over(tint!, bg), over(hover!, bg)]) {
        expect(contrastRatio(under, bg)).toBeLessThan(1.5);
        expect(contrastRatio(text!, under)).toBeGreaterThanOrEqual(AA);
      }
    }
    // A light button on an alert of its colour on the page (a feed problem's Retry now): tint on tint.
    expect(contrastRatio(text!, over(tint!, over(tint!, dark[7])))).toBeGreaterThanOrEqual(AA);
  });
});
