/** A tag's rename carried through the rules that name it (the tags domain asks: `rules.renameTagWith`, ruleTags.ts). */
import { renameTagInQuery } from '../../shared/tagQuery';
import type { Rule, RuleAction } from './types';

/**
 * `rule` naming tag `to` where it named `from` (ignoring case): its tag actions and its query.
 * The same `actions` array when no action named it.
 */
export function renameTagInRule(rule: Rule, from: string, to: string): Rule {
  const old = from.toLowerCase();
  const names = (a: RuleAction) => a.type === 'tag' && a.tag.toLowerCase() === old;
  const actions = rule.actions.some(names)
    ? rule.actions.map((a): RuleAction => (names(a) ? { type: 'tag', tag: to } : a))
    : rule.actions;
  return { ...rule, query: renameTagInQuery(rule.query, from, to), actions };
}

/**
 * `rules` with tag `from` renamed `to` (renameTagInRule), each changed one stamped `now` (later
 * than its last change), and how many changed. A query whose rewrite would not parse (it should
 * never happen) keeps its old text.
 */
export function renameTagInRules(
  rules: readonly Rule[],
  from: string,
  to: string,
  now: number,
  parses: (query: string) => boolean,
): { next: Rule[]; changed: number } {
  let changed = 0;
  const next = rules.map((rule) => {
    const renamed = renameTagInRule(rule, from, to);
    if (renamed.query !== rule.query && !parses(renamed.query)) renamed.query = rule.query;
    if (renamed.query === rule.query && renamed.actions === rule.actions) return rule;
    changed++;
    return { ...renamed, updatedAt: Math.max(now, rule.updatedAt + 1e-3) };
  });
  return { next, changed };
}
