import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useT } from '../i18n';
import { useSettingsGroup } from '../settings/useSettings';
import { themeColorMeta, useResolvedScheme } from './colorScheme';
import { rgbTripleToCss } from './palette';
import { DENSITY_LINE_HEIGHT, buildTheme, cssVariablesResolver } from './theme';

/**
 * Applies the appearance settings app-wide and live: Mantine theme and colour scheme, the
 * `theme-color` meta tag, density and accent CSS variables and the less-animation class.
 * Also gives Mantine's own texts (close buttons, password toggle, eyedropper) the app's language.
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const t = useT();
  const appearance = useSettingsGroup('appearance');
  const scheme = useResolvedScheme(appearance.themeMode);
  const theme = useMemo(
    () =>
      mergeThemeOverrides(buildTheme(appearance), {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
          PasswordInput: {
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } },
          },
          // The eyedropper button (Chromium's EyeDropper API) has an icon and no name of its own.
          ColorInput: {
            defaultProps: { eyeDropperButtonProps: { 'aria-label': t('common.pickColor') } },
          },
        },
      }),
    [appearance, t],
  );

  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = themeColorMeta(scheme);
  }, [scheme]);

  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--rv-row-line-height', DENSITY_LINE_HEIGHT[appearance.density]);
    root.style.setProperty('--rv-accent', rgbTripleToCss(appearance.themeColor));
    root.dataset.density = appearance.density;
    root.classList.toggle('rv-less-animation', appearance.lessAnimation);
  }, [appearance.density, appearance.themeColor, appearance.lessAnimation]);

  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
