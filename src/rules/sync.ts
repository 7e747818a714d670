/**
 * Keeps a saved filter's rule in step with the filter: the rule holds a copy of the filter's
 * name and query, so editing the filter re-saves the rule, and deleting the filter removes it.
 */
import { withRules } from './client';
import type { Rule } from './types';

/** The rule carried by filter `filterId` in `rules`, if any. */
export const ruleOfFilter = (rules: readonly Rule[] | undefined, filterId: string): Rule | undefined =>
  rules?.find((r) => r.filterId === filterId);

/** Re-saves the filter's rule with its new name/query; resolves false when it has none. */
export async function syncRuleWithFilter(filter: {
  id: string;
  name: string;
  query: string;
}): Promise<boolean> {
  return withRules(async (r) => {
    const rule = ruleOfFilter(await r.list(), filter.id);
    if (!rule || (rule.query === filter.query && rule.name === filter.name)) return false;
    await r.save({
      id: rule.id,
      name: filter.name,
      query: filter.query,
      filterId: filter.id,
      actions: rule.actions,
      enabled: rule.enabled,
    });
    return true;
  });
}

/** Removes the rule of a deleted filter; resolves the removed rule (for undo) or undefined. */
export async function removeRuleOfFilter(filterId: string): Promise<Rule | undefined> {
  return withRules(async (r) => {
    const rule = ruleOfFilter(await r.list(), filterId);
    if (rule) await r.remove(rule.id);
    return rule;
  });
}

/**
 * Saves a removed rule again (undoing a filter's deletion) at the place it had in the order.
 * It comes back as a new rule: its actions and switch as they were, its run log not.
 */
export async function restoreRule(rule: Rule): Promise<void> {
  await withRules(async (r) => {
    const back = await r.save({
      name: rule.name,
      query: rule.query,
      filterId: rule.filterId,
      actions: rule.actions,
      enabled: rule.enabled,
    });
    const ids = (await r.list()).map((x) => x.id).filter((id) => id !== back.id);
    ids.splice(Math.min(rule.order, ids.length), 0, back.id);
    await r.reorder(ids);
  });
}
