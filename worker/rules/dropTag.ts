/**
 * A deleted tag taken out of the rules that would make it again: an "add tag" action names the
 * tag by name and creates it when missing (tags.addToItems), so a rule left as it was would bring
 * a deleted tag back on the next ingest. The tags domain as built (tagNames.ts) drops those
 * actions with the tag, and the undo of the delete puts them back.
 *
 * A rule left with no action is turned off: it would match and do nothing, and a rule that is
 * off says so in the list. Conditions naming the tag (`tags = 'x'`) stay: they match nothing
 * while the tag is gone and match again once an undo brings it back.
 */
import type { Rule, RuleAction, RuleTagUse } from './types';

const namesTag = (name: string) => {
  const wanted = name.toLowerCase();
  return (a: RuleAction) => a.type === 'tag' && a.tag.toLowerCase() === wanted;
};

/**
 * `rules` without the "add tag `name`" actions (ignoring case), each changed rule stamped later
 * than its last change (`now` at least) and turned off when no action is left; `uses` holds each
 * changed rule as it was (its actions and switch) and the stamp it got, for `restoreTagInRules`.
 */
export function dropTagFromRules(
  rules: readonly Rule[],
  name: string,
  now: number,
): { next: Rule[]; uses: RuleTagUse[] } {
  const names = namesTag(name);
  const uses: RuleTagUse[] = [];
  const next = rules.map((rule) => {
    if (!rule.actions.some(names)) return rule;
    const actions = rule.actions.filter((a) => !names(a));
    const updatedAt = Math.max(now, rule.updatedAt + 1e-3);
    uses.push({ id: rule.id, name: rule.name, actions: rule.actions, enabled: rule.enabled, updatedAt });
    return { ...rule, actions, enabled: rule.enabled && actions.length > 0, updatedAt };
  });
  return { next, uses };
}

/**
 * `rules` with what `dropTagFromRules` took (the actions adding tag `dropped`) put back, the tag
 * now named `name` (an undone delete brings it back under another name when its own was taken
 * meanwhile). A rule nobody changed
 * since gets its actions and switch back as they were; one edited since keeps the edit and gets
 * the tag action back where it stood (when it has none of that name), its switch as it is now. A
 * rule deleted since stays deleted. Resolves how many rules changed.
 */
export function restoreTagInRules(
  rules: readonly Rule[],
  uses: readonly RuleTagUse[],
  dropped: string,
  name: string,
  now: number,
): { next: Rule[]; changed: number } {
  const byId = new Map(uses.map((u) => [u.id, u]));
  const names = namesTag(name);
  const wasDropped = namesTag(dropped);
  let changed = 0;
  const next = rules.map((rule) => {
    const use = byId.get(rule.id);
    if (!use) return rule;
    // The tag actions as they stood, naming the tag as it is now called when that changed (as
    // written, when only the case differs).
    const renamed = use.actions.map((a): RuleAction =>
      wasDropped(a) && !names(a) ? { type: 'tag', tag: name } : a,
    );
    let actions: RuleAction[];
    let enabled = rule.enabled;
    if (rule.updatedAt === use.updatedAt) {
      actions = renamed;
      enabled = use.enabled;
    } else if (rule.actions.some(names)) return rule;
    else {
      const at = renamed.findIndex(names);
      actions = [...rule.actions];
      actions.splice(Math.min(at, actions.length), 0, { type: 'tag', tag: name });
    }
    changed++;
    return { ...rule, actions, enabled, updatedAt: Math.max(now, rule.updatedAt + 1e-3) };
  });
  return { next, changed };
}

/** True when `value` has the shape of a RuleTagUse (it comes back from the page in an undo token). */
export function isRuleTagUse(value: unknown): value is RuleTagUse {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'string' &&
    typeof u.name === 'string' &&
    typeof u.enabled === 'boolean' &&
    typeof u.updatedAt === 'number' &&
    Array.isArray(u.actions) &&
    u.actions.every(
      (a) => typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string',
    )
  );
}
