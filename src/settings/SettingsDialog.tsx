import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { IconAdjustments, IconPalette, IconPlugConnected, IconRobot } from '@tabler/icons-react';
import { useT } from '../i18n';
import { AppearanceTab } from './tabs/AppearanceTab';
import { AutomationTab } from './tabs/AutomationTab';
import { GeneralTab } from './tabs/GeneralTab';
import { IntegrationsTab } from './tabs/IntegrationsTab';
import { type SettingsTab, closeSettings, setSettingsTab, useSettingsDialog } from './dialogState';
import { useSettingsEntry } from './settingsEntry';
import { Dialog } from '../components/Dialog';
import classes from './SettingsDialog.module.css';

// Tab names come from `settings.tabs.<value>`.
const TABS: { value: SettingsTab; icon: ReactNode }[] = [
  { value: 'general', icon: <IconAdjustments size={16} /> },
  { value: 'appearance', icon: <IconPalette size={16} /> },
  { value: 'integrations', icon: <IconPlugConnected size={16} /> },
  { value: 'automation', icon: <IconRobot size={16} /> },
];

const isTab = (v: string | null): v is SettingsTab => TABS.some((t) => t.value === v);

/**
 * The settings dialog: four tabs, every change saved and applied as it is made; a history entry
 * while open (settingsEntry.ts), so Back closes it. A box in the middle of a desktop; on a phone
 * a full-screen sheet whose title, close and one sideways-scrolling row of tabs stay at its top.
 */
export function SettingsDialog() {
  const t = useT();
  const { opened, tab } = useSettingsDialog();
  useSettingsEntry(opened);
  // The app's phone width (IndexLayout's bottom bar, the reader overlay).
  const phone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const tabsRef = useRef<HTMLDivElement | null>(null);
  // The chosen tab in view in the phone's row (opened on Integrations by "Set up AI").
  useEffect(() => {
    if (!opened || !phone) return;
    const chosen = tabsRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    chosen?.scrollIntoView({ inline: 'nearest', block: 'nearest' });
  }, [opened, phone, tab]);
  return (
    <Dialog
      opened={opened}
      onClose={closeSettings}
      title={t('settings.title')}
      size={640}
      fullScreen={phone}
      transitionProps={phone ? { transition: 'slide-up' } : undefined}
      classNames={phone ? { header: classes.phoneHeader } : undefined}
      styles={{
        title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' },
        body: { paddingTop: 0 },
      }}
    >
      {/* The test id sits on a real box: Mantine's modal root has no size of its own. */}
      <div data-testid="settings-dialog">
        <Tabs value={tab} onChange={(v) => isTab(v) && setSettingsTab(v)} keepMounted={false}>
          <Tabs.List mb="md" ref={tabsRef} className={phone ? classes.phoneTabs : undefined}>
            {TABS.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                leftSection={tab.icon}
                data-testid={`settings-tab-${tab.value}`}
              >
                {t(`settings.tabs.${tab.value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="general">
            <GeneralTab />
          </Tabs.Panel>
          <Tabs.Panel value="appearance">
            <AppearanceTab />
          </Tabs.Panel>
          <Tabs.Panel value="integrations">
            <IntegrationsTab />
          </Tabs.Panel>
          <Tabs.Panel value="automation">
            <AutomationTab />
          </Tabs.Panel>
        </Tabs>
      </div>
    </Dialog>
  );
}
