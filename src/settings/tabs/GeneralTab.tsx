import { NumberInput, Select, Switch } from '@mantine/core';
import { LANGUAGES, detectLanguage, useT } from '../../i18n';
import type { DefaultView, GeneralSettings, LanguageSetting, StartPage } from '../defaults';
import { updateSettings, useSettingsGroup } from '../useSettings';
import { ResetButton } from './ResetButton';
import { SettingRow } from './SettingRow';
import { fitWidth } from '../../components/fitWidth';
import { NotificationSettings } from '../../pwa/NotificationSettings';

const set = (patch: Partial<GeneralSettings>) => updateSettings('general', patch);

// Labels come from `settings.general.startPages.<value>` and `settings.general.views.<value>`.
const START_PAGES: readonly StartPage[] = ['welcome', 'all', 'today', 'saved'];
const VIEWS: readonly DefaultView[] = ['auto', 'list', 'card', 'magazine', 'column', 'text'];

/** General settings: language, start page, list behaviour, refresh, private networks, notifications. */
export function GeneralTab() {
  const t = useT();
  const g = useSettingsGroup('general');
  // "Follow the browser" names what the browser would pick, so the choice is not a surprise.
  const browserName = LANGUAGES.find((l) => l.value === detectLanguage(navigator.languages))?.name ?? '';
  const languages: { value: LanguageSetting; label: string }[] = [
    { value: 'auto', label: t('settings.general.languageAuto', { name: browserName }) },
    ...LANGUAGES.map((l) => ({ value: l.value, label: l.name })),
  ];
  return (
    <div>
      <SettingRow label={t('settings.general.language')} description={t('settings.general.languageDesc')}>
        {(field) => (
          <Select
            {...field}
            w={fitWidth(languages.map((l) => l.label))}
            maw="100%"
            data={languages}
            value={g.language}
            allowDeselect={false}
            onChange={(v) => v && set({ language: v })}
            data-testid="setting-language"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.general.startPage')} description={t('settings.general.startPageDesc')}>
        {(field) => (
          <Select
            {...field}
            w={fitWidth(START_PAGES.map((value) => t(`settings.general.startPages.${value}`)))}
            maw="100%"
            data={START_PAGES.map((value) => ({ value, label: t(`settings.general.startPages.${value}`) }))}
            value={g.startPage}
            allowDeselect={false}
            onChange={(v) => v && set({ startPage: v })}
            data-testid="setting-startPage"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.general.defaultView')}
        description={t('settings.general.defaultViewDesc')}
      >
        {(field) => (
          <Select
            {...field}
            w={fitWidth(VIEWS.map((value) => t(`settings.general.views.${value}`)))}
            maw="100%"
            data={VIEWS.map((value) => ({ value, label: t(`settings.general.views.${value}`) }))}
            value={g.defaultView}
            allowDeselect={false}
            onChange={(v) => v && set({ defaultView: v })}
            data-testid="setting-defaultView"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.general.hideRead')} description={t('settings.general.hideReadDesc')}>
        {(field) => (
          <Switch
            {...field}
            checked={g.hideReadArticles}
            onChange={(e) => set({ hideReadArticles: e.currentTarget.checked })}
            data-testid="setting-hideReadArticles"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.general.autoRead')}>
        {(field) => (
          <Switch
            {...field}
            checked={g.autoRead}
            onChange={(e) => set({ autoRead: e.currentTarget.checked })}
            data-testid="setting-autoRead"
          />
        )}
      </SettingRow>
      <SettingRow label={t('keys.settings.markOnScroll')} description={t('keys.settings.markOnScrollHint')}>
        {(field) => (
          <Switch
            {...field}
            checked={g.markReadOnScroll}
            onChange={(e) => set({ markReadOnScroll: e.currentTarget.checked })}
            data-testid="setting-markReadOnScroll"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.general.swipeArticles')}
        description={t('settings.general.swipeArticlesDesc')}
      >
        {(field) => (
          <Switch
            {...field}
            checked={g.swipeArticles}
            onChange={(e) => set({ swipeArticles: e.currentTarget.checked })}
            data-testid="setting-swipeArticles"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.general.autoRefresh')}>
        {(field) => (
          <Switch
            {...field}
            checked={g.autoRefresh}
            onChange={(e) => set({ autoRefresh: e.currentTarget.checked })}
            data-testid="setting-autoRefresh"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.general.refreshEvery')}
        description={t('settings.general.refreshEveryDesc')}
      >
        {(field) => (
          <NumberInput
            {...field}
            w={120}
            min={5}
            max={1440}
            step={5}
            suffix={t('settings.general.minutesSuffix')}
            disabled={!g.autoRefresh}
            value={Math.round(g.refreshInterval / 60)}
            onChange={(v) =>
              typeof v === 'number' && v >= 5 && v <= 1440 && set({ refreshInterval: Math.round(v) * 60 })
            }
            data-testid="setting-refreshInterval"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.general.pullDataFail')}
        description={t('settings.general.pullDataFailDesc')}
      >
        {(field) => (
          <Switch
            {...field}
            checked={g.pullDataFail}
            onChange={(e) => set({ pullDataFail: e.currentTarget.checked })}
            data-testid="setting-pullDataFail"
          />
        )}
      </SettingRow>
      <SettingRow label={t('settings.general.listAi')} description={t('settings.general.listAiDesc')}>
        {(field) => (
          <Switch
            {...field}
            checked={g.enableListAISummary}
            onChange={(e) => set({ enableListAISummary: e.currentTarget.checked })}
            data-testid="setting-enableListAISummary"
          />
        )}
      </SettingRow>
      <SettingRow
        label={t('settings.general.privateNetworks')}
        description={t('settings.general.privateNetworksDesc')}
      >
        {(field) => (
          <Switch
            {...field}
            checked={g.allowPrivateNetworks}
            onChange={(e) => set({ allowPrivateNetworks: e.currentTarget.checked })}
            data-testid="setting-allowPrivateNetworks"
          />
        )}
      </SettingRow>
      <NotificationSettings />
      <ResetButton group="general" />
    </div>
  );
}
