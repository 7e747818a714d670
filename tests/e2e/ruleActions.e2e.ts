import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AiApp, startAiApp } from './aiApp';
import { FilterScreen, ListScreen, ReaderScreen, waitFor } from './pages';
import { AiUi } from './pages/ai';
import { RuleEditorScreen } from './pages/rules';
import { seedApp } from './seed';
import { runInEngine } from './setups';

// Issue 16, rule actions that act: a rule with "summarise" runs when a fixture feed is
// refreshed; the engine calls the companion server's shared AI endpoint (the AI fixture) once
// per matching article, and opening the article shows that summary from the cache, with no
// second call.

// The fixture feed (tests/fixtures/feeds/rss.xml) has "Herons at dawn"; the rule matches it only.
const MATCH = 'Herons at dawn';

let started: AiApp;
let fixtureFeedId = 0;

beforeAll(async () => {
  started = await startAiApp();
  await seedApp(started.page, { groups: 1, feedsPerGroup: 1, itemsPerFeed: 2 });
  fixtureFeedId = await runInEngine<number>(
    started.page,
    "(engine, url) => engine.feeds.save({ url, title: 'Riverbank Notes', groupId: -1, siteUrl: '' })",
    `${inject('feedsUrl')}/feeds/rss.xml`,
  );
});
afterAll(async () => {
  await started?.close();
});

describe('rule actions', () => {
  test('a rule that summarises runs at refresh; the reader shows its summary without calling again', async () => {
    const { page, ai } = started;
    const goto = (path: string) => started.goto(path);
    const filter = new FilterScreen(page);
    const rule = new RuleEditorScreen(page);
    const list = new ListScreen(page);
    const reader = new ReaderScreen(page);
    const aiUi = new AiUi(page);
    await goto('/filter');
    await filter.type("title LIKE 'heron'", 0);
    await filter.save('Herons');
    await waitFor(rule.root, 'the Actions section of the saved filter');
    await rule.add('summarize');
    await rule.save();

    await goto(`/f/${fixtureFeedId}`);
    await list.refreshButton.click();
    await list.waitForRow(MATCH);
    // The summary is made in the engine after ingest; wait for its background work to end.
    await runInEngine(page, '(engine) => engine.rules.idle()');
    const calls = ai.chats();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body?.model).toBe('deepseek-chat');
    expect(calls[0]!.body?.messages?.[1]?.content).toContain(`Title: ${MATCH}`);

    await list.row(MATCH).click();
    await waitFor(reader.root, 'the reader');
    await waitFor(aiUi.summaryCached, 'the cached summary in the reader');
    // The fixture's answer (DEFAULT_REPLY, Markdown) as the reader renders it.
    expect(await aiUi.summaryText.innerHTML()).toContain('<strong>short</strong>');
    expect(ai.chats()).toHaveLength(1);

    // The rule's log shows the run, with no failure noted.
    await goto('/filter');
    await filter.editSaved('Herons').click();
    await rule.waitForRun(1);
    expect(await rule.runs.first().textContent()).not.toContain('failed');
  });
});
