import { describe, expect, it } from 'vitest';
import { ALLOWED_TEXT, TRANSLATED_PATHS } from './testing/translatedPaths';
import { findUntranslated } from './testing/untranslated';

// Every component source in src (raw text), keyed '/src/...'; filtered by TRANSLATED_PATHS below.
// Test helpers (`testing/` folders) draw nothing a person sees.
const SOURCES = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx', '!/src/**/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const inScope = (path: string) =>
  TRANSLATED_PATHS.some((p) => path === p || path.startsWith(p.endsWith('.tsx') ? p : `${p}/`));

describe('findUntranslated', () => {
  it('finds JSX text, visible attributes, shown literals and labelled properties', () => {
    const source = `
      const TABS = [{ value: 'general', label: 'General' }];
      export function A({ on }: { on: boolean }) {
        const f = useState<Map<string, number> | null>(null); // not text <b> here
        return (
          <div title="Big title" data-testid="some-id" aria-label={on ? 'Turn off' : 'Turn on'}>
            Hello world
            {on && 'Shown when on'}
            {\`Count: \${f}\`}
            <Kbd>N</Kbd>
            <TextInput placeholder="https://example.com/feed" />
          </div>
        );
      }
      confirm({ title: 'Delete feed?', message: \`Remove \${name}?\` });
    `;
    expect(findUntranslated(source).map((f) => f.text)).toEqual([
      'General',
      'Big title',
      'Turn off',
      'Turn on',
      'Hello world',
      'Shown when on',
      'Count:',
      'Delete feed?',
      'Remove ?',
    ]);
  });

  it('passes translated code: t() calls, comparisons, ids, symbols and numbers', () => {
    const source = `
      export function B({ mode }: { mode: string }) {
        const t = useT();
        return (
          <Tooltip label={t('nav.themeTip', { mode: t(\`settings.appearance.themes.\${mode}\`) })}>
            <Button data-testid="x" variant={mode === 'dark' ? 'light' : 'default'} aria-label={t('common.close')}>
              {mode === 'dark' ? '★' : '☆'} {t('reader.save')} ✕ {3} · ‹ ›
            </Button>
          </Tooltip>
        );
      }
    `;
    expect(findUntranslated(source)).toEqual([]);
  });

  it('reports line numbers', () => {
    expect(findUntranslated('const a = 1;\nconst b = <p>Oops</p>;')).toEqual([{ line: 2, text: 'Oops' }]);
  });
});

describe('translated folders have no untranslated text', () => {
  const files = Object.keys(SOURCES)
    .map((key) => key.slice(1))
    .filter(inScope)
    .sort();

  // A renamed or mistyped entry would otherwise scan nothing and pass.
  it.each(TRANSLATED_PATHS)('%s has components to scan', (path) => {
    expect(files.some((f) => f === path || f.startsWith(`${path}/`))).toBe(true);
  });

  it.each(files)('%s', (file) => {
    const allowed = new Set(ALLOWED_TEXT.filter((a) => a.file === file).map((a) => a.text));
    const left = findUntranslated(SOURCES[`/${file}`] ?? '', file).filter((f) => !allowed.has(f.text));
    expect(left.map((f) => `${file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
