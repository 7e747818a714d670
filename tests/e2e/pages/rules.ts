import type { Locator, Page } from 'playwright-core';
import { Shell } from './shell';
import { textsOf, tid, waitFor } from './wait';

/** The Actions section of a saved filter on /filter: actions, preview, save, log, undo. */
export class RuleEditorScreen {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator(tid('rule-editor')).describe("the filter's Actions section");
  }
  get actions(): Locator {
    return this.page.locator(tid('rule-action')).describe('the actions of the rule');
  }
  get previewCount(): Locator {
    return this.page.locator(tid('rule-preview-count')).describe("the rule's 30-day preview count");
  }
  get sample(): Locator {
    return this.page.locator(`${tid('rule-preview-sample')} li`).describe("the preview's sample titles");
  }
  get runs(): Locator {
    return this.page.locator(tid('rule-run')).describe("the runs in the rule's log");
  }
  /** The texts the newest run in the log links its articles with (their titles). */
  async newestRunArticles(): Promise<string[]> {
    return this.runs.first().locator(tid('rule-run-article')).allTextContents();
  }
  /** The log's note that the rule has not run yet. */
  get logEmpty(): Locator {
    return this.page.locator(tid('rule-log-empty')).describe("the log's 'not run yet'");
  }
  get runNow(): Locator {
    return this.page.locator(tid('rule-run-now')).describe('Run now over existing articles');
  }
  get undoLast(): Locator {
    return this.page.locator(tid('rule-undo-last')).describe('Undo last run');
  }

  /** Adds an action with the "Add action" menu (`type` as in the contract: save, hide, …). */
  async add(type: string): Promise<void> {
    await this.page.locator(tid('rule-add')).click();
    await this.page.locator(tid(`rule-add-${type}`)).click();
    await waitFor(this.page.locator(`${tid('rule-action')}[data-type="${type}"]`), `the '${type}' action`);
  }
  /** Waits until the preview has counted `count` articles. */
  async waitForPreview(count: number): Promise<void> {
    await waitFor(
      this.page.locator(`${tid('rule-preview-count')}[data-count="${count}"]`),
      `the preview counting ${count} articles`,
    );
  }
  /**
   * Saves the actions and waits for the rule's log to appear (the rule exists). A timeout says
   * whether the save is still running, failed (its message), or finished without the log.
   */
  async save(): Promise<void> {
    const button = this.page.locator(tid('rule-save')).describe("the rule's Save");
    await button.click();
    await waitFor(this.page.locator(tid('rule-log')), "the saved rule's log", {
      seen: async () => {
        const saving = (await button.getAttribute('data-loading')) !== null;
        const error = await textsOf(this.page.locator(tid('rule-save-error')));
        const toasts = await textsOf(new Shell(this.page).toasts);
        return `Save ${saving ? 'still running' : 'finished'}; save error: ${error}; toasts: ${toasts}`;
      },
    });
  }
  /** Waits for a run of `count` articles in the log (`undone` to require it struck through). */
  async waitForRun(count: number, undone = false): Promise<void> {
    const sel = `${tid('rule-run')}[data-count="${count}"]${undone ? '[data-undone="true"]' : ''}`;
    await waitFor(
      this.page.locator(sel).first(),
      `a${undone ? 'n undone' : ''} run of ${count} articles in the log`,
    );
  }
  /** The tag name of the rule's "Add tag" action. */
  get tagInput(): Locator {
    return this.page.locator(tid('rule-tag-input')).describe("the 'Add tag' action's tag name");
  }
}

/** The Rules list on /filter: every rule in order, a rule whose saved filter is gone marked. */
export class RulesListScreen {
  constructor(readonly page: Page) {}

  get rows(): Locator {
    return this.page.locator(tid('rules-list-row')).describe('the rules in the Rules list');
  }
  /** The row of the rule `id`. */
  row(id: string): Locator {
    return this.page.locator(`${tid('rules-list-row')}[data-rule-id="${id}"]`).describe(`the rule ${id}`);
  }
  /** Rows of rules whose saved filter is gone. */
  get orphans(): Locator {
    return this.page
      .locator(`${tid('rules-list-row')}[data-orphan="true"]`)
      .describe('the rules whose filter is gone');
  }
  /** The Delete of the row of rule `id` (offered on orphaned rules only). */
  deleteOf(id: string): Locator {
    return this.row(id).locator(tid('rules-list-delete')).describe(`Delete of the rule ${id}`);
  }
}
