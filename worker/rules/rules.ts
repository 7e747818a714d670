/**
 * Rules: saved filters that act. Each rule is a filter query plus actions; at ingest every newly
 * added article is tested against the enabled rules in their order and the actions of each rule
 * that matches run (one logged run per rule per ingest batch, with everything it changed, so the
 * run can be undone). The matcher is the query planner's own (`compileMatcher` in
 * query/language/plan.ts), so a rule matches exactly what `query.run` lists for its query.
 *
 * Rules and their log live in the `meta` store (`rules`, `ruleLog`): a handful of small records,
 * read once and cached. Both go into backups like every meta entry (a merge restore renumbers
 * the log's item ids: worker/backup/mergeExtras.ts).
 */
import { META_KEYS } from '../db/meta';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { QueryAst } from '../query/language/ast';
import { compileMatcher } from '../query/language/plan';
import { usesNow } from '../query/language/validate';
import { needsText, QueryEvaluator } from '../query/evaluate';
import type { TextIndex } from '../search/textIndex';
import { setFlag } from '../state/flags';
import type { StateApi } from '../state/readState';
import { FLAG_HIDDEN } from '../../shared/flags';
import type { Rule, RuleAction, RuleInput, RulePreview, RuleRun, UndoToken } from '../types';
import { tagItems } from './ruleServices';

export type { Rule, RuleAction, RuleInput, RulePreview, RuleRun } from '../types';

/** The `rules` domain of the engine API (its data types are in worker/types.ts, shared with the UI). */
export interface RulesApi {
  list(): Promise<Rule[]>;
  /** Creates or updates a rule. Fails: EngineError('bad_query' | 'bad_input' | 'not_found'); nothing stored then. */
  save(input: RuleInput & { id?: string }): Promise<Rule>;
  remove(id: string): Promise<void>;
  /** New order: `ids` first in that order, any rule not named after them as before. */
  reorder(ids: string[]): Promise<void>;
  /** What the rule would have matched over the last `days` (30) days of articles, newest first. */
  preview(input: RuleInput, opts?: { days?: number; sample?: number }): Promise<RulePreview>;
  /** Runs a stored rule once over every existing (visible) article; logged and undoable. */
  runOnce(id: string): Promise<RuleRun>;
  /** The rule's runs, newest first (default 20). */
  log(id: string, limit?: number): Promise<RuleRun[]>;
  /** Takes back what a run changed: read, saved, hidden and tags. Fails: EngineError('not_found' | 'bad_input'). */
  undoRun(runId: number): Promise<void>;
}

/** What a run changed, kept beside the run in the log for `undoRun`. */
interface RunChanges {
  read: number[];
  saved: number[];
  hidden: number[];
  /** Undo tokens of the tag actions (tags domain), taken back by `state.undo`. */
  tags: UndoToken[];
}

interface StoredRun extends RuleRun {
  changes?: RunChanges;
}

const ACTION_TYPES = new Set<RuleAction['type']>([
  'markRead',
  'save',
  'tag',
  'hide',
  'notify',
  'summarize',
  'translate',
  'loadFullText',
]);
/** Runs kept per rule in the log. */
const LOG_PER_RULE = 50;
const DAY = 86_400;

