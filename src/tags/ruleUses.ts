/**
 * The rules a tag's delete changes (the engine takes their "add tag" actions out:
 * worker/rules/dropTag.ts), for Manage tags to say so before it deletes.
 */
import { getLanguage, t } from '../i18n';
import type { Rule } from '../rules/types';

/** A rule that adds the tag named `name` (ignoring case); `off`: it has no other action, so it is turned off. */
export function rulesAddingTag(rules: readonly Rule[], name: string): Array<{ name: string; off: boolean }> {
  const wanted = name.toLowerCase();
  const adds = (a: Rule['actions'][number]) => a.type === 'tag' && a.tag.toLowerCase() === wanted;
  return rules
    .filter((r) => r.actions.some(adds))
    .map((r) => ({ name: r.name, off: r.enabled && r.actions.every(adds) }));
}

/** Rule names as a list of the UI's language: “a”, “b” and “c”. */
function names(list: ReadonlyArray<{ name: string }>): string {
  const quoted = list.map((r) => `“${r.name}”`);
  return new Intl.ListFormat(getLanguage(), { type: 'conjunction' }).format(quoted);
}

/** What the question before deleting a tag says of the rules `uses` (rulesAddingTag). */
export function deleteQuestion(uses: ReadonlyArray<{ name: string; off: boolean }>): string {
  const off = uses.filter((u) => u.off);
  return [
    t('tags.deleteRulesUse', { count: uses.length, rules: names(uses) }),
    off.length > 0 ? t('tags.deleteRulesOff', { count: off.length, rules: names(off) }) : '',
    t('tags.deleteUndoNote'),
  ]
    .filter(Boolean)
    .join(' ');
}
