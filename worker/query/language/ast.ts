/**
 * The filter language's syntax tree, as produced by grammar/filter.peggy. Plain JSON: it can be
 * stored (saved filters) and sent across the worker boundary.
 */

/** A literal value. The empty string is treated exactly like null by the evaluators. */
export type Literal = string | number | boolean | null;

export type IntervalUnit = 'day' | 'week' | 'month' | 'year';

/** A value expression: a literal or a time helper (all are constant within one query run). */
export type ValueExpr =
  | { type: 'literal'; value: Literal }
  | { type: 'now' }
  /** `UNIX_TIMESTAMP(x)`: a number stays itself, a date string becomes Unix seconds; no arg is NOW(). */
  | { type: 'unixTimestamp'; arg: ValueExpr | null }
  /** `DATE_SUB(base, INTERVAL amount unit)`; `DATE_ADD` is parsed as a negative amount. */
  | { type: 'dateSub'; base: ValueExpr; amount: number; unit: IntervalUnit };

export type CompareOp = '=' | '!=' | '<' | '>' | '<=' | '>=';

/** A condition. `field` is the name as written (matched case-insensitively; may be ''). */
export type Condition =
  | { type: 'and'; conditions: Condition[] }
  | { type: 'or'; conditions: Condition[] }
  | { type: 'not'; condition: Condition }
  | { type: 'compare'; field: string; op: CompareOp; value: ValueExpr }
  | { type: 'like'; field: string; negated: boolean; value: ValueExpr }
  | { type: 'in'; field: string; negated: boolean; values: ValueExpr[] }
  | { type: 'between'; field: string; low: ValueExpr; high: ValueExpr }
  /** A BETWEEN of the wrong shape (`pubDate BETWEEN 5`): evaluated as BETWEEN 0 AND 0, with a warning. */
  | { type: 'badBetween'; field: string; text: string };

export interface OrderBy {
  field: string;
  direction: 'asc' | 'desc';
}

/** A whole query: `[WHERE] condition [ORDER BY field ASC|DESC] [LIMIT n]`. */
export interface QueryAst {
  /** null matches every item. */
  where: Condition | null;
  /** null is the default order: pubDate desc, then id desc. */
  orderBy: OrderBy | null;
  /** null: no limit (results are paged). */
  limit: number | null;
}
