/**
 * The settings dialog for a screen reader: in every tab (and the "Send to" form), every switch,
 * picker, box, slider and button has a name, and every setting's description is what its
 * control is described by, as Chromium's accessibility tree computes them (./a11y.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AxControl, controlsWithin } from './a11y';
import { type AppPage, expectNoErrors } from './harness';
import { screens, waitFor } from './pages';
import { SendToSettings } from './pages/sendto';
import type { SettingsTab } from './pages/settings';
import { setSettings } from './readingSeed';
import { closeStartedApp, launchStartedApp } from './setups';

let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  ({ browser, app } = await launchStartedApp());
  // A saved filter, so the Automation tab has its rows (and their Delete buttons) to look at.
  await setSettings(app.page, {
    automation: { filters: [{ id: 'herons', name: 'Herons', query: "title LIKE '%heron%'", createdAt: 1 }] },
  });
  await app.goto('/all');
}, 150_000);
afterAll(() => closeStartedApp({ browser, app }));

const show = (c: AxControl) => `${c.role}${c.disabled ? ' (disabled)' : ''} "${c.name}"`;

/** The open dialog's controls, and the descriptions its setting rows show. */
async function look(): Promise<{ controls: AxControl[]; descriptions: string[] }> {
  const descriptions = await screens(app.page).settings.descriptions.allTextContents();
  return { controls: await controlsWithin(app.page, 'dialog'), descriptions };
}

/** What is wrong in one look: unnamed controls, and descriptions no control is described by. */
function problems(where: string, { controls, descriptions }: Awaited<ReturnType<typeof look>>): string[] {
  const found = controls.filter((c) => !c.name).map((c) => `${where}: ${show(c)} has no name`);
  for (const d of descriptions.map((s) => s.trim()).filter(Boolean))
    if (!controls.some((c) => c.description.includes(d)))
      found.push(`${where}: no control is described by "${d}"`);
  return found;
}

describe('settings for a screen reader', () => {
  test('every control of every tab is named, and described by its setting’s description', async () => {
    const { settings } = screens(app.page);
    const found: string[] = [];
    const seen: AxControl[] = [];
    for (const tab of ['general', 'appearance', 'integrations', 'automation'] as SettingsTab[]) {
      if (tab === 'general') await settings.open(tab);
      else await settings.choose(tab);
      const now = await look();
      found.push(...problems(tab, now));
      seen.push(...now.controls);
      if (tab === 'integrations') {
        // The "Send to" form, opened from its Add button.
        const sendTo = new SendToSettings(app.page);
        await sendTo.addButton.click();
        await waitFor(sendTo.form, 'the Send to form');
        const form = await look();
        found.push(...problems('integrations, Send to form', form));
        seen.push(...form.controls);
      }
    }
    expect(found).toEqual([]);
    // The walk reached the controls it is about (a tree read too early would pass empty).
    const named = (role: string, name: string) => seen.some((c) => c.role === role && c.name === name);
    expect(named('switch', 'Hide read articles')).toBe(true);
    expect(named('combobox', 'Language')).toBe(true);
    expect(named('radiogroup', 'Density')).toBe(true);
    expect(named('slider', 'Font size')).toBe(true);
    expect(named('textbox', 'API key')).toBe(true);
    expect(seen.find((c) => c.role === 'switch' && c.name === 'Hide read articles')?.description).toBe(
      'Lists open on their unread articles.',
    );
    await settings.close();
    expectNoErrors(app.errors);
  });
});
