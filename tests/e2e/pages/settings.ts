import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The settings dialog tabs, by their value. */
export type SettingsTab = 'general' | 'appearance' | 'integrations' | 'automation';

/** The settings dialog, opened from the gear in the sidebar. */
export class SettingsDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.locator(tid('settings-dialog')).describe('the settings dialog');
  }
  /** The gear that opens the dialog. */
  get gear(): Locator {
    return this.page.locator(tid('open-settings')).describe('the settings gear');
  }
  /** The dialog's box (Mantine's modal content, which scrolls). */
  /** The computed background of the first switch's track that is off, as the browser paints it. */
  async offSwitchTrackColor(): Promise<string> {
    const track = this.dialog
      .locator('.mantine-Switch-root:has(input:not(:checked):not(:disabled)) .mantine-Switch-track')
      .first()
      .describe('the track of a switch that is off');
    return track.evaluate((el) => getComputedStyle(el).backgroundColor);
  }
  get sheet(): Locator {
    return this.page
      .locator('.mantine-Modal-content:has([data-testid="settings-dialog"])')
      .describe("the settings dialog's box");
  }
  /** The row of tabs. */
  get tabList(): Locator {
    return this.dialog.getByRole('tablist').describe('the settings tabs');
  }
  /** The dialog's close button (×). */
  get closeButton(): Locator {
    return this.sheet.locator('.mantine-Modal-close').describe("the settings dialog's close button");
  }
  tab(name: SettingsTab): Locator {
    return this.page.locator(tid(`settings-tab-${name}`)).describe(`the settings tab '${name}'`);
  }
  /** A setting's control by its key ('density', 'language', 'apiUrl', …). */
  setting(key: string): Locator {
    return this.page.locator(tid(`setting-${key}`)).describe(`the setting '${key}'`);
  }
  /** The descriptions the open tab's setting rows show under their labels. */
  get descriptions(): Locator {
    return this.dialog.locator('[data-setting-description]').describe("the settings' descriptions");
  }
  /** Picks the choice labelled `label` of a segmented or radio setting. */
  async pick(key: string, label: string): Promise<void> {
    await this.setting(key).getByText(label).click();
  }
  /** A tab's "Reset to defaults" button. */
  reset(tab: SettingsTab): Locator {
    return this.page.locator(tid(`reset-${tab}`)).describe(`Reset ${tab} settings`);
  }
  /** Opens the dialog from the gear and shows the tab (by value or by its English name). */
  async open(tab: SettingsTab | Capitalize<SettingsTab> = 'general'): Promise<void> {
    const name = tab.toLowerCase() as SettingsTab;
    await this.gear.click();
    await waitFor(this.dialog, 'the settings dialog after a click on the gear');
    await this.choose(name);
  }
  /** Shows a tab of the open dialog and waits until it is chosen. */
  async choose(name: SettingsTab): Promise<void> {
    await this.tab(name).click();
    await waitFor(
      this.tab(name).and(this.page.locator('[aria-selected="true"]')),
      `the settings tab '${name}' chosen`,
    );
  }
  /** Opens the dialog on General and picks a language by its option's name. */
  async chooseLanguage(option: RegExp): Promise<void> {
    await this.open('general');
    await this.setting('language').click();
    await this.page.getByRole('option', { name: option }).click();
  }
  /** Closes with Escape and waits until the dialog is gone. */
  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await waitFor(this.dialog, 'the settings dialog', { state: 'detached' });
  }
  /** The notifications permission line (carries `data-state`: default, granted, denied). */
  get notifyPermission(): Locator {
    return this.page.locator(tid('notify-permission')).describe('the notifications permission line');
  }
  /** "Send a test notification" (with `disabled`, only while it is disabled). */
  notifyTest(disabled?: boolean): Locator {
    return this.page
      .locator(tid('notify-test') + (disabled ? ':disabled' : ''))
      .describe(disabled ? 'the disabled test notification button' : 'the test notification button');
  }
}
