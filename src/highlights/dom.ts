/**
 * Highlights in the rendered article: the article's plain text (text nodes in document order,
 * leaving out what the app adds around the article: code-block buttons, translations), offsets
 * ↔ DOM ranges, and painting.
 *
 * Painting wraps the text nodes of a range in `<mark class="rv-hl rv-hl-<colour>">` elements
 * rather than using the CSS Custom Highlight API: marks are real elements, so a click or a tap
 * on one finds its highlight with `closest()` (the Highlight API has no hit testing: it would
 * need caretPositionFromPoint and our own lookup), they can be focused, scrolled to and flashed,
 * and they work in every browser. The body is not React's (dangerouslySetInnerHTML), so
 * changing it is safe; `unpaint` restores the exact text nodes' content before every repaint.
 */
import type { HighlightColor } from '../../worker/types';

/** Elements whose text is not the article's (buttons the reader adds, bilingual translations). */
const NOT_ARTICLE = 'button, .rv-copy, .rv-tr, [data-rv-not-article]';
export const MARK_CLASS = 'rv-hl';
export const MARK_ID_ATTR = 'data-hl-id';

function textNodes(root: HTMLElement): Text[] {
  const out: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(NOT_ARTICLE) && root.contains(node.parentElement.closest(NOT_ARTICLE))
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/** The article's plain text, as the offsets of highlights count it. */
export function plainText(root: HTMLElement): string {
  return textNodes(root)
    .map((n) => n.data)
    .join('');
}

/** Offset in the plain text of a DOM point (container + offset), or null when outside. */
function offsetOf(root: HTMLElement, nodes: Text[], container: Node, offset: number): number | null {
  let total = 0;
  if (container.nodeType === Node.TEXT_NODE) {
    for (const n of nodes) {
      if (n === container) return total + offset;
      total += n.data.length;
    }
    // A text node we leave out (a button's label): count from the next article text.
    const point = root.ownerDocument.createRange();
    point.setStart(container, offset);
    return boundaryOffset(nodes, point);
  }
  const point = root.ownerDocument.createRange();
  point.setStart(container, offset);
  return boundaryOffset(nodes, point);
}

/** Plain-text offset of the first article text at or after a collapsed range. */
function boundaryOffset(nodes: Text[], point: Range): number {
  let total = 0;
  for (const n of nodes) {
    if (point.comparePoint(n, 0) >= 0) return total;
    total += n.data.length;
  }
  return total;
}

/** The plain-text offsets of a range inside `root`, or null when it is not (wholly) in it. */
export function rangeOffsets(root: HTMLElement, range: Range): { start: number; end: number } | null {
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const nodes = textNodes(root);
  const start = offsetOf(root, nodes, range.startContainer, range.startOffset);
  const end = offsetOf(root, nodes, range.endContainer, range.endOffset);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}

/** The text pieces (node, from, to) that plain-text offsets [start, end) cover. */
function pieces(nodes: Text[], start: number, end: number): { node: Text; from: number; to: number }[] {
  const out: { node: Text; from: number; to: number }[] = [];
  let total = 0;
  for (const node of nodes) {
    const len = node.data.length;
    const from = Math.max(start - total, 0);
    const to = Math.min(end - total, len);
    if (to > from) out.push({ node, from, to });
    total += len;
    if (total >= end) break;
  }
  return out;
}

/** A highlight placed in the text. */
export interface PaintSpec {
  id: number;
  color: HighlightColor;
  start: number;
  end: number;
  hasNote: boolean;
}

/**
 * Wraps each highlight's text in marks (several when it crosses elements). Overlaps are drawn
 * one over the other (the later highlight's marks sit inside the earlier's). Whitespace-only
 * pieces between blocks are left alone, so no mark lands where a text node may not be wrapped
 * (between table cells, list items).
 */
export function paint(root: HTMLElement, specs: readonly PaintSpec[]): void {
  for (const spec of specs) {
    const nodes = textNodes(root);
    for (const { node, from, to } of pieces(nodes, spec.start, spec.end)) {
      if (!node.data.slice(from, to).trim()) continue;
      let target = node;
      if (from > 0) target = target.splitText(from);
      if (to - from < target.data.length) target.splitText(to - from);
      const mark = root.ownerDocument.createElement('mark');
      mark.className = `${MARK_CLASS} ${MARK_CLASS}-${spec.color}`;
      if (spec.hasNote) mark.classList.add(`${MARK_CLASS}-noted`);
      mark.setAttribute(MARK_ID_ATTR, String(spec.id));
      target.replaceWith(mark);
      mark.append(target);
    }
  }
}

/** Takes every mark out again (their text stays, joined back into whole text nodes). */
export function unpaint(root: HTMLElement): void {
  const marks = root.querySelectorAll(`mark.${MARK_CLASS}`);
  if (marks.length === 0) return;
  const parents = new Set<Node>();
  for (const mark of marks) {
    const parent = mark.parentNode;
    if (!parent) continue;
    parents.add(parent);
    mark.replaceWith(...mark.childNodes);
  }
  for (const p of parents) p.normalize();
}

/** The marks of one highlight, in document order. */
export function marksOf(root: HTMLElement, id: number): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`mark.${MARK_CLASS}[${MARK_ID_ATTR}="${id}"]`)];
}
