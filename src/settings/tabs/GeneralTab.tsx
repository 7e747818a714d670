import { NumberInput, Select, Switch } from '@mantine/core';
import type { DefaultView, GeneralSettings, StartPage } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';

const set = (patch: Partial<GeneralSettings>) => updateSettings('general', patch);

const START_PAGES: { value: StartPage; label: string }[] = [
  { value: 'welcome', label: 'Welcome' },
  { value: 'all', label: 'All articles' },
  { value: 'today', label: 'Today' },
  { value: 'saved', label: 'Saved' },
];

const VIEWS: { value: DefaultView; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'list', label: 'List' },
  { value: 'card', label: 'Cards' },
  { value: 'magazine', label: 'Magazine' },
  { value: 'column', label: 'Column' },
  { value: 'text', label: 'Text' },
];

/** General settings: start page, list behaviour, refresh. */
export function GeneralTab() {
  const g = useSettingsGroup('general');
  return (
    <div>
      <SettingRow label="Start page" description="What opens at the app's address.">
        <Select
          w={180}
          data={START_PAGES}
          value={g.startPage}
          allowDeselect={false}
          onChange={(v) => v && set({ startPage: v })}
          data-testid="setting-startPage"
        />
      </SettingRow>
      <SettingRow label="Default view" description="Automatic picks cards for image-rich feeds.">
        <Select
          w={180}
          data={VIEWS}
          value={g.defaultView}
          allowDeselect={false}
          onChange={(v) => v && set({ defaultView: v })}
          data-testid="setting-defaultView"
        />
      </SettingRow>
      <SettingRow label="Hide read articles" description="Lists open on their unread articles.">
        <Switch
          checked={g.hideReadArticles}
          onChange={(e) => set({ hideReadArticles: e.currentTarget.checked })}
          data-testid="setting-hideReadArticles"
        />
      </SettingRow>
      <SettingRow label="Mark as read when opened">
        <Switch
          checked={g.autoRead}
          onChange={(e) => set({ autoRead: e.currentTarget.checked })}
          data-testid="setting-autoRead"
        />
      </SettingRow>
      <SettingRow label="Refresh feeds automatically">
        <Switch
          checked={g.autoRefresh}
          onChange={(e) => set({ autoRefresh: e.currentTarget.checked })}
          data-testid="setting-autoRefresh"
        />
      </SettingRow>
      <SettingRow label="Refresh every" description="Minutes between automatic refreshes.">
        <NumberInput
          w={120}
          min={5}
          max={1440}
          step={5}
          suffix=" min"
          disabled={!g.autoRefresh}
          value={Math.round(g.refreshInterval / 60)}
          onChange={(v) =>
            typeof v === 'number' && v >= 5 && v <= 1440 && set({ refreshInterval: Math.round(v) * 60 })
          }
          data-testid="setting-refreshInterval"
        />
      </SettingRow>
      <SettingRow label="Report failed updates" description="Tell me when a feed could not be fetched.">
        <Switch
          checked={g.pullDataFail}
          onChange={(e) => set({ pullDataFail: e.currentTarget.checked })}
          data-testid="setting-pullDataFail"
        />
      </SettingRow>
      <SettingRow label="AI summaries in lists" description="Needs an AI endpoint (Integrations).">
        <Switch
          checked={g.enableListAISummary}
          onChange={(e) => set({ enableListAISummary: e.currentTarget.checked })}
          data-testid="setting-enableListAISummary"
        />
      </SettingRow>
      <ResetButton group="general" />
    </div>
  );
}
