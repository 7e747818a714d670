import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { expectNoErrors, launchBrowser, openApp } from './harness';
import { screens, waitFor } from './pages';
import { engineWorker } from './seed';
import { shot } from './shots';

// Combo: curated bundle cards; a shared bundle link opens ready to subscribe and subscribes
// with progress against the fixture feed server; a group becomes a shareable bundle.

const feedsUrl = inject('feedsUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The link format, written independently of the app: `b=1.` + base64url(deflate-raw(JSON)). */
async function shareHash(bundle: { t: string; d: string; f: string[][] }): Promise<string> {
  const packed = new Blob([JSON.stringify(bundle)])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = Buffer.from(await new Response(packed).arrayBuffer());
  return `b=1.${bytes.toString('base64url')}`;
}

interface GroupsFeeds {
  groups: { id: number; title: string }[];
  feeds: { url: string; groupId: number; title: string }[];
}

describe('combo', () => {
  test('curated bundles render as cards, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const app = await openApp(browser, { colorScheme });
      await app.goto('/combo');
      const { combo } = screens(app.page);
      await waitFor(combo.cards.first(), 'a bundle card');
      expect(await combo.gridCards.count()).toBe(7);
      await shot(app.page, `/tmp/combo-${colorScheme}.png`, { fullPage: true });
      expectNoErrors(app.errors);
      await app.context.close();
    }
  });

  test('a shared link opens ready to subscribe, skips what is followed, and subscribes with progress', async () => {
    const app = await openApp(browser);
    await app.goto('/welcome');
    // One of the bundle's feeds is already followed.
    const worker = await engineWorker(app.page);
    await worker.evaluate(async (url: string) => {
      const e = (self as unknown as { __rivuletEngine: { feeds: { save(f: object): Promise<number> } } })
        .__rivuletEngine;
      await e.feeds.save({ url, title: 'Already here' });
    }, `${feedsUrl}/feeds/rss.xml`);
    const hash = await shareHash({
      t: 'Fixture reading',
      d: 'Feeds from the test server',
      f: [
        ['Riverbank', `${feedsUrl}/feeds/rss.xml`, `${feedsUrl}/`, 'RSS'],
        ['Workshop', `${feedsUrl}/feeds/atom.xml`, '', 'Atom'],
        ['Json', `${feedsUrl}/feeds/feed.json`, '', 'JSON Feed'],
        ['Podcast', `${feedsUrl}/feeds/podcast.xml`, '', 'Audio'],
        ['Evil', 'javascript:alert(1)', '', 'dropped'],
      ],
    });
    await app.goto(`/combo#${hash}`);
    const { combo } = screens(app.page);
    await waitFor(combo.dialog, 'the shared bundle dialog');
    await waitFor(combo.shared, 'the shared bundle');
    expect(await combo.feeds.count()).toBe(4);
    expect(await combo.feed(`${feedsUrl}/feeds/rss.xml`).isDisabled()).toBe(true);
    expect(await combo.groupName.inputValue()).toBe('Fixture reading');
    // Leave the podcast out.
    await combo.feed(`${feedsUrl}/feeds/podcast.xml`).uncheck();
    await shot(app.page, '/tmp/combo-shared-dialog.png');
    await combo.start.click();
    await combo.waitForJobDone();
    expect(await combo.job.getAttribute('data-state')).toBe('done');
    expect(await combo.summaryCount('added').textContent()).toBe('2');
    // Nothing failed: the summary leaves out the parts that are zero.
    expect(await combo.summaryCount('failed').count()).toBe(0);
    expect(Number(await combo.summaryCount('new-items').textContent())).toBeGreaterThan(0);

    // The page was reloaded since: its engine worker is a new one.
    const { groups, feeds } = await (
      await engineWorker(app.page)
    ).evaluate(async () => {
      interface E {
        groups: { list(): Promise<GroupsFeeds['groups']> };
        feeds: { list(): Promise<GroupsFeeds['feeds']> };
      }
      const e = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      return { groups: await e.groups.list(), feeds: await e.feeds.list() };
    });
    const group = groups.find((g) => g.title === 'Fixture reading');
    expect(group).toBeDefined();
    const inGroup = feeds.filter((f) => f.groupId === group!.id).map((f) => f.url);
    expect(inGroup.sort()).toEqual([`${feedsUrl}/feeds/atom.xml`, `${feedsUrl}/feeds/feed.json`].sort());
    expect(feeds).toHaveLength(3);
    expectNoErrors(app.errors);

    // The group becomes a bundle of its own; its link opens on another profile ready to go.
    await combo.close.click();
    await combo.makeBundleOf(/Fixture reading/);
    const link = await combo.shareLink.inputValue();
    expect(link).toMatch(/\/combo#b=1\./);
    const other = await openApp(browser);
    await other.goto(new URL(link).pathname + new URL(link).hash);
    const otherCombo = screens(other.page).combo;
    await waitFor(otherCombo.dialog, 'the bundle dialog on the other profile');
    expect(await otherCombo.feeds.count()).toBe(2);
    await other.context.close();
    await app.context.close();
    // Two profiles, a four-feed subscribe job and a reload: over a minute on a loaded runner.
  }, 120_000);

  test('a damaged link says so and subscribes nothing', async () => {
    const app = await openApp(browser);
    await app.goto('/combo#b=1.AAAA');
    const { combo } = screens(app.page);
    await waitFor(combo.linkError, 'the damaged link message');
    expect(await combo.dialog.count()).toBe(0);
    await app.context.close();
  });
});
