/** Turndown rules of the reader that replace Turndown's defaults. */
import type TurndownService from 'turndown';

const LANG = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;

function languageOf(el: Element | null): string {
  return el?.getAttribute('class')?.match(LANG)?.[1] ?? '';
}

/** A rule for `<pre>` blocks: the fence is longer than any backtick run inside the code. */
export const fencedCode: TurndownService.Rule = {
  filter: (node) => node.nodeName === 'PRE',
  replacement(_content, node) {
    const pre = node;
    const code = pre.querySelector('code');
    const lang = languageOf(code) || languageOf(pre);
    const text = (code ?? pre).textContent?.replace(/\n$/, '') ?? '';
    const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    return `\n\n${fence}${lang}\n${text}\n${fence}\n\n`;
  },
};

/**
 * A list item with a one-space marker ("- x", "1. x") instead of Turndown's padded "-   x";
 * continuation lines and nested lists are indented by the marker's width, as CommonMark needs.
 */
export const listItem: TurndownService.Rule = {
  filter: 'li',
  replacement(content, node, options) {
    const parent = node.parentNode as Element | null;
    let marker = `${options.bulletListMarker ?? '-'} `;
    if (parent?.nodeName === 'OL') {
      const start = Number(parent.getAttribute('start') ?? '1');
      const index = Array.prototype.indexOf.call(parent.children, node);
      marker = `${(Number.isFinite(start) ? start : 1) + index}. `;
    }
    const body = content
      .trim()
      .replace(/\n/g, `\n${' '.repeat(marker.length)}`)
      .replace(/^ +$/gm, '')
      // A task checkbox already ends with a space; the item's text brings its own.
      .replace(/^(\[[ x]\]) +/, '$1 ');
    return marker + body + (node.nextSibling ? '\n' : '');
  },
};
