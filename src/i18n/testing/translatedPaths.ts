/**
 * Where the untranslated-text scan (`src/i18n/untranslated.test.ts`) looks. When you convert a
 * folder or file to `t()`, add it here so it stays converted. Paths are from the repo root;
 * a folder covers every `.tsx` under it (tests excluded).
 */
export const TRANSLATED_PATHS: readonly string[] = [
  'src/ai',
  'src/app',
  'src/components',
  'src/items',
  'src/layout',
  'src/reader',
  'src/routes',
  'src/screens/items',
  'src/screens/login',
  'src/screens/Login.tsx',
  'src/screens/NotFound.tsx',
  'src/screens/combo',
  'src/screens/Combo.tsx',
  'src/player',
  'src/pwa',
  'src/screens/download',
  'src/screens/Download.tsx',
  'src/screens/welcome',
  'src/screens/Welcome.tsx',
  'src/search',
  'src/screens/search',
  'src/screens/Search.tsx',
  'src/screens/filter',
  'src/screens/Filter.tsx',
  'src/screens/RSSList.tsx',
  'src/screens/rss',
  'src/screens/subscribe',
  'src/screens/Subscribe.tsx',
  'src/settings',
  'src/subscriptions',
  'src/sync/LoadOlder.tsx',
  'src/theme',
];

/**
 * Text the scan may find, each with its reason: names that read the same in every language,
 * examples of input that are not prose. Keep it short; prefer a dictionary key.
 */
export const ALLOWED_TEXT: readonly { file: string; text: string; why: string }[] = [
  { file: 'src/layout/Sidebar.tsx', text: 'Rivulet', why: 'the product name' },
  { file: 'src/settings/tabs/IntegrationsTab.tsx', text: 'sk-…', why: 'the shape of an API key' },
  {
    file: 'src/screens/filter/QueryEditor.tsx',
    text: 'isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)',
    why: 'an example query: the filter language is English keywords in every language',
  },
  {
    file: 'src/screens/subscribe/OpmlImport.tsx',
    text: '<?xml version="1.0"?><opml version="2.0">…',
    why: 'the start of an OPML document, as a paste example',
  },
];
