import { useMantineColorScheme } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { AppTheme } from './AppTheme';
import { DIMMED, PLACEHOLDER } from './colors';

function Probe() {
  const { colorScheme } = useMantineColorScheme();
  return <span data-testid="scheme">{colorScheme}</span>;
}

const meta = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;
const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

beforeEach(() => {
  act(() => resetSettings('appearance'));
});
afterEach(cleanup);

describe('AppTheme', () => {
  it('follows themeMode live, including the theme-color meta tag', () => {
    render(
      <AppTheme>
        <Probe />
      </AppTheme>,
    );
    // happy-dom reports a light OS preference, so `system` paints light.
    expect(screen.getByTestId('scheme').textContent).toBe('light');
    expect(meta()).toBe('#fff');
    act(() => updateSettings('appearance', { themeMode: 'dark' }));
    expect(screen.getByTestId('scheme').textContent).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(meta()).toBe('#292929');
    act(() => updateSettings('appearance', { themeMode: 'light' }));
    expect(meta()).toBe('#fff');
  });

  it('sets density, accent and less-animation on the root element', () => {
    render(<AppTheme>x</AppTheme>);
    expect(rootVar('--rv-row-line-height')).toBe('2rem');
    expect(rootVar('--rv-accent')).toBe('rgb(2, 114, 203)');
    act(() =>
      updateSettings('appearance', { density: 'compact', themeColor: '10, 20, 30', lessAnimation: true }),
    );
    expect(rootVar('--rv-row-line-height')).toBe('1rem');
    expect(rootVar('--rv-accent')).toBe('rgb(10, 20, 30)');
    expect(document.documentElement.classList.contains('rv-less-animation')).toBe(true);
    act(() => updateSettings('appearance', { density: 'comfortable', lessAnimation: false }));
    expect(rootVar('--rv-row-line-height')).toBe('1.5rem');
    expect(document.documentElement.classList.contains('rv-less-animation')).toBe(false);
  });

  it('applies the font size to Mantine’s size scale', () => {
    render(<AppTheme>x</AppTheme>);
    const sm = () =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-font-size-sm').trim();
    expect(sm()).toBe('0.875rem');
    act(() => updateSettings('appearance', { fontSize: 16 }));
    expect(sm()).toBe('1rem');
  });

  it('gives dimmed text the app’s readable grey in both schemes', () => {
    render(<AppTheme>x</AppTheme>);
    const dimmed = () =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim();
    act(() => updateSettings('appearance', { themeMode: 'light' }));
    expect(dimmed()).toBe(DIMMED.light);
    act(() => updateSettings('appearance', { themeMode: 'dark' }));
    expect(dimmed()).toBe(DIMMED.dark);
  });

  it('gives input placeholders the app’s readable grey in both schemes', () => {
    render(<AppTheme>x</AppTheme>);
    const placeholder = () =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-placeholder').trim();
    act(() => updateSettings('appearance', { themeMode: 'light' }));
    expect(placeholder()).toBe(PLACEHOLDER.light);
    act(() => updateSettings('appearance', { themeMode: 'dark' }));
    expect(placeholder()).toBe(PLACEHOLDER.dark);
  });
});
