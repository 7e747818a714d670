import { ColorInput, SegmentedControl, Select, Slider, Switch } from '@mantine/core';
import { type Translate, useT } from '../../i18n';
import { hexToRgbTriple, rgbTripleToHex } from '../../theme/palette';
import { type AppearanceSettings, SYSTEM_FONT_STACK } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow, ariaOf } from './SettingRow';
import { fitWidth } from '../../components/fitWidth';

const set = (patch: Partial<AppearanceSettings>) => updateSettings('appearance', patch);

const FONTS = (t: Translate) => [
  { value: SYSTEM_FONT_STACK, label: t('settings.appearance.fonts.system') },
  { value: 'Georgia, "Noto Serif", "Songti SC", serif', label: t('settings.appearance.fonts.serif') },
  {
    value: '"Inter", "Segoe UI", Roboto, "Noto Sans", sans-serif',
    label: t('settings.appearance.fonts.humanist'),
  },
];

// Font names are names: only the system choice is translated.
const CODE_FONTS = (t: Translate) =>
  ['mono', 'JetBrains Mono', 'Fira Code', 'Source Code Pro', 'Cascadia Code'].map((v) => ({
    value: v,
    label: v === 'mono' ? t('settings.appearance.systemMono') : v,
  }));

/** Adds the stored value as a "Custom" option when it is not one of the presets. */
function withCustom(t: Translate, options: { value: string; label: string }[], value: string) {
  return options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: t('settings.appearance.custom', { value }) }];
}

/** Appearance settings: theme, accent, fonts, density, motion and sidebar. */
export function AppearanceTab() {
  const t = useT();
  const a = useSettingsGroup('appearance');
  return (
    <div>
      <SettingRow label={t('settings.appearance.theme')}>
        {(field) => (
          <SegmentedControl
            {...field}
            size="xs"
            value={a.themeMode}
            onChange={(v) => set({ themeMode: v })}
            data={[
              { value: 'system', label: t('settings.appearance.themes.system') },
              { value: 'light', label: t('settings.appearance.themes.light') },
              { value: 'dark', label: t('settings.appearance.themes.dark') },
            ]}
            data-testid="setting-themeMode"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.appearance.accent')} description={t('settings.appearance.accentDesc')}>
        {(field) => (
          <ColorInput
            {...field}
            w={160}
            format="hex"
            value={rgbTripleToHex(a.themeColor) ?? '#0272cb'}
            onChange={(hex) => {
              const triple = hexToRgbTriple(hex);
              if (triple) set({ themeColor: triple });
            }}
            swatches={['#0272cb', '#27ae60', '#f39c12', '#8e44ad', '#e74c3c', '#16a085', '#2c3e50']}
            data-testid="setting-themeColor"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.appearance.font')}>
        {(field) => (
          <Select
            {...field}
            w={fitWidth(withCustom(t, FONTS(t), a.fontFamily).map((o) => o.label))}
            maw="100%"
            data={withCustom(t, FONTS(t), a.fontFamily)}
            value={a.fontFamily}
            allowDeselect={false}
            onChange={(v) => v && set({ fontFamily: v })}
            data-testid="setting-fontFamily"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.appearance.codeFont')}>
        {(field) => (
          <Select
            {...field}
            w={fitWidth(withCustom(t, CODE_FONTS(t), a.codeFont).map((o) => o.label))}
            maw="100%"
            data={withCustom(t, CODE_FONTS(t), a.codeFont)}
            value={a.codeFont}
            allowDeselect={false}
            onChange={(v) => v && set({ codeFont: v })}
            data-testid="setting-codeFont"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.appearance.fontSize')}
        description={t('settings.appearance.px', { value: a.fontSize })}
      >
        {(field) => (
          <Slider
            thumbProps={ariaOf(field)}
            w={200}
            min={12}
            max={20}
            step={1}
            value={a.fontSize}
            onChange={(v) => set({ fontSize: v })}
            marks={[{ value: 12 }, { value: 14 }, { value: 16 }, { value: 18 }, { value: 20 }]}
            label={(v) => t('settings.appearance.px', { value: v })}
            data-testid="setting-fontSize"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.appearance.density')} description={t('settings.appearance.densityDesc')}>
        {(field) => (
          <SegmentedControl
            {...field}
            size="xs"
            value={a.density}
            onChange={(v) => set({ density: v })}
            data={[
              { value: 'compact', label: t('settings.appearance.densities.compact') },
              { value: 'default', label: t('settings.appearance.densities.default') },
              { value: 'comfortable', label: t('settings.appearance.densities.comfortable') },
            ]}
            data-testid="setting-density"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.appearance.lessAnimation')}
        description={t('settings.appearance.lessAnimationDesc')}
      >
        {(field) => (
          <Switch
            {...field}
            checked={a.lessAnimation}
            onChange={(e) => set({ lessAnimation: e.currentTarget.checked })}
            data-testid="setting-lessAnimation"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.appearance.hideSidebar')}
        description={t('settings.appearance.hideSidebarDesc')}
        keyHint
      >
        {(field) => (
          <Switch
            {...field}
            checked={a.hideSidebar}
            onChange={(e) => set({ hideSidebar: e.currentTarget.checked })}
            data-testid="setting-hideSidebar"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.appearance.sidebarWidth')}
        description={t('settings.appearance.sidebarWidthDesc', { value: a.sidebarWidth })}
      >
        {(field) => (
          <Slider
            thumbProps={ariaOf(field)}
            w={200}
            min={200}
            max={480}
            step={8}
            value={a.sidebarWidth}
            onChange={(v) => set({ sidebarWidth: v })}
            label={(v) => t('settings.appearance.px', { value: v })}
            data-testid="setting-sidebarWidth"
          />
        )}
      </SettingRow>
      <ResetButton group="appearance" />
    </div>
  );
}
