/**
 * Rules name tags by name (an "add tag" action, a `tags = '…'` condition), so what happens to a
 * tag happens in the rules too, through the tags domain as built here:
 * - a rename renames the tag in the rules in the same transaction (`rules.renameTagWith`): a rule
 *   that named the old tag names the new one and keeps working;
 * - a delete first takes the tag's "add tag" actions out of the rules (`rules.dropTag`), which
 *   would otherwise make the tag again on the next ingest; the rules as they were ride in the
 *   delete's undo token, and the state domain as built here puts them back when it is undone.
 */
import type { EngineContext } from '../engineContext';
import type { StateApi } from '../state/readState';
import { isTagToken, readTags, type TagsApi } from '../tags/tags';
import type { RulesApi } from './rules';

/** `tags` whose `rename` and `remove` carry through the rules (see the file comment). */
export function withRuleTagNames(tags: TagsApi, ctx: EngineContext, rules: () => RulesApi): TagsApi {
  return {
    ...tags,
    // One transaction renames the tag, the rules and logs the rename for the saved filters. A
    // change of case only renames too: the rules then show the name as it now reads.
    rename: (id, name, _also, ifTaken) =>
      rules().renameTagWith((step) => tags.rename(id, name, step, ifTaken)),
    async remove(id) {
      const name = (await readTags(ctx)).tags.find((t) => t.id === id)?.name;
      // An unknown tag: the tags domain says so, and no rule is touched.
      if (name === undefined) return tags.remove(id);
      // The rules first, so an ingest between the two steps does not make the tag again.
      const uses = await rules().dropTag(name);
      try {
        const token = await tags.remove(id);
        return uses.length > 0 ? { ...token, rules: uses } : token;
      } catch (err) {
        if (uses.length > 0) await rules().restoreTag(uses, name, name);
        throw err;
      }
    },
  };
}

/** `state` whose undo of a tag delete also gives the rules back their "add tag" actions. */
export function withRuleTagUndo(state: StateApi, ctx: EngineContext, rules: () => RulesApi): StateApi {
  return {
    ...state,
    async undo(token) {
      const count = await state.undo(token);
      if (isTagToken(token) && token.flag === 'tag-deleted' && Array.isArray(token.rules)) {
        // The tag is back first (a rule must not make a new one of that name), maybe renamed.
        const name = (await readTags(ctx)).tags.find((t) => t.id === token.tag.id)?.name;
        if (name !== undefined) await rules().restoreTag(token.rules, token.tag.name, name);
      }
      return count;
    },
  };
}
