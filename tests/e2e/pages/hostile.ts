import type { Page } from 'playwright-core';
import { imagesSettled, painted, tid } from './wait';

/** What hostile article content could have done to the page. */
export interface HostileReport {
  canary: number | null;
  scripts: number;
  handlers: number;
  badUrls: number;
  styled: number;
  frames: number;
}

/**
 * Checks for hostile content in the reader (xss.e2e): the app's own styles, and what survived
 * sanitising in the article body. A canary global `__xss` is set by anything that ran.
 */
export class HostileChecks {
  constructor(readonly page: Page) {}

  /** The computed colours of the app's own chrome: body, list header, heading, sidebar. */
  appStyles(): Promise<{ body: string; header: string; title: string; sidebar: string }> {
    return this.page.evaluate(
      ([view, heading, sidebar]) => {
        const header = document.querySelector(`${view} header`)!;
        const title = document.querySelector(heading)!;
        return {
          body: getComputedStyle(document.body).backgroundColor,
          header: getComputedStyle(header).backgroundColor,
          title: getComputedStyle(title).color,
          sidebar: getComputedStyle(document.querySelector(sidebar)!).backgroundColor,
        };
      },
      [tid('items-view'), tid('page-title'), tid('sidebar')] as const,
    );
  }
  /** Waits until what the article can load has arrived or failed, and what it changed is drawn. */
  async settled(what: string): Promise<void> {
    await imagesSettled(this.page, tid('reader-body'), what);
    await painted(this.page);
  }
  /** The canary: set if anything ran. */
  canary(): Promise<number | null> {
    return this.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);
  }
  /** What of the hostile markup is left in the article body. */
  report(): Promise<HostileReport> {
    return this.page.evaluate((bodySel) => {
      const body = document.querySelector(bodySel)!;
      const all = [...body.querySelectorAll('*')];
      return {
        canary: (window as unknown as { __xss?: number }).__xss ?? null,
        scripts: body.querySelectorAll(
          'script, style, link, meta, base, object, embed, form, svg, math, template',
        ).length,
        handlers: all.filter((e) => [...e.attributes].some((a) => a.name.toLowerCase().startsWith('on')))
          .length,
        badUrls: all.filter((e) =>
          ['href', 'src', 'action', 'xlink:href', 'formaction'].some((n) =>
            /^\s*(javascript|vbscript|data:text)/i.test(e.getAttribute(n) ?? ''),
          ),
        ).length,
        styled: all.filter((e) => e.hasAttribute('style')).length,
        frames: [...body.querySelectorAll('iframe')].filter(
          (f) => !f.getAttribute('sandbox') || f.getAttribute('sandbox')!.includes('allow-same-origin'),
        ).length,
      };
    }, tid('reader-body'));
  }
  /** Makes the body's links inert to clicks (nothing may run from a click either). */
  async inertLinks(): Promise<void> {
    await this.page.evaluate((bodySel) => {
      for (const a of document.querySelectorAll(`${bodySel} a`))
        a.addEventListener('click', (e) => e.preventDefault());
    }, tid('reader-body'));
  }
}
