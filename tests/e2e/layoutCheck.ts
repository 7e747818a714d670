/**
 * The layout rules every screen must keep at every size, as one page function: no sideways
 * scrolling, no control over a title, every control reachable, no title squeezed to a stub, and a
 * reader toolbar that fits its pane, and settings labels next to their controls. Returns readable problems (empty when the layout is sound).
 * Also measures for phone-layout tests: how much of a row the title or text gets ({@link rowShares}),
 * buttons too small to touch ({@link smallTargets}) and a row's meta line ({@link metaLine}).
 */
import type { Page } from 'playwright-core';

/** One broken rule, in words a reader of a failed test understands. */
export type LayoutProblem = string;

export interface LayoutCheckOptions {
  /** The reader is open: its Close must be visible and its toolbar must fit. */
  readerOpen?: boolean;
}

/**
 * Checks the current page. Runs entirely in the page (one round trip), so it costs a few
 * milliseconds even on long screens: it only looks at buttons and headings, not every node.
 */
export async function checkLayout(page: Page, options: LayoutCheckOptions = {}): Promise<LayoutProblem[]> {
  return page.evaluate((opts) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const SLACK = 1;
    const name = (el: Element): string => {
      const id = el.getAttribute('data-testid');
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}> "${label}"`;
    };
    const clips = (v: string) => v !== 'visible';
    // The box that clips `el` next: its parent, but nothing above a fixed element (a docked
    // player inside the app shell), whose boxes do not clip it.
    const clipParent = (el: Element): Element | null =>
      getComputedStyle(el).position === 'fixed' ? null : el.parentElement;
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';

    // The document and the app's main area never scroll sideways.
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > vw + SLACK) problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${vw})`);
    for (const el of document.querySelectorAll('main, [data-testid="items-view"], [data-testid="reader"]')) {
      if (el.scrollWidth > el.clientWidth + SLACK)
        problems.push(`${name(el).slice(0, 40)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }

    // Visible: drawn, and what the pointer hits at its middle is it (not an overlay above it).
    const clippedRect = (el: Element): DOMRect | null => {
      const r = el.getBoundingClientRect();
      let left = Math.max(r.left, 0);
      let top = Math.max(r.top, 0);
      let right = Math.min(r.right, vw);
      let bottom = Math.min(r.bottom, vh);
      for (let a = clipParent(el); a; a = clipParent(a)) {
        const s = getComputedStyle(a);
        if (!clips(s.overflowX) && !clips(s.overflowY)) continue;
        const ar = a.getBoundingClientRect();
        if (clips(s.overflowX)) {
          left = Math.max(left, ar.left);
          right = Math.min(right, ar.right);
        }
        if (clips(s.overflowY)) {
          top = Math.max(top, ar.top);
          bottom = Math.min(bottom, ar.bottom);
        }
      }
      return right - left > 2 && bottom - top > 2 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const visible = (el: Element): boolean => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const c = clippedRect(el);
      if (!c) return false;
      const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
      return !!hit && (el.contains(hit) || hit.contains(el));
    };

    const buttons = [
      ...document.querySelectorAll(
        'button, [role="button"], a.mantine-Button-root, a.mantine-ActionIcon-root, input[type="button"], input[type="submit"]',
      ),
    ].filter(visible);
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(
      visible,
    );

    // Every visible button is whole: inside each clipping box around it, up to the first box
    // that scrolls on that axis (the user can scroll there), which must itself be on screen.
    for (const b of buttons) {
      const r = b.getBoundingClientRect();
      let doneX = false;
      let doneY = false;
      for (let a = clipParent(b); a && !(doneX && doneY); a = clipParent(a)) {
        const s = getComputedStyle(a);
        const ar = a.getBoundingClientRect();
        if (!doneX && clips(s.overflowX)) {
          if (r.left < ar.left - SLACK || r.right > ar.right + SLACK) {
            if (scrolls(s.overflowX)) {
              if (ar.left < -SLACK || ar.right > vw + SLACK)
                problems.push(`${name(b)} sits in a scroll box that is itself off screen`);
            } else problems.push(`${name(b)} is cut at the side by ${name(a).slice(0, 40)}`);
          }
          if (scrolls(s.overflowX)) doneX = true;
        }
        if (!doneY && clips(s.overflowY)) {
          if (r.top < ar.top - SLACK || r.bottom > ar.bottom + SLACK) {
            if (!scrolls(s.overflowY))
              problems.push(`${name(b)} is cut at top or bottom by ${name(a).slice(0, 40)}`);
          }
          if (scrolls(s.overflowY)) doneY = true;
        }
      }
      if (!doneX && (r.left < -SLACK || r.right > vw + SLACK))
        problems.push(
          `${name(b)} is off screen sideways (${Math.round(r.left)}..${Math.round(r.right)} of ${vw})`,
        );
      if (!doneY && (r.top < -SLACK || r.bottom > vh + SLACK))
        problems.push(
          `${name(b)} is off screen vertically (${Math.round(r.top)}..${Math.round(r.bottom)} of ${vh})`,
        );
    }

    // No control over a title, and no title squeezed to a stub.
    // The visible parts count: a title scrolled under a bar's edge is hidden, not overlapped.
    for (const h of headings) {
      const hr = clippedRect(h);
      if (!hr) continue;
      for (const b of buttons) {
        if (b.contains(h) || h.contains(b)) continue;
        const br = clippedRect(b);
        if (!br) continue;
        const w = Math.min(hr.right, br.right) - Math.max(hr.left, br.left);
        const hgt = Math.min(hr.bottom, br.bottom) - Math.max(hr.top, br.top);
        if (w > SLACK && hgt > SLACK) problems.push(`${name(b)} overlaps the title ${name(h)}`);
      }
      if (h.scrollWidth > h.clientWidth + SLACK && h.clientWidth < 120)
        problems.push(`the title ${name(h)} is cut to ${Math.round(h.clientWidth)} px`);
    }

    if (opts.readerOpen) {
      const close = document.querySelector('[data-testid="reader-close"]');
      if (!close || !buttons.includes(close)) problems.push("the reader's Close is not visible");
      for (const bar of document.querySelectorAll('.rv-toolbar')) {
        const pane = bar.parentElement?.getBoundingClientRect();
        const br = bar.getBoundingClientRect();
        if (bar.scrollWidth > bar.clientWidth + SLACK || (pane && br.width > pane.width + SLACK))
          problems.push(
            `the reader toolbar is wider than its pane (${bar.scrollWidth} > ${bar.clientWidth})`,
          );
      }
    }
    // A setting's label sits right above (stacked) or beside its control, never a gap away.
    for (const label of document.querySelectorAll('[data-setting-label]')) {
      const control = label.nextElementSibling;
      if (!control || getComputedStyle(label.parentElement!).flexDirection !== 'column') continue;
      // Measured from the words, not the label's box: a stretched box is exactly the fault.
      const words = Math.max(...[...label.children].map((c) => c.getBoundingClientRect().bottom));
      const gap = control.getBoundingClientRect().top - words;
      if (gap > 24)
        problems.push(
          `the setting "${(label.textContent ?? '').trim()}" is ${Math.round(gap)} px above its control`,
        );
    }
    return [...new Set(problems)];
  }, options);
}

/**
 * For each article row drawn, the share of the row's width its `part` gets: the title, or the
 * text column (rows with a picture only: the column beside the picture).
 */
export function rowShares(page: Page, part: 'title' | 'text'): Promise<number[]> {
  return page.evaluate((what) => {
    const rows = [...document.querySelectorAll('[data-testid="item-row"]')];
    return rows.flatMap((row) => {
      const el =
        what === 'title'
          ? row.querySelector('[data-testid="item-title"]')
          : row.querySelector(':scope > img') && row.querySelector(':scope > div');
      return el ? [el.getBoundingClientRect().width / row.getBoundingClientRect().width] : [];
    });
  }, part);
}

/** Mantine's controls a finger lands on: buttons, fields, checkboxes, choices, close buttons. */
const CONTROLS = [
  '.mantine-Button-root',
  '.mantine-Input-input',
  '.mantine-Checkbox-input',
  '.mantine-SegmentedControl-label',
  '.mantine-CloseButton-root',
  '.mantine-PasswordInput-visibilityToggle',
].join(', ');

/** Where {@link smallTargets} looks: the selected row's buttons, the reader's toolbar, … */
const TARGETS = {
  row: '[data-testid="item-row"][data-selected="true"] .mantine-ActionIcon-root',
  hoveredRow: '[data-testid="item-row"]:hover .mantine-ActionIcon-root',
  reader: '.rv-toolbar .mantine-ActionIcon-root, .rv-toolbar button',
  sidebar:
    '[data-testid="sidebar"] .mantine-ActionIcon-root, [data-testid="sidebar"] .mantine-NavLink-root, [data-testid="sidebar"] [data-fold-toggle]',
  rss: '[data-testid^="rss-row-menu-"]',
  miniPlayer: '[data-testid="mini-player"] .mantine-ActionIcon-root',
  listHeader: 'main header .mantine-ActionIcon-root',
  // Mantine's small controls, screen by screen (global.css gives them their touch size).
  rssScreen: `[data-testid="screen-rss"] :is(${CONTROLS}), [data-testid^="rss-sort-"]`,
  filterScreen: `[data-testid="screen-filter"] :is(${CONTROLS})`,
  // Text links a finger aims at alone, and Settings' tabs and switches (a switch takes taps on
  // its label element, the body).
  rssTitles: '[data-testid="rss-title"]',
  setUpAi: '[data-testid="ai-open-settings"]',
  settingsSwitches: '[data-testid="settings-dialog"] .mantine-Switch-body',
  settingsTabs: '[data-testid="settings-dialog"] .mantine-Tabs-tab',
  readerButtons: `[data-testid="reader"] .mantine-Button-root`,
  settingsDialog: `.mantine-Modal-content:has([data-testid="settings-dialog"]) :is(${CONTROLS})`,
  passwordToggle: '.mantine-PasswordInput-visibilityToggle',
  downloadScreen: `[data-testid="screen-download"] :is(${CONTROLS})`,
  articleMissing: '[data-testid="article-missing"] button',
} as const;

/**
 * The drawn buttons of `where` smaller than `min` px either way, as "name WxH" (empty when all
 * are big enough), and how many were measured. A button's size is its hit area: its box, grown by
 * an invisible ::before or ::after placed around it (a checkbox drawn 16 px that takes taps on
 * 44). Such a hit area counts only where the button really gets the taps: the middle of each of
 * its edges must hit the button, not a neighbour drawn over it or a box that clips it (checked
 * with the button scrolled to the middle of its scroller).
 */
export function smallTargets(
  page: Page,
  where: keyof typeof TARGETS,
  min: number,
): Promise<{ measured: number; small: string[]; tallest: number }> {
  return page.evaluate(
    ([selector, least]) => {
      const drawn = [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility());
      // The box of a pseudo-element placed by its insets (position: absolute) that takes pointer
      // events, in viewport pixels; null when there is none.
      const pseudoBox = (el: Element, which: '::before' | '::after'): DOMRect | null => {
        const s = getComputedStyle(el, which);
        if (s.content === 'none' || s.display === 'none' || s.pointerEvents === 'none') return null;
        if (s.position !== 'absolute') return null;
        const own = getComputedStyle(el).position !== 'static';
        const cb = own ? el : (el as HTMLElement).offsetParent;
        if (!cb) return null;
        const c = cb.getBoundingClientRect();
        const [top, right, bottom, left] = [s.top, s.right, s.bottom, s.left].map(parseFloat);
        if ([top, right, bottom, left].some((v) => Number.isNaN(v))) return null;
        const x0 = c.left + cb.clientLeft + left!;
        const y0 = c.top + cb.clientTop + top!;
        const x1 = c.left + cb.clientLeft + cb.clientWidth - right!;
        const y1 = c.top + cb.clientTop + cb.clientHeight - bottom!;
        return new DOMRect(x0, y0, x1 - x0, y1 - y0);
      };
      const hitBox = (el: Element): { box: DOMRect; grown: boolean } => {
        let box = el.getBoundingClientRect();
        let grown = false;
        for (const which of ['::before', '::after'] as const) {
          const p = pseudoBox(el, which);
          if (
            !p ||
            (p.left >= box.left && p.top >= box.top && p.right <= box.right && p.bottom <= box.bottom)
          )
            continue;
          const x0 = Math.min(box.left, p.left);
          const y0 = Math.min(box.top, p.top);
          box = new DOMRect(x0, y0, Math.max(box.right, p.right) - x0, Math.max(box.bottom, p.bottom) - y0);
          grown = true;
        }
        return { box, grown };
      };
      // The middles of the box's edges that are on screen (2 px in, past a neighbour's hairline
      // border): the first that does not hit `el`, as "top edge: div.class", or null.
      const missedEdge = (el: Element, b: DOMRect): string | null => {
        const edges = {
          left: [b.left + 2, b.top + b.height / 2],
          right: [b.right - 2, b.top + b.height / 2],
          top: [b.left + b.width / 2, b.top + 2],
          bottom: [b.left + b.width / 2, b.bottom - 2],
        };
        for (const [edge, [x, y]] of Object.entries(edges)) {
          if (x! < 0 || y! < 0 || x! >= innerWidth || y! >= innerHeight) continue;
          const hit = document.elementFromPoint(x!, y!);
          if (hit && (hit === el || el.contains(hit))) continue;
          const what = hit ? `${hit.tagName.toLowerCase()}.${hit.classList[0] ?? ''}` : 'nothing';
          return `${edge} edge: ${what}`;
        }
        return null;
      };
      const sizes = drawn.map((el) => {
        const first = hitBox(el);
        if (!first.grown) return { el, box: first.box, missed: null };
        // Checked in the middle of its scroller: a control half scrolled out of a dialog's body
        // gets no taps on the hidden half, and that is not its hit area's fault.
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        const { box } = hitBox(el);
        return { el, box, missed: missedEdge(el, box) };
      });
      const small = sizes.flatMap(({ el, box: r, missed }) => {
        const name =
          el.getAttribute('data-testid') ??
          el.getAttribute('aria-label') ??
          el.querySelector('[data-testid]')?.getAttribute('data-testid') ??
          ((el.textContent ?? '').trim().slice(0, 24) || el.tagName);
        const size = `${name} ${Math.round(r.width)}x${Math.round(r.height)}`;
        return r.width < least || r.height < least || missed
          ? [missed ? `${size}, but its ${missed} takes the tap` : size]
          : [];
      });
      const tallest = Math.max(0, ...sizes.map((s) => s.box.height));
      return { measured: drawn.length, small, tallest };
    },
    [TARGETS[where], min] as const,
  );
}

/**
 * The meta line of the first row naming `feedTitle` (the feed's name, then the author): its
 * text-overflow and whether its text is cut.
 */
export function metaLine(page: Page, feedTitle: string): Promise<{ overflow: string; cut: boolean } | null> {
  return page.evaluate((feed) => {
    for (const span of document.querySelectorAll('[data-testid="item-row"] span')) {
      if (span.textContent !== feed || !span.parentElement) continue;
      const line = span.parentElement;
      line.scrollIntoView({ block: 'center' });
      return {
        overflow: getComputedStyle(line).textOverflow,
        cut: line.scrollWidth > line.clientWidth + 1,
      };
    }
    return null;
  }, feedTitle);
}

/**
 * Where a screen's heading parts sit (CSS px from the top): the title's and subtitle's bottoms
 * and the first action button's top; null when the screen has no subtitle or no action.
 */
export function headingOrder(
  page: Page,
): Promise<{ title: number; subtitle: number; actions: number } | null> {
  return page.evaluate(() => {
    const title = document.querySelector('[data-testid="page-title"]');
    const subtitle = document.querySelector('[data-testid="page-subtitle"]');
    const section = title?.closest('section');
    const action = section?.querySelector('a, button');
    if (!title || !subtitle || !action) return null;
    return {
      title: title.getBoundingClientRect().bottom,
      subtitle: subtitle.getBoundingClientRect().bottom,
      actions: action.getBoundingClientRect().top,
    };
  });
}

/** Where {@link textContrasts} looks: the phone's bottom bar, /subscribe's Find, … */
const TEXTS = {
  bottomBar: '[data-testid="bottom-bar"] a, [data-testid="bottom-bar"] button',
  find: '[data-testid="discover-submit"]',
} as const;

/**
 * The WCAG contrast of each drawn element of `where` against what it is drawn on (its own
 * background, else the nearest ancestor's that is not transparent), as "text ratio" pairs, lowest
 * first. Computed colours only: what the page really paints, whichever stylesheet set it.
 */
export function textContrasts(
  page: Page,
  where: keyof typeof TEXTS,
): Promise<{ text: string; ratio: number }[]> {
  return page.evaluate((sel) => {
    const rgb = (css: string): [number, number, number, number] | null => {
      const m = /^(?:rgba?\(|color\(srgb )([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?/.exec(css);
      if (!m) return null;
      const scale = css.startsWith('color(') ? 255 : 1;
      return [Number(m[1]) * scale, Number(m[2]) * scale, Number(m[3]) * scale, m[4] ? Number(m[4]) : 1];
    };
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((c) => c / 255)
        .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
        .reduce((sum, s, i) => sum + s * [0.2126, 0.7152, 0.0722][i]!, 0);
    const backgroundOf = (el: Element | null): number[] => {
      for (let a = el; a; a = a.parentElement) {
        const bg = rgb(getComputedStyle(a).backgroundColor);
        if (bg && bg[3] > 0.5) return bg;
      }
      return [255, 255, 255];
    };
    return [...document.querySelectorAll(sel)]
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const fg = rgb(getComputedStyle(el).color) ?? [0, 0, 0];
        const [hi, lo] = [lum(fg), lum(backgroundOf(el))].sort((x, y) => y - x) as [number, number];
        return { text: (el.textContent ?? '').trim().slice(0, 30), ratio: (hi + 0.05) / (lo + 0.05) };
      })
      .sort((a, b) => a.ratio - b.ratio);
  }, TEXTS[where]);
}
