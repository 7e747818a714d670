import type { Locator, Page } from 'playwright-core';
import { tid, waitFor, waitUntil } from './wait';

/**
 * The AI features: the reader's summary box and its errors, the Integrations tab's connection
 * test, list summaries, the feed assistant on /search, "describe a filter" on /filter, and the
 * note shown when no AI is configured.
 */
export class AiUi {
  constructor(readonly page: Page) {}

  /** The reader's summary box (carries `data-status`, `data-cached`, `aria-busy`). */
  get summary(): Locator {
    return this.page.locator(tid('ai-summary')).describe('the summary box');
  }
  /** The summary box in this state ('streaming', 'done'). */
  summaryIn(status: string): Locator {
    return this.page
      .locator(`${tid('ai-summary')}[data-status="${status}"]`)
      .describe(`the summary box ${status}`);
  }
  /** The summary box served from the cache. */
  get summaryCached(): Locator {
    return this.page.locator(`${tid('ai-summary')}[data-cached="true"]`).describe('the cached summary');
  }
  get summaryText(): Locator {
    return this.page.locator(tid('ai-summary-text')).describe("the summary's text");
  }
  /** Pictures or scripts inside the summary's text (model output must make none). */
  get summaryUnsafe(): Locator {
    return this.summaryText.locator('img, script').describe('pictures or scripts in the summary');
  }
  /** The links inside the summary's text. */
  get summaryLinks(): Locator {
    return this.summaryText.locator('a').describe('the links in the summary');
  }
  /** The inline AI error of this kind ('auth', 'rate_limit', …). */
  error(kind: string): Locator {
    return this.page.locator(`${tid('ai-error')}[data-kind="${kind}"]`).describe(`the AI error '${kind}'`);
  }
  /** An error's hint line. */
  errorHint(error: Locator): Locator {
    return error.locator(tid('ai-error-hint')).describe("the AI error's hint");
  }
  /** Integrations: Test connection, and the models it found. */
  get testConnection(): Locator {
    return this.page.locator(tid('ai-test-connection')).describe('Test connection');
  }
  get testModels(): Locator {
    return this.page.locator(tid('ai-test-models')).describe('the models the connection test found');
  }
  /** The list's summaries bar, its count, and each row's summary (carries `data-status`). */
  get listSummaryBar(): Locator {
    return this.page.locator(tid('list-summary-bar')).describe('the list summaries bar');
  }
  get listSummaryCount(): Locator {
    return this.page.locator(tid('list-summary-count')).describe('the count of list summaries');
  }
  /** Waits until exactly `streaming` list summaries stream and at least one other waits its turn. */
  async waitListSummaries(streaming: number): Promise<void> {
    await waitUntil(
      this.page,
      `${streaming} list summaries streaming and the others on screen waiting`,
      ([sel, n]) => {
        const states = [...document.querySelectorAll(sel)].map((e) => e.getAttribute('data-status'));
        return states.filter((s) => s === 'streaming').length === n && states.includes('waiting');
      },
      [tid('list-summary'), streaming] as const,
    );
  }
  /** The feed assistant: Ask, its answer, the assistant done answering. */
  get assistantAsk(): Locator {
    return this.page.locator(tid('assistant-ask')).describe("the assistant's Ask");
  }
  get assistantAnswer(): Locator {
    return this.page.locator(tid('assistant-answer')).describe("the assistant's answer");
  }
  get assistantDone(): Locator {
    return this.page
      .locator(`${tid('assistant')}[data-phase="done"]`)
      .describe('the assistant done answering');
  }
  /** The answer's citation link ("[1]"). */
  citation(label: string): Locator {
    return this.assistantAnswer.locator('a', { hasText: label }).describe(`the citation ${label}`);
  }
  /** "Describe a filter" on /filter: a part by its suffix ('input', 'write', 'query', 'status', 'run'). */
  describeFilter(part: 'input' | 'write' | 'query' | 'status' | 'run'): Locator {
    return this.page.locator(tid(`describe-filter-${part}`)).describe(`describe a filter: ${part}`);
  }
  /** The written query, valid. */
  get describeFilterValid(): Locator {
    return this.page
      .locator(`${tid('describe-filter-result')}[data-ok="true"]`)
      .describe('a valid written query');
  }
  /** The note that AI is not configured, and its link to the settings. */
  get notConfigured(): Locator {
    return this.page.locator(tid('ai-not-configured')).describe('the note that AI is not configured');
  }
  get openSettings(): Locator {
    return this.notConfigured.locator(tid('ai-open-settings')).describe("the note's link to the settings");
  }
  /** The close button that hides the note for good. */
  get hideNotConfigured(): Locator {
    return this.page.locator(tid('ai-not-configured-hide')).describe("the note's close button");
  }
  /** Waits for the summary box in this state. */
  async waitSummary(status: string, timeout?: number): Promise<void> {
    await waitFor(this.summaryIn(status), `the summary box ${status}`, { timeout });
  }
}
