/**
 * Rules: saved filters that act. Each rule is a filter query plus actions; at ingest every newly
 * added article is tested against the enabled rules in their order and the actions of each rule
 * that matches run (one logged run per rule per ingest batch, with everything it changed, so the
 * run can be undone). The matcher is the query planner's own (`compileMatcher` in
 * query/language/plan.ts), so a rule matches exactly what `query.run` lists for its query.
 *
 * Storage and log: ruleStore.ts. Quick actions: act.ts. Whole article, summary and translation:
 * background.ts, after ingest has returned; their failures are noted in the run afterwards.
 */
import type { AiApi } from '../ai/aiApi';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import type { FetchImpl } from '../formats/fetcher';
import type { FullTextApi } from '../fulltext/fullText';
import type { QueryAst } from '../query/language/ast';
import { compileMatcher } from '../query/language/plan';
import { usesNow } from '../query/language/validate';
import { needsText, QueryEvaluator } from '../query/evaluate';
import type { TextIndex } from '../search/textIndex';
import { setFlag } from '../state/flags';
import type { StateApi } from '../state/readState';
import type { TagsApi } from '../tags/tags';
import { FLAG_HIDDEN } from '../../shared/flags';
import { act } from './act';
import { createRuleTags, type RuleTagsApi } from './ruleTags';
import { createBackground } from './background';
import { checkAiConfig, createAiSettings } from './ruleAi';
import { pendingKey } from './pending';
import { createRuleStore, LOG_PER_RULE, publicRun } from './ruleStore';
import type { Rule, RuleAction, RuleAiConfig, RuleInput, RulePreview, RuleRun } from './types';
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
const DAY = 86_400;

/** At most this long (ms) between a run that matched nothing and its articles leaving the pending list. */
export const SETTLE_MS = 500;

