import { parseQuery } from '../parse';
import { planAndRun } from '../plan';
import { evaluateReference, type PlainItem } from '../reference';
import type { QuerySource, RunResult } from '../source';

/** Both evaluators' answers to one query text (all results: page size is unbounded). */
export function runBoth(
  text: string,
  items: PlainItem[],
  source: QuerySource,
): { reference: number[]; planned: RunResult } {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(`unexpected parse error: ${parsed.error.message}`);
  return {
    reference: evaluateReference(parsed.query, items, { now: source.now }),
    planned: planAndRun(parsed.query, source, { pageSize: 1e9 }),
  };
}
