/**
 * What a rule may be: the checks `rules.save` and `rules.preview` run on what the UI sends, and
 * the parse of a rule's query (a filter the query language accepts, without LIMIT: a rule acts
 * on each matching article). Failures are EngineErrors the UI words (`bad_query`, `bad_input`).
 */
import { EngineError } from '../errors';
import type { QueryAst } from '../query/language/ast';
import type { QueryEvaluator } from '../query/evaluate';
import type { RuleAction, RuleInput } from './types';
import { RULE_ACTION_TYPES } from '../../shared/ruleActions';

/** Every action a rule may take. */
export const ACTION_TYPES = new Set<RuleAction['type']>(RULE_ACTION_TYPES);

/** The query of a rule, parsed. Fails: EngineError('bad_query') with the position of the fault. */
export function parseRuleQuery(evaluator: Pick<QueryEvaluator, 'parse'>, query: string): QueryAst {
  if (typeof query !== 'string' || query.trim() === '')
    throw new EngineError('bad_query', 'A rule needs a filter query');
  const parsed = evaluator.parse(query);
  if (!parsed.ok)
    throw new EngineError(
      'bad_query',
      `${parsed.error.message} (line ${parsed.error.position.line}, column ${parsed.error.position.column})`,
      {
        position: parsed.error.position,
        expected: parsed.error.expected,
        before: parsed.error.before,
        found: parsed.error.found,
      },
    );
  if (parsed.query.limit !== null)
    throw new EngineError('bad_query', 'A rule acts on each matching article: remove LIMIT from its query');
  return parsed.query;
}

/**
 * `input` checked and cleaned (name trimmed, tag names trimmed, only the known fields kept).
 * Fails: EngineError('bad_input' | 'bad_query').
 */
export function checkRuleInput(evaluator: Pick<QueryEvaluator, 'parse'>, input: RuleInput): RuleInput {
  if (input === null || typeof input !== 'object') throw new EngineError('bad_input', 'A rule is missing');
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw new EngineError('bad_input', 'A rule needs a name');
  parseRuleQuery(evaluator, input.query);
  if (!Array.isArray(input.actions) || input.actions.length === 0)
    throw new EngineError('bad_input', 'A rule needs at least one action');
  for (const a of input.actions) {
    if (!a || !ACTION_TYPES.has(a.type))
      throw new EngineError('bad_input', `Unknown rule action '${String(a?.type)}'`);
    if (a.type === 'tag' && (typeof a.tag !== 'string' || a.tag.trim() === ''))
      throw new EngineError('bad_input', 'A tag action needs a tag name');
  }
  return {
    name,
    query: input.query,
    ...(typeof input.filterId === 'string' ? { filterId: input.filterId } : {}),
    actions: input.actions.map((a) => (a.type === 'tag' ? { type: 'tag', tag: a.tag.trim() } : { ...a })),
    enabled: input.enabled !== false,
  };
}
