import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaryConfigs } from './boundary.mjs';

// Lints snippets with the project's layering blocks alone (no type information needed), as files
// at the given paths, and returns the messages of the boundary rule.
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  ...boundaryConfigs,
];

function problems(filename: string, code: string): string[] {
  return linter
    .verify(code, config, { filename })
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.fatal)
    .map((m) => m.message);
}

describe('src/ → worker/: types only', () => {
  it('flags a runtime import of the contract or the domain types', () => {
    expect(problems('src/reader/Reader.tsx', "import { FLAG_READ } from '../../worker/types';")).toHaveLength(
      1,
    );
    expect(problems('src/engine/x.ts', "import { createApi } from '../../worker/api';")).toHaveLength(1);
    expect(problems('src/a.ts', "import { type Item, FLAG_READ } from '../worker/types';")[0]).toMatch(
      /shared\//,
    );
    expect(problems('src/a.ts', "export { FLAG_READ } from '../worker/types';")).toHaveLength(1);
  });

  it('allows type imports of the contract and the domain types', () => {
    expect(problems('src/a.ts', "import type { Item } from '../worker/types';")).toEqual([]);
    expect(problems('src/a.ts', "import { type Item, type Feed } from '../worker/types';")).toEqual([]);
    expect(problems('src/a.ts', "import type { EngineApi } from '../../worker/api';")).toEqual([]);
  });

  it('flags any import of the engine’s inner modules, even as a type', () => {
    expect(problems('src/a.ts', "import type { Db } from '../worker/db/schema';")).toHaveLength(1);
    expect(problems('src/a.ts', "import { hashString } from '../worker/items/ingest';")).toHaveLength(1);
  });

  it('lets the UI import shared/ at run time', () => {
    expect(problems('src/reader/Reader.tsx', "import { FLAG_READ } from '../../shared/flags';")).toEqual([]);
  });
});

describe('worker/ → src/: nothing', () => {
  it('flags UI code and UI libraries, and allows shared/', () => {
    expect(
      problems('worker/items/a.ts', "import { useNow } from '../../src/components/useNow';"),
    ).toHaveLength(1);
    expect(
      problems('worker/items/a.ts', "import type { AppSettings } from '../../src/settings/types';"),
    ).toHaveLength(1);
    expect(problems('worker/a.ts', "import { useState } from 'react';")).toHaveLength(1);
    expect(problems('worker/a.ts', "import { hashString } from '../shared/hash';")).toEqual([]);
  });
});

describe('shared/ imports neither side', () => {
  it('flags src/, worker/ and UI libraries, and allows plain libraries', () => {
    expect(problems('shared/a.ts', "import type { Item } from '../worker/types';")).toHaveLength(1);
    expect(problems('shared/a.ts', "import { t } from '../src/i18n';")).toHaveLength(1);
    expect(problems('shared/a.ts', "import { Text } from '@mantine/core';")).toHaveLength(1);
    expect(problems('shared/a.ts', "import { Parser } from 'htmlparser2';")).toEqual([]);
  });
});
