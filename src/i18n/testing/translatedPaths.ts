/**
 * Where the untranslated-text scan (`src/i18n/untranslated.test.ts`) looks. When you convert a
 * folder or file to `t()`, add it here so it stays converted. Paths are from the repo root;
 * a folder covers every `.tsx` under it (tests excluded).
 */
export const TRANSLATED_PATHS: readonly string[] = [
  'src/app',
  'src/components',
  'src/layout',
  'src/reader',
  'src/routes',
  'src/screens/login',
  'src/screens/Login.tsx',
  'src/screens/NotFound.tsx',
  'src/settings',
  'src/theme',
];

/**
 * Text the scan may find, each with its reason: names that read the same in every language,
 * examples of input that are not prose. Keep it short; prefer a dictionary key.
 */
export const ALLOWED_TEXT: readonly { file: string; text: string; why: string }[] = [
  { file: 'src/layout/Sidebar.tsx', text: 'Rivulet', why: 'the product name' },
  { file: 'src/settings/tabs/IntegrationsTab.tsx', text: 'sk-…', why: 'the shape of an API key' },
];
