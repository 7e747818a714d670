/**
 * Rules name tags by name (an "add tag" action, a `tags = '…'` condition), so renaming a tag
 * renames it in the rules too: the tags domain as built here follows each rename with
 * `rules.renameTag`, and a rule that named the old tag names the new one and keeps working.
 */
import type { EngineContext } from '../engineContext';
import { readTags, type TagsApi } from '../tags/tags';
import type { RulesApi } from './rules';

/** `tags` whose `rename` also renames the tag in every rule (after the tag itself). */
export function withRuleTagNames(tags: TagsApi, ctx: EngineContext, rules: () => RulesApi): TagsApi {
  return {
    ...tags,
    async rename(id, name) {
      const before = (await readTags(ctx)).tags.find((t) => t.id === id)?.name;
      const tag = await tags.rename(id, name);
      // A change of case only renames too: the rules then show the name as it now reads.
      if (before !== undefined && before !== tag.name) await rules().renameTag(before, tag.name);
      return tag;
    },
  };
}
