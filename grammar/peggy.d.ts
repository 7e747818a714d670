/**
 * Shape of a grammar compiled by scripts/lib/peggy.mjs (Vite builds and the Node loader alike):
 * peggy's ES output has named exports `parse`, `SyntaxError` and `StartRules` (no default export).
 */
declare module '*.peggy' {
  export interface PeggyPosition {
    offset: number;
    line: number;
    column: number;
  }
  export interface PeggyLocation {
    source: unknown;
    start: PeggyPosition;
    end: PeggyPosition;
  }
  export interface PeggyExpectation {
    type: 'literal' | 'class' | 'any' | 'end' | 'other';
    text?: string;
    ignoreCase?: boolean;
    description?: string;
  }
  export class SyntaxError extends Error {
    expected: PeggyExpectation[] | null;
    found: string | null;
    location: PeggyLocation;
  }
  export function parse(input: string, options?: { startRule?: string; grammarSource?: unknown }): unknown;
  export const StartRules: string[];
}
