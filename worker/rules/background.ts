/**
 * The slow rule actions — load the whole article, summarise, translate — run here, after the run
 * is logged and ingest has returned: a few articles at a time, each article's actions in the
 * rule's order (so a summary after "load full article" reads the whole article). Every action is
 * tried once per run; what failed is added to the run's notes with its reason, and nothing is
 * retried by itself (a whole-article failure is cached by the fullText domain, so a later run
 * does not fetch the page again either).
 *
 * Results go where the reader looks: whole articles into the fullText domain, summaries and
 * translations into the `ai` domain's cache under the reader's own keys, so opening the article
 * shows them without a new call.
 */
import type { AiApi } from '../ai/aiApi';
import type { EngineContext } from '../engineContext';
import type { FetchImpl } from '../formats/fetcher';
import type { FullTextApi } from '../fulltext/fullText';
import { chat, RuleAiError, summaryMessages } from './ruleAi';
import type { createAiSettings } from './ruleAi';
import { translateItem } from './translateItem';
import type { RuleAction } from './types';

/** Articles worked on at once (whole-article fetches and AI calls alike). */
export const BACKGROUND_CONCURRENCY = 2;

/** The action types that run here. */
export const BACKGROUND_ACTIONS = new Set<RuleAction['type']>(['loadFullText', 'summarize', 'translate']);

/** What the background work uses. */
export interface BackgroundDeps {
  ctx: EngineContext;
  fetchImpl: FetchImpl;
  fullText: () => FullTextApi;
  ai: () => AiApi;
  aiSettings: ReturnType<typeof createAiSettings>;
  /** Adds notes to a logged run. */
  note: (runId: number, notes: string[]) => Promise<void>;
}

/** Builds the background runner. */
export function createBackground(deps: BackgroundDeps) {
  const { ctx } = deps;
  const waiting: Array<() => Promise<void>> = [];
  let active = 0;
  let runs = 0;
  let idleWaiters: Array<() => void> = [];
  const settle = () => {
    if (runs > 0 || active > 0 || waiting.length > 0) return;
    const all = idleWaiters;
    idleWaiters = [];
    for (const resolve of all) resolve();
  };
  const pump = () => {
    while (active < BACKGROUND_CONCURRENCY && waiting.length > 0) {
      const task = waiting.shift()!;
      active++;
      void task().finally(() => {
        active--;
        pump();
        settle();
      });
    }
  };
  const limited = <T>(fn: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => fn().then(resolve, reject));
      pump();
    });

  /** One action on one article; rejects with the reason when it did not happen. */
  const perform = async (action: RuleAction, itemId: number): Promise<void> => {
    if (action.type === 'loadFullText') {
      const view = await deps.fullText().load(itemId);
      if (view.status !== 'ok') throw new RuleAiError(view.reason || 'no article found on the page');
      return;
    }
    const item = await ctx.stores.items.get(itemId);
    if (!item) return; // deleted meanwhile: nothing to do
    const config = await deps.aiSettings.get();
    const { endpoint } = config;
    if (endpoint.kind === 'none') throw new RuleAiError('no AI endpoint is set up');
    if (action.type === 'summarize') {
      const parts = {
        itemId,
        contentHash: item.contentHash,
        model: endpoint.model,
        prompt: config.summaryPrompt,
      };
      if (!config.summaryPrompt.trim()) throw new RuleAiError('no summary prompt is set');
      if (await deps.ai().getSummary(parts)) return;
      const whole = await deps.fullText().get(itemId);
      const html = whole?.status === 'ok' ? whole.html : item.description;
      const feedTitle = ctx.feedCache.get(item.feedId)?.title ?? '';
      const text = await chat(
        deps.fetchImpl,
        endpoint,
        summaryMessages({ title: item.title, feedTitle, html }, config.summaryPrompt),
        0.3,
      );
      await deps.ai().putSummary(parts, text);
      return;
    }
    if (action.type === 'translate') {
      const target = action.lang ? { tag: action.lang, english: action.lang } : config.language;
      if (!target.tag) throw new RuleAiError('no translation language is set');
      await translateItem({ fetchImpl: deps.fetchImpl, ai: deps.ai, item, endpoint, target });
    }
  };

  return {
    /**
     * Starts the slow actions of a logged run over its articles; returns at once. Failures are
     * counted per action and noted in the run, as "summarize: 2 of 5 failed (reason)".
     */
    start(runId: number, actions: RuleAction[], ids: number[]): void {
      const slow = actions.filter((a) => BACKGROUND_ACTIONS.has(a.type));
      if (slow.length === 0 || ids.length === 0) return;
      runs++;
      const failed = slow.map(() => ({ count: 0, reasons: new Set<string>() }));
      const one = (id: number) =>
        limited(async () => {
          for (const [k, action] of slow.entries()) {
            if (ctx.db.lost) return;
            try {
              await perform(action, id);
            } catch (err) {
              failed[k]!.count++;
              failed[k]!.reasons.add(err instanceof Error ? err.message : String(err));
            }
          }
        });
      void Promise.all(ids.map(one))
        .then(async () => {
          const notes = slow.flatMap((a, k) => {
            const f = failed[k]!;
            if (f.count === 0) return [];
            return [
              `${a.type}: ${f.count} of ${ids.length} failed (${[...f.reasons].slice(0, 3).join('; ')})`,
            ];
          });
          if (notes.length) await deps.note(runId, notes);
        })
        .catch((err: unknown) => {
          if (!ctx.db.lost) console.warn('Rivulet: rule actions not noted', err);
        })
        .finally(() => {
          runs--;
          settle();
        });
    },
    /** Resolves when no slow action is queued or running (tests). */
    idle: (): Promise<void> =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settle();
      }),
  };
}
