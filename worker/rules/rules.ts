/**
 * Rules: saved filters that act. Each rule is a filter query plus actions; at ingest every newly
 * added article is tested against the enabled rules in their order and the actions of each rule
 * that matches run (one logged run per rule per ingest batch, with everything it changed, so the
 * run can be undone). The matcher is the query planner's own (`compileMatcher` in
 * query/language/plan.ts), so a rule matches exactly what `query.run` lists for its query.
 *
 * Storage and log: ruleStore.ts. What a rule may be: ruleInput.ts. Matching and the ingest hooks:
 * ruleMatching.ts. Quick actions: act.ts. Whole article, summary and translation: background.ts,
 * after ingest has returned; their failures are noted in the run afterwards.
 */
import type { AiApi } from '../ai/aiApi';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { FetchImpl } from '../formats/fetcher';
import type { FullTextApi } from '../fulltext/fullText';
import { QueryEvaluator } from '../query/evaluate';
import type { TextIndex } from '../search/textIndex';
import { setFlag } from '../state/flags';
import type { StateApi } from '../state/readState';
import type { TagsApi } from '../tags/tags';
import { FLAG_HIDDEN } from '../../shared/flags';
import { act } from './act';
import { createRuleTags, type RuleTagsApi } from './ruleTags';
import { createBackground } from './background';
import { checkAiConfig, createAiSettings } from './ruleAi';
import { ACTION_TYPES, checkRuleInput, parseRuleQuery } from './ruleInput';
import { createRuleMatching } from './ruleMatching';
import { createRuleStore, LOG_PER_RULE, publicRun } from './ruleStore';
import type { Rule, RuleAiConfig, RuleInput, RulePreview, RuleRun } from './types';
import { RUN_TITLES } from '../../shared/ruleLog';

export type { Rule, RuleAction, RuleAiConfig, RuleInput, RulePreview, RuleRun, RuleTagUse } from './types';

/** The `rules` domain of the engine API (its data types are in worker/types.ts, shared with the UI). */
export interface RulesApi extends RuleTagsApi {
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
  /**
   * The AI settings the summarise and translate actions use (the page passes them whenever they
   * change; stored, so a worker restart keeps them, and never in a backup). Fails: bad_input.
   */
  configureAi(config: RuleAiConfig): Promise<void>;
  /** Resolves when no whole-article, summary or translation action is queued or running (tests). */
  idle(): Promise<void>;
}

/** The other domains rules act through (the built ones, see `DomainDeps.use`). */
export interface RuleDomains {
  state: () => StateApi;
  tags: () => TagsApi;
  fullText: () => FullTextApi;
  ai: () => AiApi;
}

const DAY = 86_400;

export { SETTLE_MS } from './ruleMatching';

/** Builds the rules domain; registers the ingest hook on the context. */
export function createRulesApi(
  ctx: EngineContext,
  text: TextIndex,
  fetchImpl: FetchImpl,
  domains: RuleDomains,
): RulesApi {
  const evaluator = new QueryEvaluator(ctx, text);
  const store = createRuleStore(ctx, () => matching.rulesChanged());
  const { serial, readRules, readLog, writeLog } = store;
  const aiSettings = createAiSettings(ctx);
  const background = createBackground({ ctx, fetchImpl, ...domains, aiSettings, note: store.note });

  /**
   * Runs the actions, logs the runs (taking `settled` off the pending list with them) and starts
   * their slow actions. Call inside `serial`.
   */
  const runAndLog = async (
    matches: Array<{ rule: Rule; ids: number[] }>,
    trigger: RuleRun['trigger'],
    settled: readonly string[] = [],
  ) => {
    const runs = await act({ ctx, ...domains }, matches, trigger, await store.nextRunId());
    await store.appendRuns(runs, settled);
    runs.forEach((run, k) => background.start(run.id, matches[k]!.rule.actions, run.itemIds));
    return runs;
  };
  const matching = createRuleMatching({ ctx, text, evaluator, store, runAndLog });
  const checkInput = (input: RuleInput) => checkRuleInput(evaluator, input);

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
          await store.writeRules(next);
          return { ...updated, order: at };
        }
        const rule: Rule = { ...clean, id: newId(), order: rules.length, createdAt: now, updatedAt: now };
        await store.writeRules([...rules, rule]);
        return rule;
      }),

    remove: (id) =>
      serial(async () => {
        const rules = await readRules();
        if (!rules.some((r) => r.id === id)) return;
        matching.forget(id);
        await store.writeRules(rules.filter((r) => r.id !== id));
      }),

    reorder: (ids) =>
      serial(async () => {
        if (!Array.isArray(ids)) throw new EngineError('bad_input', 'The new order is not a list of rules');
        const rules = await readRules();
        const byId = new Map(rules.map((r) => [r.id, r]));
        const first = [...new Set(ids)].map((id) => byId.get(id)).filter((r): r is Rule => r !== undefined);
        const named = new Set(first.map((r) => r.id));
        await store.writeRules([...first, ...rules.filter((r) => !named.has(r.id))]);
      }),

    async preview(input, opts = {}) {
      const clean = checkInput(input);
      const ast = parseRuleQuery(evaluator, clean.query);
      const days = Math.max(1, Math.min(Math.floor(opts.days ?? 30), 3650));
      const want = Math.max(0, Math.min(Math.floor(opts.sample ?? 10), 100));
      const test = await matching.freshMatcher(ast);
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
        const ast = parseRuleQuery(evaluator, rule.query);
        const test = await matching.freshMatcher(ast);
        const ids: number[] = [];
        for (const row of ctx.index.rowsByDate()) if (test(row)) ids.push(ctx.index.id(row));
        const [run] = await runAndLog([{ rule, ids }], 'manual');
        return publicRun(run!);
      }),

    async log(id, limit = 20) {
      const n = Math.max(1, Math.min(Math.floor(limit), LOG_PER_RULE));
      return (await readLog())
        .filter((r) => r.ruleId === id)
        .reverse()
        .slice(0, n)
        .map((stored) => {
          // Titles from the in-memory index (no storage read): the log names articles, not ids.
          const run = publicRun(stored);
          const { index } = ctx;
          run.titles = run.itemIds.slice(0, RUN_TITLES).map((id) => {
            const row = index.rowOf(id);
            return row >= 0 && index.isLive(row) ? index.title(row) : null;
          });
          return run;
        });
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
        const state = domains.state();
        if (c.read.length) await state.undo({ flag: 'read', set: true, ids: c.read });
        if (c.saved.length) await state.undo({ flag: 'saved', set: true, ids: c.saved });
        if (c.hidden.length) await setFlag(ctx, c.hidden, FLAG_HIDDEN, false);
        for (const t of c.tags) if (t.ids.length) await state.undo(t);
        const next = log.slice();
        next[at] = { ...run, undone: true };
        await writeLog(next);
        store.changed();
      }),

    configureAi: async (config) => store.serial(() => aiSettings.set(checkAiConfig(config))),

    idle: () => background.idle(),

    // A tag renamed or deleted carries through the rules (ruleTags.ts).
    ...createRuleTags(ctx, store, (query) => evaluator.parse(query).ok, ACTION_TYPES),
  };
}

function newId(): string {
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
