// The layering rules of the codebase as ESLint flat-config blocks (docs/architecture.md, "The
// boundary"). eslint.config.js spreads them; scripts/lib/boundary.test.ts lints snippets with
// them so a rule that stops seeing a runtime import fails a test.
//
// - src/ (the UI) reaches the engine only through worker/api and worker/types, and only with
//   `import type`: a value imported at run time would pull engine code into the page bundle.
// - worker/ (the engine) never imports UI code, not even types, nor React or Mantine.
// - shared/ is imported by both at run time and imports neither (nor anything DOM- or UI-bound).

const UI_LIBS = ['react', 'react-dom', 'react-dom/*', '@mantine/*', '@tabler/*', '@tanstack/*'];

/** @type {import('eslint').Linter.Config[]} */
export const boundaryConfigs = [
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '!**/worker/api', '!**/worker/types'],
              message: 'The UI may import only worker/api or worker/types, as types.',
            },
            {
              group: ['**/worker/api', '**/worker/types'],
              allowTypeImports: true,
              message:
                'Only `import type` crosses from src/ to worker/; a value both sides need at run time belongs in shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', ...UI_LIBS],
              message: 'The engine never imports UI code; a value both sides need belongs in shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '**/worker/*', ...UI_LIBS, 'dexie', 'comlink'],
              message:
                'shared/ is imported by the UI and the engine and imports neither (plain, DOM-free code).',
            },
          ],
        },
      ],
    },
  },
];
