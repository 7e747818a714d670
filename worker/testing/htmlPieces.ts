/**
 * Text pieces for generated HTML in the property tests of the ingest's HTML readers
 * (items/snippet.test.ts, items/textScan.test.ts): entities, the whitespace collapsing must
 * handle, and text whose case folding or width differs from ASCII.
 */
export const TEXT_PIECES: readonly string[] = [
  '&amp;',
  '&nbsp;',
  '&#x4E2D;',
  ' ',
  '\n\t ',
  '\u00a0',
  'Word',
  'ÉCOLE İstanbul',
  '数据开发',
];
