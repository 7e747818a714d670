/**
 * Pure edits of a rule's action list (no React, no engine): add, remove, move, change, and the
 * tidy-up before saving. The order is the order the engine applies them in.
 */
import type { RuleAction, RuleActionType, RuleInput } from './types';
import { RULE_ACTION_TYPES } from '../../shared/ruleActions';

/** Every action in the order the "Add action" menu offers them. */
export const ACTION_TYPES: readonly RuleActionType[] = RULE_ACTION_TYPES;

/** Actions that make sense once per rule (all but `tag`, which can add several tags). */
export const isSingleton = (type: RuleActionType): boolean => type !== 'tag';

/** A fresh action of this type with empty settings. */
export function newAction(type: RuleActionType): RuleAction {
  switch (type) {
    case 'tag':
      return { type, tag: '' };
    case 'translate':
      return { type };
    default:
      return { type };
  }
}

/** Types still available to add (singletons already present are left out). */
export function addableTypes(actions: readonly RuleAction[]): RuleActionType[] {
  return ACTION_TYPES.filter((t) => !isSingleton(t) || !actions.some((a) => a.type === t));
}

/** `actions` with a new action of `type` at the end (unchanged when a singleton is present). */
export function addAction(actions: readonly RuleAction[], type: RuleActionType): RuleAction[] {
  if (!addableTypes(actions).includes(type)) return [...actions];
  return [...actions, newAction(type)];
}

export function removeAction(actions: readonly RuleAction[], index: number): RuleAction[] {
  return actions.filter((_, i) => i !== index);
}

/** Moves the action at `index` by `delta` places (clamped; the same order when it cannot move). */
export function moveAction(actions: readonly RuleAction[], index: number, delta: number): RuleAction[] {
  const to = Math.max(0, Math.min(actions.length - 1, index + delta));
  if (index < 0 || index >= actions.length || to === index) return [...actions];
  const next = [...actions];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

export function replaceAction(
  actions: readonly RuleAction[],
  index: number,
  action: RuleAction,
): RuleAction[] {
  return actions.map((a, i) => (i === index ? action : a));
}

/** Why a rule cannot be saved as it stands (an i18n key under `rules.`), or null when it can. */
export type RuleProblem = 'noActions' | 'emptyTag';

export function ruleProblem(actions: readonly RuleAction[]): RuleProblem | null {
  if (actions.length === 0) return 'noActions';
  if (actions.some((a) => a.type === 'tag' && a.tag.trim() === '')) return 'emptyTag';
  return null;
}

/** The actions as sent to the engine: tags trimmed, an empty language dropped. */
export function cleanActions(actions: readonly RuleAction[]): RuleAction[] {
  return actions.map((a) => {
    if (a.type === 'tag') return { type: 'tag', tag: a.tag.trim() };
    if (a.type === 'translate') {
      const lang = a.lang?.trim();
      return lang ? { type: 'translate', lang } : { type: 'translate' };
    }
    return a;
  });
}

/**
 * `actions` with every "add tag" action naming tag `from` (ignoring case) naming `to`, after the
 * tag was renamed; the same array when none named it.
 */
export function renameTagInActions(actions: RuleAction[], from: string, to: string): RuleAction[] {
  const old = from.toLowerCase();
  const names = (a: RuleAction) => a.type === 'tag' && a.tag.trim().toLowerCase() === old;
  if (!actions.some(names)) return actions;
  return actions.map((a) => (names(a) ? { type: 'tag', tag: to } : a));
}

/**
 * The edits made to a rule's actions (`local`, started from the stored `before`) carried over to
 * the stored rule as the engine changed it meanwhile (`after`): a tag whose "add tag" action the
 * engine took out (the tag deleted) leaves the edits too, and one it put in (the delete undone, a
 * rename's new name) joins them, where the first dropped one stood or else at the end. Tags
 * compare ignoring case and spaces around; every other edit is kept. The same array when nothing
 * changes.
 */
export function rebaseTagActions(
  local: RuleAction[],
  before: readonly RuleAction[],
  after: readonly RuleAction[],
): RuleAction[] {
  const key = (a: RuleAction) => (a.type === 'tag' ? a.tag.trim().toLowerCase() : null);
  const tagsOf = (list: readonly RuleAction[]) =>
    new Set(list.map(key).filter((k): k is string => k !== null && k !== ''));
  const was = tagsOf(before);
  const now = tagsOf(after);
  const gone = new Set([...was].filter((k) => !now.has(k)));
  const have = tagsOf(local);
  const come = after.filter((a) => {
    const k = key(a);
    return k !== null && k !== '' && !was.has(k) && !have.has(k);
  });
  const dropAt = local.findIndex((a) => gone.has(key(a) ?? ''));
  if (dropAt < 0 && come.length === 0) return local;
  const kept = local.filter((a) => !gone.has(key(a) ?? ''));
  const at = dropAt < 0 ? kept.length : dropAt;
  return [...kept.slice(0, at), ...come, ...kept.slice(at)];
}

/** The engine input for a saved filter's rule: the filter's id, name and a copy of its query. */
export function ruleInputFor(
  filter: { id: string; name: string; query: string },
  actions: readonly RuleAction[],
  enabled: boolean,
): RuleInput {
  return {
    name: filter.name,
    query: filter.query,
    filterId: filter.id,
    actions: cleanActions(actions),
    enabled,
  };
}
