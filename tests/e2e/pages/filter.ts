import type { Locator, Page } from 'playwright-core';
import { textsOf, tid, waitFor } from './wait';

/** The /filter screen: the query editor, its live count and errors, saving and saved filters. */
export class FilterScreen {
  constructor(readonly page: Page) {}

  /** The test id of the nearest element holding the keyboard focus ('body' when the page's body has it). */
  focusedTestId(): Promise<string> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      return el.closest('[data-testid]')?.getAttribute('data-testid') ?? 'unnamed';
    });
  }
  get input(): Locator {
    return this.page.locator(tid('query-input')).describe('the query editor');
  }
  get count(): Locator {
    return this.page.locator(tid('query-count')).describe('the live match count');
  }
  get error(): Locator {
    return this.page.locator(tid('query-error')).describe('the query error message');
  }
  get errorSpan(): Locator {
    return this.page.locator(tid('query-error-span')).describe('the underlined error in the query');
  }
  /** Everything above the results: mode switch, editor, hints, panels. */
  get panel(): Locator {
    return this.page.locator(tid('filter-panel')).describe('the filter panel');
  }
  /** A phone's one-line stand-in for the editor once a query has run. */
  get summary(): Locator {
    return this.page.locator(tid('filter-summary')).describe('the folded editor (the query that ran)');
  }
  get summaryText(): Locator {
    return this.page.locator(tid('filter-summary-text')).describe('the query the folded editor shows');
  }
  get summaryEdit(): Locator {
    return this.page.locator(tid('filter-summary-edit')).describe('Edit on the folded editor');
  }
  get runButton(): Locator {
    return this.page.locator(tid('query-run')).describe('the Run button');
  }
  /** The results' box saying the query that was run cannot run (a syntax error). */
  get runError(): Locator {
    return this.page.locator(tid('query-run-error')).describe('the query error in the results');
  }
  /** Buttons inside that box (there is nothing to retry). */
  get runErrorButtons(): Locator {
    return this.runError.getByRole('button').describe('buttons in the query error');
  }
  /** The results' box saying the engine failed (not the query). */
  get engineError(): Locator {
    return this.page.locator(tid('engine-error')).describe('the engine error box');
  }
  get panelsToggle(): Locator {
    return this.page.locator(tid('filter-panels-toggle')).describe('the filter side panels toggle');
  }
  /** The saved filters' rows in the side panel. */
  get saved(): Locator {
    return this.page.locator(tid('saved-filter')).describe('the saved filters on /filter');
  }

  /** A saved filter's Edit button, by (part of) its name. */
  editSaved(name: string): Locator {
    return this.saved
      .filter({ hasText: name })
      .locator(tid('saved-filter-edit'))
      .describe(`Edit of '${name}'`);
  }
  /** A saved filter's Delete button, by (part of) its name. */
  deleteSaved(name: string): Locator {
    return this.saved
      .filter({ hasText: name })
      .locator(tid('saved-filter-delete'))
      .describe(`Delete of '${name}'`);
  }
  /** Types a query and waits until the live count says `total` articles match. */
  async type(query: string, total?: number): Promise<void> {
    await this.input.fill(query);
    if (total !== undefined) await this.waitForTotal(total);
  }
  /** Waits until the live count has counted `total` matches. */
  async waitForTotal(total: number): Promise<void> {
    await waitFor(
      this.page.locator(`${tid('query-count')}[data-total="${total}"]`),
      `the live count of ${total} matches`,
      { seen: () => textsOf(this.page.locator(tid('query-status'))) },
    );
  }
  /** Types the query and runs it with Enter; waits for the address to carry it. */
  async run(query?: string): Promise<void> {
    if (query !== undefined) await this.input.fill(query);
    await this.input.press('Enter');
    try {
      await this.page.waitForURL(/\/filter\?q=/, { waitUntil: 'commit' });
    } catch (err) {
      throw new Error(`Running the query did not put it in the address (at ${this.page.url()}).`, {
        cause: err,
      });
    }
  }
  /** Saves the current query under a name with the Save dialog. */
  async save(name: string): Promise<void> {
    await this.page.locator(tid('filter-save')).click();
    await this.page.locator(tid('filter-name-input')).fill(name);
    await this.page.locator(tid('filter-name-save')).click();
  }
  /** Shows the side panels (history, saved filters, examples) if they are folded. */
  async showPanels(): Promise<void> {
    await waitFor(this.panelsToggle, 'the filter side panels toggle');
    if ((await this.panelsToggle.getAttribute('aria-expanded')) !== 'true') await this.panelsToggle.click();
  }
  /** What the status line says with nothing typed (an empty filter matches every article). */
  get emptyNote(): Locator {
    return this.page.locator(tid('query-empty')).describe('the note that the filter is empty');
  }
  /** The live check's warnings (each carries its engine code in `data-code`). */
  get warnings(): Locator {
    return this.page.locator(tid('query-warning')).describe("the query's warnings");
  }
  /** A saved filter's warnings in its list's header (each a `query-warning`). */
  get listWarnings(): Locator {
    return this.page.locator(tid('filter-warnings')).describe("the saved filter's warnings above its list");
  }
  /** The warning with this engine code ('unknown_field', 'object_field', …). */
  warning(code: string): Locator {
    return this.warnings.and(this.page.locator(`[data-code="${code}"]`)).describe(`the ${code} warning`);
  }
  /** What the parser expected at the error ("a value"). */
  get expected(): Locator {
    return this.page.locator(tid('query-expected')).describe('what the query error expected');
  }
  /** The queries in the history panel, newest first. */
  get history(): Locator {
    return this.page.locator(tid('query-history-item')).describe('the queries in the history panel');
  }
  /** A saved filter row's action button: 'rename', 'edit' or 'delete'. */
  savedAction(row: Locator, action: 'rename' | 'edit' | 'delete'): Locator {
    return row.locator(tid(`saved-filter-${action}`)).describe(`the saved filter's ${action} button`);
  }
  /** The name input of the Save / Rename dialog and its Save button. */
  get nameInput(): Locator {
    return this.page.locator(tid('filter-name-input')).describe("the filter's name input");
  }
  get nameSave(): Locator {
    return this.page.locator(tid('filter-name-save')).describe("the name dialog's Save");
  }
  /** The Update button (saves the changed query of the filter being edited). */
  get updateButton(): Locator {
    return this.page.locator(tid('filter-update')).describe('the Update button');
  }
  /** The saved filters panel with none in it. */
  get savedEmpty(): Locator {
    return this.page.locator(tid('saved-filters-empty')).describe('the empty saved filters panel');
  }
  /** An example query whose text includes `text`. */
  example(text: string): Locator {
    return this.page
      .locator(tid('query-example'), { hasText: text })
      .first()
      .describe(`the example '${text}'`);
  }
  /** The note that a filter's results are empty. */
  get resultsEmpty(): Locator {
    return this.page.locator(tid('filter-results-empty')).describe("the filter's empty results");
  }
}
