/**
 * Running the actions of rules over the articles each matched. Flag actions (read, saved,
 * hidden) of all matching rules go out together, one write per flag; tags and notifications
 * follow per rule; the slow actions (whole article, summary, translation) start in the
 * background once the runs are logged (background.ts).
 */
import { FLAG_HIDDEN } from '../../shared/flags';
import type { EngineContext } from '../engineContext';
import { setFlag } from '../state/flags';
import type { StateApi } from '../state/readState';
import type { TagsApi } from '../tags/tags';
import type { RunChanges, StoredRun } from './ruleStore';
import type { Rule, RuleAction, RuleRun } from './types';

/** The built domains the actions go through. */
export interface ActDeps {
  ctx: EngineContext;
  state: () => StateApi;
  tags: () => TagsApi;
}

/**
 * Runs the quick actions and returns the runs to log (ids from `firstId`). An article a flag
 * write changed is credited to the first rule that asked for it, so undoing that run restores
 * it. A failing action is noted in the run and never stops the others, nor ingest.
 */
export async function act(
  deps: ActDeps,
  matches: Array<{ rule: Rule; ids: number[] }>,
  trigger: RuleRun['trigger'],
  firstId: number,
): Promise<StoredRun[]> {
  const { ctx } = deps;
  const runs = matches.map(({ rule, ids }, k) => {
    const changes: RunChanges = { read: [], saved: [], hidden: [], tags: [] };
    const notes: string[] = [];
    return { rule, ids, id: firstId + k, changes, notes };
  });
  const flagWrites: Array<
    [RuleAction['type'], 'read' | 'saved' | 'hidden', (ids: number[]) => Promise<number[]>]
  > = [
    ['markRead', 'read', async (ids) => (await deps.state().markRead(ids, true)).ids],
    ['save', 'saved', async (ids) => (await deps.state().markSaved(ids, true)).ids],
    ['hide', 'hidden', (ids) => setFlag(ctx, ids, FLAG_HIDDEN, true)],
  ];
  for (const [type, key, write] of flagWrites) {
    const wanting = runs.filter((r) => r.rule.actions.some((a) => a.type === type));
    if (wanting.length === 0) continue;
    try {
      const changed = new Set(await write([...new Set(wanting.flatMap((r) => r.ids))]));
      for (const r of wanting) for (const id of r.ids) if (changed.delete(id)) r.changes[key].push(id);
    } catch (err) {
      for (const r of wanting) r.notes.push(`${type}: ${messageOf(err)}`);
    }
  }
  for (const r of runs) {
    for (const action of r.rule.actions) {
      try {
        if (action.type === 'tag') r.changes.tags.push(await deps.tags().addToItems(r.ids, action.tag));
        else if (action.type === 'notify')
          ctx.events.local({ type: 'notify', items: notifyItems(ctx, r.ids) });
      } catch (err) {
        r.notes.push(`${action.type}: ${messageOf(err)}`);
      }
    }
  }
  return runs.map(({ rule, ids, id, changes, notes }) => {
    const undoable =
      changes.read.length +
      changes.saved.length +
      changes.hidden.length +
      changes.tags.reduce((n, t) => n + t.ids.length, 0);
    return {
      id,
      ruleId: rule.id,
      at: ctx.now(),
      trigger,
      itemIds: ids,
      count: ids.length,
      undone: false,
      ...(undoable > 0 ? { undoToken: `run:${id}`, changes } : {}),
      ...(notes.length ? { notes } : {}),
    };
  });
}

function notifyItems(ctx: EngineContext, ids: number[]) {
  const out: Array<{ id: number; title: string; feedId: number; feedTitle: string }> = [];
  for (const id of ids) {
    const row = ctx.index.rowOf(id);
    if (row < 0) continue;
    const feedId = ctx.index.feedId(row);
    out.push({ id, title: ctx.index.title(row), feedId, feedTitle: ctx.feedCache.get(feedId)?.title ?? '' });
  }
  return out;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
