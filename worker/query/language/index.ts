/** Public API of the filter language (see docs/filter-language.md). */
export type { Condition, CompareOp, IntervalUnit, Literal, OrderBy, QueryAst, ValueExpr } from './ast';
export {
  parseQuery,
  MAX_QUERY_LENGTH,
  type ParseResult,
  type QueryError,
  type QueryErrorPosition,
} from './parse';
export { planAndRun } from './plan';
export {
  evaluateReference,
  toPlainItems,
  type PlainItem,
  type QueryData,
  type ReferenceContext,
} from './reference';
export { QueryRunner, type RunTextResult } from './cache';
export { DEFAULT_PAGE_SIZE, type QuerySource, type RunOptions, type RunResult } from './source';
export { TextColumn, plainTextLower, type DescriptionSource } from './textColumn';
export { FIELDS, type FieldKey } from './fields';
export { queryErrorToEngineError } from './engineError';
