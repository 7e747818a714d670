/**
 * Where rules and their log live: the `meta` store (`rules`, `ruleLog`), a handful of small
 * records read once and cached. Both go into backups like every meta entry (a merge restore
 * renumbers the log's item ids: worker/backup/mergeExtras.ts). Every write goes through
 * `serial`, one at a time.
 */
import { META_KEYS } from '../db/meta';
import type { EngineContext } from '../engineContext';
import type { UndoToken } from '../types';
import { readPending, settlePending } from './pending';
import type { Rule, RuleRun } from './types';

/** What a run changed, kept beside the run in the log for `undoRun`. */
export interface RunChanges {
  read: number[];
  saved: number[];
  hidden: number[];
  /** Undo tokens of the tag actions (tags domain), taken back by `state.undo`. */
  tags: UndoToken[];
}

/** A run as the log keeps it. */
export interface StoredRun extends RuleRun {
  changes?: RunChanges;
}

/** Runs kept per rule in the log. */
export const LOG_PER_RULE = 50;

/** Builds the store; `onRulesChanged` runs after every write of the rules (and after a restore). */
export function createRuleStore(ctx: EngineContext, onRulesChanged: () => void) {
  let rulesCache: Promise<Rule[]> | null = null;
  let logCache: Promise<StoredRun[]> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const changed = () => ctx.events.emit({ type: 'rules-changed' }, ctx.applied.counter);

  ctx.events.on((event) => {
    // A restore or clear-all rewrote the meta store (both emit groups-changed).
    if (event.type !== 'groups-changed') return;
    rulesCache = logCache = null;
    onRulesChanged();
  });

  /** After rules (numbered in order) were written, maybe in a transaction of another domain: cache and tell. */
  const wroteRules = (ordered: Rule[]): void => {
    rulesCache = Promise.resolve(ordered);
    onRulesChanged();
    changed();
  };
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
  // `settled`: the pending records (pending.ts) of the new articles the runs logged here were for,
  // deleted in the same transaction, so a run is either logged and settled or run again at a start.
  const writeLog = async (log: StoredRun[], settled: readonly string[] = []) => {
    if (settled.length === 0) await ctx.stores.meta.set(META_KEYS.ruleLog, log);
    else
      await ctx.db.tx('update', 'rw', ['meta'], () =>
        Promise.all([
          ctx.db.table('meta').put({ key: META_KEYS.ruleLog, value: log }),
          settlePending(ctx.db, settled),
        ]),
      );
    logCache = Promise.resolve(log);
  };

  /** Deletes the pending records `keys` (pending.ts). */
  const settle = (keys: readonly string[]): Promise<void> =>
    keys.length === 0
      ? Promise.resolve()
      : ctx.db.tx('update', 'rw', ['meta'], async () => void (await settlePending(ctx.db, keys)));

  return {
    serial,
    readRules,
    readLog,
    writeLog,
    changed,
    async writeRules(rules: Rule[]): Promise<void> {
      const ordered = rules.map((r, i) => ({ ...r, order: i }));
      await ctx.stores.meta.set(META_KEYS.rules, ordered);
      wroteRules(ordered);
    },
    wroteRules,
    /**
     * Adds runs to the log, keeping the newest LOG_PER_RULE of each rule, and deletes the
     * pending records `settled`. Call inside `serial`.
     */
    async appendRuns(runs: StoredRun[], settled: readonly string[] = []): Promise<void> {
      if (runs.length === 0) return settle(settled);
      const log = [...(await readLog()), ...runs];
      const perRule = new Map<string, number>();
      const kept: StoredRun[] = [];
      for (let i = log.length - 1; i >= 0; i--) {
        const run = log[i]!;
        const n = (perRule.get(run.ruleId) ?? 0) + 1;
        perRule.set(run.ruleId, n);
        if (n <= LOG_PER_RULE) kept.push(run);
      }
      await writeLog(kept.reverse(), settled);
      changed();
    },
    settle,
    /** The pending records (pending.ts). */
    pending: () => ctx.db.tx('fetch', 'r', ['meta'], () => readPending(ctx.db)),
    async nextRunId(): Promise<number> {
      return (await readLog()).reduce((m, r) => Math.max(m, r.id), 0) + 1;
    },
    /** Adds notes to a logged run (background actions that failed); nothing when it left the log. */
    note: (runId: number, notes: string[]): Promise<void> =>
      serial(async () => {
        const log = await readLog();
        const at = log.findIndex((r) => r.id === runId);
        if (at < 0) return;
        const next = log.slice();
        next[at] = { ...log[at]!, notes: [...(log[at]!.notes ?? []), ...notes] };
        await writeLog(next);
        changed();
      }),
  };
}

/** A run as the UI gets it (without its undo records). */
export function publicRun(run: StoredRun): RuleRun {
  const { changes: _changes, ...rest } = run;
  return { ...rest, itemIds: rest.itemIds.slice() };
}
