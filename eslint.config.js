import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryConfigs } from './scripts/lib/boundary.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'bench/results/',
      'coverage/',
      '**/*.peggy',
      'tests/fixtures/corpus/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Layering: src/ ↔ worker/ types only, shared/ imports neither (scripts/lib/boundary.mjs).
  ...boundaryConfigs,
  {
    // No fixed sleeps in tests: wait for the state the test needs (a locator, `waitUntil`,
    // `waitForValue` or `expect.poll` from tests/e2e/pages/wait.ts, page.clock for timers).
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message: 'No fixed sleeps: wait for the state the test needs (see tests/e2e/pages/wait.ts).',
        },
      ],
    },
  },
  {
    // In the end-to-end tests, not a hand-made sleep either.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No fixed sleeps: wait for the state the test needs (see tests/e2e/pages/wait.ts).',
        },
      ],
    },
  },
  {
    // Specs speak in page objects: selectors live once, in tests/e2e/pages/, whose waits say
    // what they waited for. (This block's list replaces the one above for these files, so it
    // repeats the sleep rule.) Every spec is converted: none is exempt.
    files: ['tests/e2e/*.e2e.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No fixed sleeps: wait for the state the test needs (see tests/e2e/pages/wait.ts).',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(locator|getBy(Role|Text|Label|TestId|Placeholder|AltText|Title)|waitForSelector|\\$|\\$\\$|\\$eval|\\$\\$eval)$/]',
          message: 'A raw selector in a spec: use (or add) a page object in tests/e2e/pages/.',
        },
        {
          selector:
            "Literal[value=/data-testid[=^$*]/], TemplateElement[value.raw=/data-testid[=^$*]/], CallExpression[callee.name='tid']",
          message: 'A raw test id in a spec: use (or add) a page object in tests/e2e/pages/.',
        },
      ],
    },
  },
  {
    // One path from engine events to the UI (docs/architecture.md): src/engine/bridge.ts is the
    // only subscriber. And one Modal: src/components/Dialog.tsx.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/engine/bridge.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Dialogs say when they are closing (src/components/Dialog.tsx, read by the shortcuts).
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Modal'],
              message:
                'Use Dialog from src/components/Dialog.tsx: it marks a closing dialog for the shortcuts.',
            },
          ],
          patterns: [
            {
              group: ['**/engine/client', './client'],
              importNames: ['onEngineEvent'],
              message:
                'Engine events enter the UI in src/engine/bridge.ts only: add keys to invalidationsFor (src/engine/events.ts) or read the job store.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every query key is defined in src/queries/keys.ts, where the event map can see it (tests
    // build keys of their own to seed a cache).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/queries/keys.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Define query keys in src/queries/keys.ts (queryKeys) and use them from there.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node }, parserOptions: { projectService: false } },
  },
);
