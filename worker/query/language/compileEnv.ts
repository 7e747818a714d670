import type { ValueExpr } from './ast';
import type { Val } from './semantics';
import type { QuerySource } from './source';

/** A compiled condition: a predicate over numbers (rows or feed ids), or a constant. */
export type Compiled = ((x: number) => boolean) | boolean;

/** What compilation needs besides the source: constant evaluation and a warning sink. */
export interface CompileEnv {
  source: QuerySource;
  value: (e: ValueExpr) => Val;
  warn: (message: string) => void;
  /**
   * How many rows the predicate will be asked about, when known (a planner's candidates): a
   * costly test expecting a scan answers every row at once from the first ask (see `scanned`).
   */
  candidates?: number;
}
