/**
 * The bilingual view, drawn into the rendered (sanitised) article body after React put it
 * there: each translatable paragraph gets its translation right after it, as text (never HTML:
 * what a model writes is not trusted markup). Blocks that cannot hold a sibling paragraph (list
 * items, cells, captions) get it inside, after their original content.
 */
import { TRANSLATION_CLASS, translatableBlocks } from './paragraphs';
import './translation.css';

/** Class of an original paragraph (or its wrapped content), hidden in "translation only". */
export const SOURCE_CLASS = 'rv-tr-source';
const INSIDE = new Set(['LI', 'TD', 'TH', 'DD', 'DT', 'FIGCAPTION', 'CAPTION', 'SUMMARY']);
const HEADING = /^H[1-6]$/;

/** What to draw. */
export interface BodyTranslation {
  texts: readonly string[];
  /** BCP 47 tag of the translation (its `lang`, so fonts and hyphenation fit). */
  lang: string;
  /** Hide the originals. */
  only: boolean;
  /** More text may arrive: empty translations show a placeholder. */
  busy: boolean;
}

function translationFor(block: Element, root: Element): HTMLElement {
  const next =
    block === root
      ? block.lastElementChild
      : INSIDE.has(block.tagName)
        ? block.lastElementChild
        : block.nextElementSibling;
  if (next instanceof HTMLElement && next.classList.contains(TRANSLATION_CLASS)) return next;
  const doc = block.ownerDocument;
  const inside = block === root || INSIDE.has(block.tagName);
  const el = doc.createElement(inside ? 'span' : 'p');
  el.className = TRANSLATION_CLASS;
  if (HEADING.test(block.tagName)) el.classList.add('rv-tr-heading');
  if (block.tagName === 'BLOCKQUOTE') el.classList.add('rv-tr-quote');
  el.dataset.testid = 'reader-translation';
  if (inside) {
    const wrap = doc.createElement('span');
    wrap.className = SOURCE_CLASS;
    wrap.append(...block.childNodes);
    block.append(wrap, el);
  } else {
    block.classList.add(SOURCE_CLASS);
    block.after(el);
  }
  return el;
}

/**
 * Puts `tr` into the body `root` (idempotent: run again as texts stream in). Call on a fresh
 * body to remove it (the reader re-renders the body when the translation goes away).
 */
export function applyTranslation(root: HTMLElement, tr: BodyTranslation): void {
  const blocks = translatableBlocks(root);
  root.dataset.translation = tr.only ? 'only' : 'bilingual';
  blocks.forEach((block, i) => {
    const el = translationFor(block, root);
    const text = tr.texts[i] ?? '';
    el.dataset.index = String(i);
    el.lang = tr.lang;
    el.dir = 'auto';
    el.classList.toggle('rv-tr-pending', text === '' && tr.busy);
    el.classList.toggle('rv-tr-missing', text === '' && !tr.busy);
    // Text only: a translation is never parsed as HTML.
    if (el.textContent !== text) el.textContent = text;
  });
}
