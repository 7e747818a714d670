/**
 * English for full-text search: the palette (src/search) and the results page
 * (src/screens/search). Wired into `en.ts` as the `search` area.
 */
export const searchEn = {
  title: 'Search',
  titleFor: 'Search: {q}',
  dialog: 'Search',
  placeholder: 'Search all articles…',
  pagePlaceholder: 'Search all articles',
  clear: 'Clear the search',
  input: 'Search articles',
  results: 'Search results',
  noMatch: 'No articles match “{q}”.',
  noMatchHint: 'Every word must match: try fewer words, or the start of a word.',
  failed: 'Search failed: {message}',
  seeAll: 'See all results for {q}',
  untitled: 'Untitled',
  choose: 'choose',
  open: 'open',
  close: 'close',
  hint: 'Type words to search titles, authors, feeds and article text: every word must match, and "quotes" find an exact phrase.',
  hintKeys: 'Press / or Ctrl+K anywhere.',
};
