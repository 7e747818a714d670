import { blockText, translatableBlocks } from '../../shared/paragraphs';

export { blockText, TRANSLATION_CLASS, translatableBlocks } from '../../shared/paragraphs';

/** The texts of the translatable paragraphs of sanitised article HTML (DOMParser, no scripts run). */
export function paragraphTexts(cleanHtml: string): string[] {
  const doc = new DOMParser().parseFromString(`<div>${cleanHtml}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  return root ? translatableBlocks(root).map(blockText) : [];
}