/** Builds the rules domain; registers the ingest hook on the context. */
export function createRulesApi(ctx: EngineContext, text: TextIndex, state: StateApi): RulesApi {
  const evaluator = new QueryEvaluator(ctx, text);
  let rulesCache: Promise<Rule[]> | null = null;
  let logCache: Promise<StoredRun[]> | null = null;
  let feedsVersion = 0;
  // Compiled matchers by rule, valid while the key (rule version, feeds version, NOW second) holds.
  const compiled = new Map<string, { key: string; test: (row: number) => boolean }>();
  // Every write of rules or log goes through here, one at a time.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };

  ctx.events.on((event) => {
    if (event.type === 'feeds-changed' || event.type === 'groups-changed') feedsVersion++;
    // A restore or clear-all rewrote the meta store (both emit groups-changed).
    if (event.type === 'groups-changed') rulesCache = logCache = plans = null;
  });

  const readRules = () =>
    (rulesCache ??= ctx.stores.meta.get(META_KEYS.rules).then(
      (v) => (Array.isArray(v) ? (v as Rule[]).slice().sort((a, b) => a.order - b.order) : []),
      (err: unknown) => {
        rulesCache = null;
        throw err;
      },
    ));
  const readLog = () =>
    (logCache ??= ctx.stores.meta.get(META_KEYS.ruleLog).then(
      (v) => (Array.isArray(v) ? (v as StoredRun[]) : []),
      (err: unknown) => {
        logCache = null;
        throw err;
      },
    ));
  const writeRules = async (rules: Rule[]) => {
    const ordered = rules.map((r, i) => ({ ...r, order: i }));
    await ctx.stores.meta.set(META_KEYS.rules, ordered);
    rulesCache = Promise.resolve(ordered);
    plans = null;
    ctx.events.emit({ type: 'rules-changed' }, ctx.applied.counter);
  };
  const writeLog = async (log: StoredRun[]) => {
    await ctx.stores.meta.set(META_KEYS.ruleLog, log);
    logCache = Promise.resolve(log);
  };

  const parseRuleQuery = (query: string): QueryAst => {
    if (typeof query !== 'string' || query.trim() === '')
      throw new EngineError('bad_query', 'A rule needs a filter query');
    const parsed = evaluator.parse(query);
    if (!parsed.ok)
      throw new EngineError(
        'bad_query',
        `${parsed.error.message} (line ${parsed.error.position.line}, column ${parsed.error.position.column})`,
        { position: parsed.error.position, expected: parsed.error.expected },
      );
    if (parsed.query.limit !== null)
      throw new EngineError('bad_query', 'A rule acts on each matching article: remove LIMIT from its query');
    return parsed.query;
  };

  const matcherOf = (rule: Pick<Rule, 'query'> & { id?: string; updatedAt?: number }, ast: QueryAst) => {
    const now = usesNow(ast) ? Math.floor(ctx.now()) : '';
    const key = `${rule.updatedAt ?? ''}\u0000${feedsVersion}\u0000${now}\u0000${rule.query}`;
    const cached = rule.id ? compiled.get(rule.id) : undefined;
    if (cached && cached.key === key) return cached.test;
    const test = compileMatcher(ast, evaluator.source);
    if (rule.id) compiled.set(rule.id, { key, test });
    return test;
  };

  /**
   * Runs the actions of rules over the articles each matched (in rule order) and returns the
   * runs to log. The flag actions of all of them go out together, one write per flag (so a batch
   * costs at most three state writes however many rules match); an article a write changed is
   * credited to the first rule that asked for it, so undoing that run restores it. A failing
   * action is noted in the run and never stops the others, nor ingest.
   */
  const act = async (
    matches: Array<{ rule: Rule; ids: number[] }>,
    trigger: RuleRun['trigger'],
    firstId: number,
  ): Promise<StoredRun[]> => {
    const runs = matches.map(({ rule, ids }, k) => {
      const changes: RunChanges = { read: [], saved: [], hidden: [], tags: [] };
      const notes: string[] = [];
      return { rule, ids, id: firstId + k, changes, notes };
    });
    const flagWrites: Array<
      [RuleAction['type'], 'read' | 'saved' | 'hidden', (ids: number[]) => Promise<number[]>]
    > = [
      ['markRead', 'read', async (ids) => (await state.markRead(ids, true)).ids],
      ['save', 'saved', async (ids) => (await state.markSaved(ids, true)).ids],
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
          switch (action.type) {
            case 'tag':
              r.changes.tags.push(await tagItems(ctx, r.ids, action.tag));
              break;
            case 'notify':
              ctx.events.local({ type: 'notify', items: notifyItems(ctx, r.ids) });
              break;
            case 'summarize':
              r.notes.push('summarize: not available (AI summaries are made by the page, not the engine)');
              break;
            case 'translate':
              r.notes.push('translate: not available');
              break;
            case 'loadFullText':
              r.notes.push('loadFullText: not available');
              break;
            default:
              break; // flag actions: done above
          }
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
  };

  const appendRuns = async (runs: StoredRun[]) => {
    if (runs.length === 0) return;
    const log = [...(await readLog()), ...runs];
    const perRule = new Map<string, number>();
    const kept: StoredRun[] = [];
    for (let i = log.length - 1; i >= 0; i--) {
      const run = log[i]!;
      const n = (perRule.get(run.ruleId) ?? 0) + 1;
      perRule.set(run.ruleId, n);
      if (n <= LOG_PER_RULE) kept.push(run);
    }
    await writeLog(kept.reverse());
    ctx.events.emit({ type: 'rules-changed' }, ctx.applied.counter);
  };

  const nextRunId = async () => {
    const log = await readLog();
    return log.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  };

  // The enabled rules with their parsed queries, built once per change of the rules.
  let plans: Promise<Array<{ rule: Rule; ast: QueryAst; text: boolean }>> | null = null;
  const enabledPlans = () =>
    (plans ??= readRules().then((rules) => {
      const out: Array<{ rule: Rule; ast: QueryAst; text: boolean }> = [];
      for (const rule of rules) {
        if (!rule.enabled) continue;
        const parsed = evaluator.parse(rule.query);
        // A query stored before a language change made it invalid matches nothing.
        if (parsed.ok) out.push({ rule, ast: parsed.query, text: needsText(parsed.query) });
      }
      return out;
    }));

  const onIngest = (added: number[]): Promise<void> =>
    serial(async () => {
      const list = await enabledPlans();
      if (list.length === 0 || added.length === 0) return;
      const matches: Array<{ rule: Rule; ids: number[] }> = [];
      // Rules see what earlier rules did: an article one hides is out of the later ones.
      const hidden = new Set<number>();
      for (const { rule, ast, text: usesText } of list) {
        if (usesText) await text.fresh();
        const test = matcherOf(rule, ast);
        const ids: number[] = [];
        for (const id of added) {
          const row = ctx.index.rowOf(id);
          if (row >= 0 && !hidden.has(id) && test(row)) ids.push(id);
        }
        if (ids.length === 0) continue;
        matches.push({ rule, ids });
        if (rule.actions.some((a) => a.type === 'hide')) for (const id of ids) hidden.add(id);
      }
      if (matches.length === 0) return;
      await appendRuns(await act(matches, 'ingest', await nextRunId()));
    });
  ctx.afterIngest = onIngest;

  const checkInput = (input: RuleInput): RuleInput => {
    if (input === null || typeof input !== 'object') throw new EngineError('bad_input', 'A rule is missing');
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw new EngineError('bad_input', 'A rule needs a name');
    parseRuleQuery(input.query);
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
  };

  return {
    list: async () => (await readRules()).map((r) => ({ ...r })),

    save: (input) =>
      serial(async () => {
        const clean = checkInput(input);
        const rules = await readRules();
        const now = ctx.now();
        if (input.id !== undefined) {
          const at = rules.findIndex((r) => r.id === input.id);
          if (at < 0) throw new EngineError('not_found', 'This rule no longer exists');
          const old = rules[at]!;
          const updated: Rule = {
            ...clean,
            id: old.id,
            order: old.order,
            createdAt: old.createdAt,
            updatedAt: Math.max(now, old.updatedAt + 1e-3),
          };
          const next = rules.slice();
          next[at] = updated;
          await writeRules(next);
          return { ...updated, order: at };
        }
        const rule: Rule = { ...clean, id: newId(), order: rules.length, createdAt: now, updatedAt: now };
        await writeRules([...rules, rule]);
        return rule;
      }),

    remove: (id) =>
      serial(async () => {
        const rules = await readRules();
        if (!rules.some((r) => r.id === id)) return;
        compiled.delete(id);
        await writeRules(rules.filter((r) => r.id !== id));
      }),

    reorder: (ids) =>
      serial(async () => {
        if (!Array.isArray(ids)) throw new EngineError('bad_input', 'The new order is not a list of rules');
        const rules = await readRules();
        const byId = new Map(rules.map((r) => [r.id, r]));
        const first = [...new Set(ids)].map((id) => byId.get(id)).filter((r): r is Rule => r !== undefined);
        const named = new Set(first.map((r) => r.id));
        await writeRules([...first, ...rules.filter((r) => !named.has(r.id))]);
      }),

    async preview(input, opts = {}) {
      const clean = checkInput(input);
      const ast = parseRuleQuery(clean.query);
      const days = Math.max(1, Math.min(Math.floor(opts.days ?? 30), 3650));
      const want = Math.max(0, Math.min(Math.floor(opts.sample ?? 10), 100));
      if (needsText(ast)) await text.fresh();
      const test = compileMatcher(ast, evaluator.source);
      const cutoff = ctx.now() - days * DAY;
      const { index } = ctx;
      const sample: RulePreview['sample'] = [];
      let count = 0;
      for (const row of index.rowsByDate()) {
        if (index.pubDate(row) < cutoff) break;
        if (!test(row)) continue;
        count++;
        if (sample.length < want)
          sample.push({
            id: index.id(row),
            title: index.title(row),
            feedTitle: ctx.feedCache.get(index.feedId(row))?.title ?? '',
            pubDate: index.pubDate(row),
          });
      }
      return { count, sample, days };
    },

    runOnce: (id) =>
      serial(async () => {
        const rule = (await readRules()).find((r) => r.id === id);
        if (!rule) throw new EngineError('not_found', 'This rule no longer exists');
        const ast = parseRuleQuery(rule.query);
        if (needsText(ast)) await text.fresh();
        const test = compileMatcher(ast, evaluator.source);
        const ids: number[] = [];
        for (const row of ctx.index.rowsByDate()) if (test(row)) ids.push(ctx.index.id(row));
        const [run] = await act([{ rule, ids }], 'manual', await nextRunId());
        await appendRuns([run!]);
        return publicRun(run!);
      }),

    async log(id, limit = 20) {
      const n = Math.max(1, Math.min(Math.floor(limit), LOG_PER_RULE));
      return (await readLog())
        .filter((r) => r.ruleId === id)
        .reverse()
        .slice(0, n)
        .map(publicRun);
    },

    undoRun: (runId) =>
      serial(async () => {
        const log = await readLog();
        const at = log.findIndex((r) => r.id === runId);
        if (at < 0) throw new EngineError('not_found', 'This rule run is no longer in the log');
        const run = log[at]!;
        if (run.undone) return;
        if (!run.changes) throw new EngineError('bad_input', 'This run changed nothing that can be undone');
        const c = run.changes;
        if (c.read.length) await state.undo({ flag: 'read', set: true, ids: c.read });
        if (c.saved.length) await state.undo({ flag: 'saved', set: true, ids: c.saved });
        if (c.hidden.length) await setFlag(ctx, c.hidden, FLAG_HIDDEN, false);
        for (const t of c.tags) if (t.ids.length) await state.undo(t);
        const next = log.slice();
        next[at] = { ...run, undone: true };
        await writeLog(next);
        ctx.events.emit({ type: 'rules-changed' }, ctx.applied.counter);
      }),
  };
}

function publicRun(run: StoredRun): RuleRun {
  const { changes: _changes, ...rest } = run;
  return { ...rest, itemIds: rest.itemIds.slice() };
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

function newId(): string {
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
