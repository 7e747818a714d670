import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/** The OPML tab of /subscribe: import from text or a file, the import job, its failed feeds, export. */
export class OpmlTab {
  constructor(readonly page: Page) {}

  get text(): Locator {
    return this.page.locator(tid('opml-text')).describe('the OPML text box');
  }
  get submit(): Locator {
    return this.page.locator(tid('opml-import-submit')).describe('the Import button');
  }
  get fileButton(): Locator {
    return this.page.locator(tid('opml-file-button')).describe('the Choose file button');
  }
  get error(): Locator {
    return this.page.locator(tid('opml-error')).describe("the import's error");
  }
  get exportButton(): Locator {
    return this.page.locator(tid('opml-export')).describe('the Export button');
  }
  /** Export when there is nothing to export: shown disabled (not `disabled`, so it can explain). */
  get exportDisabled(): Locator {
    return this.exportButton
      .and(this.page.locator('[data-disabled][aria-disabled="true"]'))
      .describe('the disabled Export button');
  }
  /** Clicks Export while it is shown disabled (Playwright waits for an aria-disabled button to enable; a person's click is not held back). */
  async clickDisabledExport(): Promise<void> {
    await this.exportDisabled.click({ force: true });
  }
  /** The notice a tap on Export gets when there is nothing to export. */
  get exportNone(): Locator {
    return this.page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Nothing to export yet' })
      .describe('the notice that there is nothing to export');
  }
  /** The import job's panel. */
  get job(): Locator {
    return this.page.locator(tid('opml-job')).describe('the import job');
  }
  /** A part of the job's panel: 'bar', 'summary', 'counts'. */
  jobPart(part: 'bar' | 'summary' | 'counts'): Locator {
    return this.job.locator(tid(`job-${part}`)).describe(`the import job's ${part}`);
  }
  /**
   * A number in the job's summary: 'added' (every feed it subscribed to), 'unfetched' (of those,
   * the ones not fetched yet), 'skipped' (already followed), 'failed' (not added at all).
   */
  summaryCount(which: 'added' | 'unfetched' | 'skipped' | 'failed'): Locator {
    return this.jobPart('summary')
      .locator(tid(`summary-${which}`))
      .describe(`the summary's ${which} count`);
  }
  /** The button under a finished import that removes the feeds it added. */
  get removeAdded(): Locator {
    return this.job.locator(tid('job-remove-added')).describe("the import's Remove the feeds it added");
  }
  /** The list of feeds that could not be fetched (carries `data-failing`). */
  get failures(): Locator {
    return this.page.locator(tid('opml-failures')).describe('the feeds that could not be fetched');
  }
  /** The failed feeds' rows (each carries `data-state`). */
  get failureRows(): Locator {
    return this.failures.locator('[data-testid^="opml-failure-"][data-state]').describe('the failed feeds');
  }
  /** The row of the failed feed with this title. */
  failure(title: string): Locator {
    return this.failureRows.filter({ hasText: title }).describe(`the failed feed '${title}'`);
  }
  /** A part of a failed feed's row: 'reason', 'state', 'retry', 'remove'. */
  failurePart(row: Locator, part: 'reason' | 'state' | 'retry' | 'remove'): Locator {
    return row.locator(tid(`opml-failure-${part}`));
  }
  /** The feed id of a failed feed's row. */
  async failureId(row: Locator): Promise<number> {
    return Number((await row.getAttribute('data-testid'))!.replace('opml-failure-', ''));
  }
  /** The list's Retry all / Remove all. */
  failuresAll(action: 'retry' | 'remove'): Locator {
    return this.failures.locator(tid(`opml-failures-${action}-all`)).describe(`${action} all`);
  }
  /** The failed feeds' rows in this state ('fixed', 'removed', 'failing'). */
  inState(state: string): Locator {
    return this.failures.locator(`[data-state="${state}"]`).describe(`the ${state} feeds`);
  }
  /** Waits until a row is in `state` ('fixed', 'removed', 'failing'). */
  async waitForState(row: Locator, state: string, what: string): Promise<void> {
    await waitFor(row.and(this.page.locator(`[data-state="${state}"]`)), `${what} to be ${state}`);
  }
  /** The feeds already followed that the file puts in other groups (carries `data-pending`). */
  get elsewhere(): Locator {
    return this.page.locator(tid('opml-elsewhere')).describe('the feeds already followed in other groups');
  }
  /** Its button that moves them into the file's groups. */
  get elsewhereMove(): Locator {
    return this.elsewhere.locator(tid('opml-elsewhere-move')).describe("Move them into the file's groups");
  }
  /** Pastes the OPML and starts the import. */
  async importText(opml: string): Promise<void> {
    await this.text.fill(opml);
    await this.submit.click();
  }
}
