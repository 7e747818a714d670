import { describe, expect, it } from 'vitest';
import { buildTable } from './domains';

interface Deps {
  base: number;
  use: (name: string) => { value(): number };
}

describe('buildTable', () => {
  it('lets a builder use another entry once the table is built, whatever the order', () => {
    const table = {
      // Declared before the entry it uses.
      sum: ({ base, use }: Deps) => ({ value: () => base + use('one').value() }),
      one: () => ({ value: () => 1 }),
    };
    const built = buildTable(table, { base: 10 }, (api) => api) as Record<string, { value(): number }>;
    expect(built.sum!.value()).toBe(11);
  });

  it('refuses `use` while the table is being built, and names an unknown domain', () => {
    const eager = { early: ({ use }: Deps) => use('late'), late: () => ({ value: () => 2 }) };
    expect(() => buildTable(eager, { base: 0 }, (api) => api)).toThrow(
      "Domain 'late' asked for while the domains are being built",
    );
    const unknown = { a: ({ use }: Deps) => ({ value: () => use('nope').value() }) };
    const built = buildTable(unknown, { base: 0 }, (api) => api) as Record<string, { value(): number }>;
    expect(() => built.a!.value()).toThrow("No domain 'nope'");
  });

  it('hands out the wrapped domain (the one the UI calls)', () => {
    const table = {
      a: () => ({ value: () => 1 }),
      b: ({ use }: Deps) => ({ value: () => use('a').value() }),
    };
    const built = buildTable(table, { base: 0 }, (api) => ({ ...api, value: () => 5 })) as Record<
      string,
      { value(): number }
    >;
    expect(built.b!.value()).toBe(5);
  });
});
