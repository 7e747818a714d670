import { ColorInput, SegmentedControl, Select, Slider, Switch } from '@mantine/core';
import { hexToRgbTriple, rgbTripleToHex } from '../../theme/palette';
import { type AppearanceSettings, SYSTEM_FONT_STACK } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';

const set = (patch: Partial<AppearanceSettings>) => updateSettings('appearance', patch);

const FONTS = [
  { value: SYSTEM_FONT_STACK, label: 'System' },
  { value: 'Georgia, "Noto Serif", "Songti SC", serif', label: 'Serif' },
  { value: '"Inter", "Segoe UI", Roboto, "Noto Sans", sans-serif', label: 'Inter / Humanist' },
];

const CODE_FONTS = ['mono', 'JetBrains Mono', 'Fira Code', 'Source Code Pro', 'Cascadia Code'].map((v) => ({
  value: v,
  label: v === 'mono' ? 'System monospace' : v,
}));

/** Adds the stored value as a "Custom" option when it is not one of the presets. */
function withCustom(options: { value: string; label: string }[], value: string) {
  return options.some((o) => o.value === value)
    ? options
    : [...options, { value, label: `Custom (${value})` }];
}

/** Appearance settings: theme, accent, fonts, density, motion and sidebar. */
export function AppearanceTab() {
  const a = useSettingsGroup('appearance');
  return (
    <div>
      <SettingRow label="Theme">
        <SegmentedControl
          size="xs"
          value={a.themeMode}
          onChange={(v) => set({ themeMode: v })}
          data={[
            { value: 'system', label: 'System' },
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          data-testid="setting-themeMode"
        />
      </SettingRow>
      <SettingRow label="Accent colour" description="Unread markers and highlights.">
        <ColorInput
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
      </SettingRow>
      <SettingRow label="Font">
        <Select
          w={200}
          data={withCustom(FONTS, a.fontFamily)}
          value={a.fontFamily}
          allowDeselect={false}
          onChange={(v) => v && set({ fontFamily: v })}
          data-testid="setting-fontFamily"
        />
      </SettingRow>
      <SettingRow label="Code font">
        <Select
          w={200}
          data={withCustom(CODE_FONTS, a.codeFont)}
          value={a.codeFont}
          allowDeselect={false}
          onChange={(v) => v && set({ codeFont: v })}
          data-testid="setting-codeFont"
        />
      </SettingRow>
      <SettingRow label="Font size" description={`${a.fontSize} px`}>
        <Slider
          w={200}
          min={12}
          max={20}
          step={1}
          value={a.fontSize}
          onChange={(v) => set({ fontSize: v })}
          marks={[{ value: 12 }, { value: 14 }, { value: 16 }, { value: 18 }, { value: 20 }]}
          label={(v) => `${v}px`}
          data-testid="setting-fontSize"
        />
      </SettingRow>
      <SettingRow label="Density" description="Spacing of list rows.">
        <SegmentedControl
          size="xs"
          value={a.density}
          onChange={(v) => set({ density: v })}
          data={[
            { value: 'compact', label: 'Compact' },
            { value: 'default', label: 'Default' },
            { value: 'comfortable', label: 'Comfortable' },
          ]}
          data-testid="setting-density"
        />
      </SettingRow>
      <SettingRow label="Less animation" description="Turn off transitions and motion.">
        <Switch
          checked={a.lessAnimation}
          onChange={(e) => set({ lessAnimation: e.currentTarget.checked })}
          data-testid="setting-lessAnimation"
        />
      </SettingRow>
      <SettingRow label="Hide sidebar" description="Ctrl+B toggles it anywhere.">
        <Switch
          checked={a.hideSidebar}
          onChange={(e) => set({ hideSidebar: e.currentTarget.checked })}
          data-testid="setting-hideSidebar"
        />
      </SettingRow>
      <SettingRow label="Sidebar width" description={`${a.sidebarWidth} px — or drag the sidebar's edge.`}>
        <Slider
          w={200}
          min={200}
          max={480}
          step={8}
          value={a.sidebarWidth}
          onChange={(v) => set({ sidebarWidth: v })}
          label={(v) => `${v}px`}
          data-testid="setting-sidebarWidth"
        />
      </SettingRow>
      <ResetButton group="appearance" />
    </div>
  );
}
