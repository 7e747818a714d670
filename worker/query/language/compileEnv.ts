import type { ValueExpr } from './ast';
import type { Val } from './semantics';
import type { QuerySource } from './source';
import type { QueryWarning } from './warnings';

/**
 * A predicate over rows that may also answer every row at once: `all()` gives one byte per row
 * (1 = passes) in row order, over index.rowCount() rows at the index's current version (dead
 * rows read as anything). The array may be cached by the test: read it, never write it. It may
 * also be lent (a description test's): good only until the next `all()` of any test, so read it
 * through before asking another test, and copy it to keep it (see rowTests.scanned's `lent`).
 */
export type RowTest = ((x: number) => boolean) & { all?: () => Uint8Array };

/** A compiled condition: a predicate over numbers (rows or feed ids), or a constant. */
export type Compiled = RowTest | boolean;

/** What compilation needs besides the source: constant evaluation and a warning sink. */
export interface CompileEnv {
  source: QuerySource;
  value: (e: ValueExpr) => Val;
  warn: (warning: QueryWarning) => void;
  /**
   * How many rows the predicate will be asked about, when known (a planner's candidates): a
   * costly test expecting a scan answers every row at once from the first ask (see `scanned`).
   */
  candidates?: number;
}
