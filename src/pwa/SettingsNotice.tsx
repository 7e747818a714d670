import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t as translate, type TKey, type Translate, useI18n } from '../i18n';
import type { SettingsProblem } from '../settings/store';
import { settingsStore } from '../settings/useSettings';
import { Disclosure } from './Disclosure';

/** Id of the "settings could not be read" notification. */
export const SETTINGS_NOTICE_ID = 'settings-problem';

// A setting's path to the label people know it by in Settings; unknown paths show as they are.
const LABELS: Record<string, TKey> = {
  'general.language': 'settings.general.language',
  'general.startPage': 'settings.general.startPage',
  'general.defaultView': 'settings.general.defaultView',
  'general.hideReadArticles': 'settings.general.hideRead',
  'general.autoRead': 'settings.general.autoRead',
  'general.markReadOnScroll': 'keys.settings.markOnScroll',
  'general.swipeArticles': 'settings.general.swipeArticles',
  'general.autoRefresh': 'settings.general.autoRefresh',
  'general.refreshInterval': 'settings.general.refreshEvery',
  'general.pullDataFail': 'settings.general.pullDataFail',
  'general.enableListAISummary': 'settings.general.listAi',
  'general.allowPrivateNetworks': 'settings.general.privateNetworks',
  'general.retentionDays': 'download.storage.retention',
  'appearance.themeMode': 'settings.appearance.theme',
  'appearance.themeColor': 'settings.appearance.accent',
  'appearance.fontFamily': 'settings.appearance.font',
  'appearance.codeFont': 'settings.appearance.codeFont',
  'appearance.fontSize': 'settings.appearance.fontSize',
  'appearance.density': 'settings.appearance.density',
  'appearance.lessAnimation': 'settings.appearance.lessAnimation',
  'appearance.hideSidebar': 'settings.appearance.hideSidebar',
  'appearance.sidebarWidth': 'settings.appearance.sidebarWidth',
  'integrated.apiUrl': 'settings.integrations.apiUrl',
  'integrated.apiKey': 'settings.integrations.apiKey',
  'integrated.selectedModel': 'settings.integrations.model',
  'integrated.useRelay': 'settings.integrations.relay',
  'integrated.summaryPrompt': 'settings.integrations.prompt',
  'automation.filters': 'filter.panelsKeywords',
};

/** The settings a problem reset, by the names Settings shows (in the language in effect). */
export function resetNames(problem: SettingsProblem, t: Translate = translate): string[] {
  return [...new Set(problem.reset.map((path) => (LABELS[path] ? t(LABELS[path]) : path)))];
}

/**
 * The body of the "some settings could not be read" notification: which settings went back to
 * their defaults (everything else was kept), "Restore the saved copy" when the app has one that
 * differs, "Keep as is", and the stored text under "Details".
 */
export function SettingsNotice({ problem }: { problem: SettingsProblem }) {
  const { t, formatDate } = useI18n();
  const close = () => notifications.hide(SETTINGS_NOTICE_ID);
  const restore = () => {
    settingsStore.restoreSavedCopy();
    close();
    notifications.show({
      color: 'teal',
      message: t('robust.settings.restored'),
      'data-testid': 'settings-restored',
    });
  };
  const keep = () => {
    settingsStore.dismissProblem();
    close();
  };
  const detail = [problem.backupKey ? `localStorage["${problem.backupKey}"]` : '', problem.raw]
    .filter(Boolean)
    .join('\n');
  return (
    <div>
      <Text size="sm">
        {problem.unreadable
          ? t('robust.settings.unreadable')
          : t('robust.settings.reset', { names: resetNames(problem, t).join(', ') })}
      </Text>
      {problem.saved && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('robust.settings.savedAt', { date: formatDate(problem.saved.savedAt) })}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        {problem.saved && (
          <Button size="compact-sm" onClick={restore} data-testid="settings-restore-copy">
            {t('robust.settings.restore')}
          </Button>
        )}
        <Button size="compact-sm" variant="default" onClick={keep} data-testid="settings-keep">
          {t('robust.settings.keep')}
        </Button>
      </Group>
      <Disclosure text={detail} testId="settings-notice-details" />
    </div>
  );
}

/** Shows the notice when the settings read at start-up (or from another tab) needed repair. */
let shown: SettingsProblem | null = null;
export function showSettingsProblem(): void {
  const problem = settingsStore.problem;
  if (!problem || problem === shown) return;
  shown = problem;
  notifications.show({
    id: SETTINGS_NOTICE_ID,
    color: 'orange',
    title: translate('robust.settings.title'),
    message: <SettingsNotice problem={problem} />,
    autoClose: false,
    onClose: () => settingsStore.dismissProblem(),
    'data-testid': 'settings-notice',
  });
}
