/**
 * The rules' side of what happens to a tag (rules name tags by name; the tags domain calls these
 * through rules/tagNames.ts): a rename rewrites the rules inside the tag's own transaction, a
 * delete takes the tag's "add tag" actions out, and the delete's undo puts them back.
 */
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { META_KEYS } from '../db/meta';
import { dropTagFromRules, isRuleTagUse, restoreTagInRules } from './dropTag';
import { renameTagInRules } from './renameTag';
import type { createRuleStore } from './ruleStore';
import type { TagRenameStep } from '../tags/tags';
import type { Rule, RuleAction, RuleTagUse } from './types';

/** The tag operations of the `rules` domain (RulesApi). */
export interface RuleTagsApi {
  /**
   * Engine-internal (the tags domain's rename, rules/tagNames.ts): runs `rename` with the step
   * that makes every rule naming the old tag (ignoring case) name the new one, its "add tag"
   * actions and the tag conditions of its query (shared/tagQuery.ts), inside the tag's own
   * transaction, rules held meanwhile. Resolves what `rename` resolves.
   */
  renameTagWith<T>(rename: (step: TagRenameStep) => Promise<T>): Promise<T>;
  /**
   * Takes the "add tag `name`" actions (ignoring case) out of every rule, turning off a rule left
   * with none (rules/dropTag.ts): the tags domain calls it as a tag is deleted, so no rule makes
   * the tag again. One write; resolves each changed rule as it was, for `restoreTag`.
   */
  dropTag(name: string): Promise<RuleTagUse[]>;
  /**
   * Puts back what `dropTag(dropped)` took, the tag now named `name` (the undo of the delete).
   * Uses not of RuleTagUse's shape are skipped. One write; resolves how many rules changed.
   */
  restoreTag(uses: RuleTagUse[], dropped: string, name: string): Promise<number>;
}

export function createRuleTags(
  ctx: EngineContext,
  store: ReturnType<typeof createRuleStore>,
  validQuery: (query: string) => boolean,
  actionTypes: ReadonlySet<RuleAction['type']>,
): RuleTagsApi {
  const { serial, readRules } = store;
  return {
    renameTagWith: (rename) =>
      serial(async () => {
        let written: Rule[] | null = null;
        const result = await rename(async (from, to) => {
          // Read in the tag's transaction (not the cache): what is written must be what it read.
          const meta = ctx.db.table('meta');
          const stored = (await meta.get(META_KEYS.rules))?.value;
          const list = Array.isArray(stored)
            ? (stored as Rule[]).slice().sort((a, b) => a.order - b.order)
            : [];
          const { next, changed } = renameTagInRules(list, from, to, ctx.now(), validQuery);
          if (changed === 0) return;
          written = next.map((r, i) => ({ ...r, order: i }));
          await meta.put({ key: META_KEYS.rules, value: written });
        });
        if (written) store.wroteRules(written);
        return result;
      }),

    dropTag: (name) =>
      serial(async () => {
        if (typeof name !== 'string') throw new EngineError('bad_input', 'A tag name is needed');
        const { next, uses } = dropTagFromRules(await readRules(), name, ctx.now());
        if (uses.length > 0) await store.writeRules(next);
        return uses;
      }),

    restoreTag: (uses, dropped, name) =>
      serial(async () => {
        // The token came back from the page: only actions of known types are put back.
        const valid = Array.isArray(uses)
          ? uses.filter(isRuleTagUse).filter((u) => u.actions.every((a) => actionTypes.has(a.type)))
          : [];
        if (valid.length === 0 || typeof dropped !== 'string' || typeof name !== 'string') return 0;
        const { next, changed } = restoreTagInRules(await readRules(), valid, dropped, name, ctx.now());
        if (changed > 0) await store.writeRules(next);
        return changed;
      }),
  };
}
