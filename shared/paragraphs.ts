/**
 * The paragraphs of an article that get translated: the block-level elements of the sanitised
 * article that hold text and no other block (a `<li>` with a nested list is skipped, its items
 * are not). Code (`pre`) stays untranslated. The reader's bilingual view finds the same blocks
 * in the rendered body with the same function, so translation n lands under paragraph n. The
 * engine's translate rule action walks a linkedom document with it, so its cached translation
 * fits the reader's paragraphs. DOM-free: it takes anything element-shaped.
 */

/** What the walk reads of an element (a DOM or linkedom Element). */
export interface BlockNode {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly classList: { contains(name: string): boolean };
  readonly children: Iterable<BlockNode>;
}

/** Tags that make a translatable block when they hold text and no other block. */
const BLOCK_TAGS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'BLOCKQUOTE',
  'DD',
  'DT',
  'FIGCAPTION',
  'CAPTION',
  'TD',
  'TH',
  'SUMMARY',
  'DIV',
  'SECTION',
  'ARTICLE',
  'ASIDE',
]);
/** Blocks that are never translated, nor anything inside them. */
const SKIPPED = new Set(['PRE', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'VIDEO', 'AUDIO']);
/** Blocks that stop an ancestor from being a leaf (a leaf holds none of these). */
const ANY_BLOCK = new Set([...BLOCK_TAGS, 'PRE', 'UL', 'OL', 'DL', 'TABLE', 'FIGURE', 'HR', 'DETAILS']);

/** Class of the translation elements the reader inserts (never counted as paragraphs). */
export const TRANSLATION_CLASS = 'rv-tr';

/** The whitespace-collapsed text of a block, as sent to the model. */
export function blockText(el: BlockNode): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The translatable blocks under `root`, in document order: leaf blocks (no block inside) with
 * text. An article with text and no block at all (plain text) is one block: `root` itself.
 * Cost: one walk of the tree.
 */
export function translatableBlocks<E extends BlockNode>(root: E): E[] {
  const out: E[] = [];
  // Returns whether the subtree holds a block (so its ancestors are not leaves). Children of an
  // E are Es (a DOM element's children are elements), which the cast below restates.
  const walk = (el: BlockNode): boolean => {
    let hasBlock = false;
    for (const child of el.children) {
      if (child.classList.contains(TRANSLATION_CLASS)) continue;
      const tag = child.tagName.toUpperCase();
      if (SKIPPED.has(tag)) {
        hasBlock = true;
        continue;
      }
      const inner = walk(child);
      if (BLOCK_TAGS.has(tag) && !inner && blockText(child) !== '') out.push(child as E);
      if (inner || ANY_BLOCK.has(tag)) hasBlock = true;
    }
    return hasBlock;
  };
  const hasBlock = walk(root);
  if (out.length === 0 && !hasBlock && blockText(root) !== '') return [root];
  return out;
}
