/**
 * Which rules match which articles: the enabled rules' parsed queries (built once per change of
 * the rules), their compiled matchers (kept while the rule, the feeds, groups and tag names and,
 * for a query naming NOW, the second stay the same), and the ingest hooks (`ctx.rules`) that run
 * the rules on each batch of new articles and settle the batch's pending record (rules/pending.ts).
 * The matcher is the query planner's own, so a rule matches exactly what `query.run` lists.
 */
import type { EngineContext } from '../engineContext';
import type { QueryAst } from '../query/language/ast';
import { compileMatcher } from '../query/language/plan';
import { usesNow } from '../query/language/validate';
import { needsText, type QueryEvaluator } from '../query/evaluate';
import type { TextIndex } from '../search/textIndex';
import { pendingKey } from './pending';
import type { createRuleStore } from './ruleStore';
import type { Rule, RuleRun } from './types';

/** At most this long (ms) between a run that matched nothing and its articles leaving the pending list. */
export const SETTLE_MS = 500;

type RowTest = (row: number) => boolean;

export interface RuleMatching {
  /** The stored rules changed: the enabled rules are read and parsed again at the next use. */
  rulesChanged(): void;
  /** The rule `id` is gone: its compiled matcher goes too. */
  forget(id: string): void;
  /** A matcher compiled now, over fresh text (when the query reads it) and the current tag names. */
  freshMatcher(ast: QueryAst): Promise<RowTest>;
}

/**
 * Builds the matching side of the rules domain and registers its ingest hooks on `ctx`.
 * `runAndLog` runs matched rules' actions and logs the runs, taking `settled` pending records off
 * the list with them (call inside `serial`).
 */
export function createRuleMatching({
  ctx,
  text,
  evaluator,
  store,
  runAndLog,
}: {
  ctx: EngineContext;
  text: TextIndex;
  evaluator: QueryEvaluator;
  store: ReturnType<typeof createRuleStore>;
  runAndLog: (
    matches: Array<{ rule: Rule; ids: number[] }>,
    trigger: RuleRun['trigger'],
    settled?: readonly string[],
  ) => Promise<unknown>;
}): RuleMatching {
  const { serial, readRules } = store;
  // Bumped by what a compiled matcher holds as it was: feeds and groups, and tag names (a `tags` condition).
  let matcherVersion = 0;
  // Compiled matchers by rule, valid while the key (rule version, matcher version, NOW second) holds.
  const compiled = new Map<string, { key: string; test: RowTest }>();
  let plans: Promise<Array<{ rule: Rule; ast: QueryAst; text: boolean }>> | null = null;

  ctx.events.on((event) => {
    if (event.type === 'feeds-changed' || event.type === 'groups-changed' || event.type === 'tags-changed')
      matcherVersion++;
  });

  const matcherOf = (rule: Rule, ast: QueryAst): RowTest => {
    const now = usesNow(ast) ? Math.floor(ctx.now()) : '';
    const key = `${rule.updatedAt}\u0000${matcherVersion}\u0000${now}\u0000${rule.query}`;
    const cached = compiled.get(rule.id);
    if (cached && cached.key === key) return cached.test;
    const test = compileMatcher(ast, evaluator.source);
    compiled.set(rule.id, { key, test });
    return test;
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
      if (usesText) await text.freshForScan();
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

  // Runs the enabled rules on new articles, then settles the pending records `settled`. Call inside `serial`.
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

  return {
    rulesChanged: () => {
      plans = null;
    },
    forget: (id) => compiled.delete(id),
    freshMatcher: async (ast) => {
      if (needsText(ast)) await text.freshForScan();
      await evaluator.currentTagNames();
      return compileMatcher(ast, evaluator.source);
    },
  };
}
