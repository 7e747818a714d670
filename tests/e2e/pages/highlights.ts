import type { Locator, Page } from 'playwright-core';
import { tid, waitFor } from './wait';

/**
 * Highlights: the popover over a selection or a drawn highlight (colours, note, delete, undo),
 * the marks drawn in the article body, and the Highlights screen (cards, search, export).
 */
export class HighlightsUi {
  constructor(readonly page: Page) {}

  get popover(): Locator {
    return this.page.locator(tid('highlight-popover')).describe('the highlight popover');
  }
  /** The popover's colour swatch ('green', 'yellow', …). */
  color(name: string): Locator {
    return this.popover.locator(tid(`highlight-color-${name}`)).describe(`the popover's ${name} colour`);
  }
  get addNote(): Locator {
    return this.popover.locator(tid('highlight-add-note')).describe("the popover's Add note");
  }
  get noteInput(): Locator {
    return this.popover.locator(tid('highlight-note')).describe('the note field');
  }
  get saveNote(): Locator {
    return this.popover.locator(tid('highlight-save-note')).describe("the popover's Save note");
  }
  /** A highlight's note shown in the popover. */
  get noteText(): Locator {
    return this.popover.locator(tid('highlight-note-text')).describe('the note in the popover');
  }
  get deleteButton(): Locator {
    return this.page.locator(tid('highlight-delete')).describe("the popover's Delete");
  }
  /** The notice `h` shows when no text is selected. */
  get selectFirstNotice(): Locator {
    return this.page.locator(tid('highlight-select-first')).describe('the notice to select text before h');
  }
  get undoButton(): Locator {
    return this.page.locator(tid('highlight-undo')).describe('Undo of a deleted highlight');
  }
  /** Highlights drawn in `body` (the reader's body); with a class suffix, only those ('green', 'noted', 'flash'). */
  marks(body: Locator, kind?: string): Locator {
    return body
      .locator(kind === undefined ? 'mark.rv-hl' : `mark.rv-hl-${kind}`)
      .describe(kind === undefined ? 'the drawn highlights' : `the ${kind} highlights drawn`);
  }
  /** The flashed highlight with this id in `body`. */
  flashed(body: Locator, id: string | null): Locator {
    return body
      .locator(`mark.rv-hl-flash[data-hl-id="${id ?? ''}"]`)
      .describe(`the highlight ${id ?? ''} flashed`);
  }
  /** The Highlights screen's cards (each carries `data-id`). */
  get cards(): Locator {
    return this.page.locator(tid('highlight-card')).describe('the highlight cards');
  }
  get quotes(): Locator {
    return this.page.locator(tid('highlight-quote')).describe("the cards' quotes");
  }
  /** The article titles heading the screen's groups (grouped by article). */
  get groupTitles(): Locator {
    return this.page.locator(tid('highlight-group-title')).describe("the highlight groups' titles");
  }
  get cardNotes(): Locator {
    return this.page.locator(tid('highlight-card-note')).describe("the cards' notes");
  }
  get search(): Locator {
    return this.page.locator(tid('highlights-search')).describe('the highlights search');
  }
  get exportMarkdown(): Locator {
    return this.page.locator(tid('highlights-export-md')).describe('Export Markdown');
  }
  /** A card's link back to its passage. */
  openLink(card: Locator): Locator {
    return card.locator(tid('highlight-open')).describe("the card's link to the passage");
  }
  /** Selects the first occurrence of `text` in the article body, as a mouse drag would. */
  async select(text: string): Promise<void> {
    await this.page.evaluate(
      ([bodySel, wanted]) => {
        const body = document.querySelector(bodySel)!;
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = (n as Text).data.indexOf(wanted);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at);
          range.setEnd(n, at + wanted.length);
          const sel = window.getSelection()!;
          sel.removeAllRanges();
          sel.addRange(range);
          return;
        }
        throw new Error(`not in the article: ${wanted}`);
      },
      [tid('reader-body'), text] as const,
    );
  }
  /** Waits until the popover is gone. */
  async waitPopoverClosed(): Promise<void> {
    await waitFor(this.popover, 'the highlight popover', { state: 'detached' });
  }
}