/** Builds the rules domain; registers the ingest hook on the context. */
export function createRulesApi(
  ctx: EngineContext,
  text: TextIndex,
  fetchImpl: FetchImpl,
  domains: RuleDomains,
): RulesApi {
  const evaluator = new QueryEvaluator(ctx, text);
  // Bumped by what a compiled matcher holds as it was: feeds and groups, and tag names (a `tags` condition).
  let matcherVersion = 0;
  // Compiled matchers by rule, valid while the key (rule version, matcher version, NOW second) holds.
  const compiled = new Map<string, { key: string; test: (row: number) => boolean }>();
  let plans: Promise<Array<{ rule: Rule; ast: QueryAst; text: boolean }>> | null = null;
  const store = createRuleStore(ctx, () => (plans = null));
  const { serial, readRules, readLog, writeLog } = store;
  const aiSettings = createAiSettings(ctx);
  const background = createBackground({ ctx, fetchImpl, ...domains, aiSettings, note: store.note });

  // A matcher compiled now, over fresh text (when the query reads it) and the current tag names.
  const freshMatcher = async (ast: QueryAst) => {
    if (needsText(ast)) await text.fresh();
    await evaluator.currentTagNames();
    return compileMatcher(ast, evaluator.source);
  };

  ctx.events.on((event) => {
    if (event.type === 'feeds-changed' || event.type === 'groups-changed' || event.type === 'tags-changed')
      matcherVersion++;
  });

  const parseRuleQuery = (query: string): QueryAst => {
    if (typeof query !== 'string' || query.trim() === '')
      throw new EngineError('bad_query', 'A rule needs a filter query');
    const parsed = evaluator.parse(query);
    if (!parsed.ok)
      throw new EngineError(
        'bad_query',
        `${parsed.error.message} (line ${parsed.error.position.line}, column ${parsed.error.position.column})`,
        {
          position: parsed.error.position,
          expected: parsed.error.expected,
          before: parsed.error.before,
          found: parsed.error.found,
        },
      );
    if (parsed.query.limit !== null)
      throw new EngineError('bad_query', 'A rule acts on each matching article: remove LIMIT from its query');
    return parsed.query;
  };

  const matcherOf = (rule: Pick<Rule, 'query'> & { id?: string; updatedAt?: number }, ast: QueryAst) => {
    const now = usesNow(ast) ? Math.floor(ctx.now()) : '';
    const key = `${rule.updatedAt ?? ''}\u0000${matcherVersion}\u0000${now}\u0000${rule.query}`;
    const cached = rule.id ? compiled.get(rule.id) : undefined;
    if (cached && cached.key === key) return cached.test;
    const test = compileMatcher(ast, evaluator.source);
    if (rule.id) compiled.set(rule.id, { key, test });
    return test;
  };

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

  // The enabled rules with their parsed queries, built once per change of the rules.
  // A failed read is not kept: the next ingest reads again.
  const enabledPlans = () => {
    if (plans) return plans;
    const built = readRules().then((rules) => {
      const out: Array<{ rule: Rule; ast: QueryAst; text: boolean }> = [];
      for (const rule of rules) {
        if (!rule.enabled) continue;
        const parsed = evaluator.parse(rule.query);
        // A query stored before a language change made it invalid matches nothing.
        if (parsed.ok) out.push({ rule, ast: parsed.query, text: needsText(parsed.query) });
      }
      return out;
    });
    built.catch(() => plans === built && (plans = null));
    return (plans = built);
  };

  // Which enabled rules match which of the new articles: rules see what earlier rules did, so an
  // article one hides is out of the later ones.
  const matchNew = async (added: number[]) => {
    const matches: Array<{ rule: Rule; ids: number[] }> = [];
    if (added.length === 0) return matches;
    const hidden = new Set<number>();
    const enabled = await enabledPlans();
    // The tag names a `tags` condition compares with (one meta read after a tags change).
    if (enabled.length > 0) await evaluator.currentTagNames();
    for (const { rule, ast, text: usesText } of enabled) {
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
    return matches;
  };

  // The pending records (rules/pending.ts) of runs that matched nothing, deleted with the next
  // run's log write or within SETTLE_MS, not in a transaction of their own after every ingest. A
  // start before that runs the rules on those articles again, which match nothing again unless
  // the rules changed in between.
  let unsettled = new Set<string>();
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  const takeUnsettled = () => {
    const keys = [...unsettled];
    unsettled = new Set();
    return keys;
  };
  const settleLater = (keys: readonly string[]) => {
    if (keys.length === 0) return;
    for (const key of keys) unsettled.add(key);
    settleTimer ??= setTimeout(() => {
      settleTimer = null;
      if (!ctx.db.dexie.isOpen()) return;
      serial(() => store.settle(takeUnsettled())).catch((err: unknown) =>
        console.warn('Rivulet: the rules’ pending records were not deleted', err),
      );
    }, SETTLE_MS);
  };

  /** Runs the enabled rules on new articles, then settles the pending records `settled`. Call inside `serial`. */
  const runNew = async (added: number[], settled: readonly string[]) => {
    const matches = await matchNew(added);
    if (matches.length) await runAndLog(matches, 'ingest', [...settled, ...takeUnsettled()]);
    else settleLater(settled);
  };

  // The pending records of the ingests whose run is queued (they called `afterIngest`): a resumed
  // run leaves them to it, though it may read them.
  const queued = new Set<string>();
  ctx.rules = {
    // Unreadable rules list the articles (a run then reads the rules again).
    wanted: () =>
      enabledPlans().then(
        (list) => list.length > 0,
        () => true,
      ),
    afterIngest(added, listed) {
      const key = pendingKey(added);
      if (listed) queued.add(key);
      return serial(() => runNew(added, listed ? [key] : [])).finally(() => {
        if (listed) queued.delete(key);
      });
    },
    // Articles gone since they were listed are only settled.
    resume: () =>
      serial(async () => {
        const records = (await store.pending()).filter((r) => !queued.has(r.key) && !unsettled.has(r.key));
        if (records.length === 0) return;
        const ids = records.flatMap((r) => r.ids).filter((id) => ctx.index.rowOf(id) >= 0);
        await runNew(
          ids,
          records.map((r) => r.key),
        );
      }),
  };

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
        compiled.delete(id);
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
      const ast = parseRuleQuery(clean.query);
      const days = Math.max(1, Math.min(Math.floor(opts.days ?? 30), 3650));
      const want = Math.max(0, Math.min(Math.floor(opts.sample ?? 10), 100));
      const test = await freshMatcher(ast);
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
        const test = await freshMatcher(ast);
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
