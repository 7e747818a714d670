import { useCallback, useEffect, useRef, useState } from 'react';
import type { Item } from '../engine/contract';
import { t } from '../i18n';
import { withEngine } from '../queries/engine';
import { articleMarkdown } from './articleText';
import { streamChat } from './chat';
import type { AiEndpoint } from './endpoint';
import { AiError } from './errors';
import type { Limiter } from './limiter';
import { buildSummaryMessages } from './prompts';

/** Where a summary is at. */
export type SummaryStatus = 'idle' | 'checking' | 'waiting' | 'streaming' | 'done' | 'stopped' | 'error';

/** State of one article's summary. */
export interface SummaryState {
  status: SummaryStatus;
  text: string;
  /** Served from the IndexedDB cache (no request made). */
  cached: boolean;
  error: AiError | null;
}

/** What {@link useSummary} needs. `item` null = nothing yet (e.g. the body is loading). */
export interface SummaryInput {
  item: Pick<Item, 'id' | 'title' | 'description' | 'link' | 'contentHash'> | null;
  feedTitle: string;
  endpoint: AiEndpoint;
  prompt: string;
  budget: number;
  /** Start a request when there is no cached summary (list summaries); else wait for `generate()`. */
  auto?: boolean;
  /** Shared concurrency limit (list summaries). */
  limiter?: Limiter;
}

const IDLE: SummaryState = { status: 'idle', text: '', cached: false, error: null };

type Keyed = SummaryState & { key: string };

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/**
 * One article's AI summary: looks in the cache first (by item, content hash, model and prompt),
 * streams a new one on `generate()` (or at once with `auto`), caches it when complete. `stop()`
 * and unmounting or changing the article abort the request. Never throws; failures end in
 * `status: 'error'` with an AiError.
 */
export function useSummary(input: SummaryInput) {
  const { item, feedTitle, endpoint, prompt, budget, auto = false, limiter } = input;
  const model = endpoint.kind === 'none' ? '' : endpoint.model;
  const itemId = item?.id ?? 0;
  const contentHash = item?.contentHash ?? '';
  const key = `${itemId}|${contentHash}|${model}|${prompt}`;
  // State belongs to one key: after a change of article, model or prompt the old state is
  // simply not shown (no reset inside an effect).
  const [keyed, setKeyed] = useState<Keyed>({ ...IDLE, key: '' });
  const state: SummaryState =
    keyed.key === key ? keyed : { ...IDLE, status: itemId && model ? 'checking' : 'idle' };
  const ctlRef = useRef<AbortController | null>(null);
  // The latest inputs, read by generate() without re-creating it on every render.
  const latest = useRef({ item, feedTitle, endpoint, prompt, budget, limiter, key });
  useEffect(() => {
    latest.current = { item, feedTitle, endpoint, prompt, budget, limiter, key };
  });

  const generate = useCallback(() => {
    const {
      item: it,
      feedTitle: feed,
      endpoint: ep,
      prompt: p,
      budget: b,
      limiter: lim,
      key: k,
    } = latest.current;
    if (!it) return;
    const setState = (next: SummaryState | ((s: SummaryState) => SummaryState)) =>
      setKeyed((prev) => {
        const base = prev.key === k ? prev : { ...IDLE, key: k };
        return { ...(typeof next === 'function' ? next(base) : next), key: k };
      });
    ctlRef.current?.abort();
    const ctl = new AbortController();
    ctlRef.current = ctl;
    if (ep.kind === 'none') {
      setState({
        status: 'error',
        text: '',
        cached: false,
        error: new AiError('not_configured', t('ai.errors.notConfigured'), t('ai.errors.addEndpoint')),
      });
      return;
    }
    setState({ status: 'waiting', text: '', cached: false, error: null });
    const run = async () => {
      const messages = buildSummaryMessages(
        { title: it.title, feedTitle: feed, markdown: articleMarkdown(it) },
        p,
        b,
      );
      const text = await streamChat(
        ep,
        messages,
        (t) => {
          if (!ctl.signal.aborted) setState({ status: 'streaming', text: t, cached: false, error: null });
        },
        { signal: ctl.signal },
      );
      return text;
    };
    (lim ? lim.run(run, ctl.signal) : run()).then(
      async (text) => {
        if (ctl.signal.aborted) return;
        setState({ status: 'done', text, cached: false, error: null });
        if (text.trim()) {
          const parts = { itemId: it.id, contentHash: it.contentHash, model: ep.model, prompt: p };
          await withEngine((e) => e.ai.putSummary(parts, text)).catch((err: unknown) =>
            console.warn('AI summary not cached', err),
          );
        }
      },
      (err: unknown) => {
        if (isAbort(err) || ctl.signal.aborted) {
          setState((s) =>
            s.status === 'streaming' || s.status === 'waiting' ? { ...s, status: 'stopped' } : s,
          );
          return;
        }
        const error =
          err instanceof AiError
            ? err
            : new AiError(
                'network',
                err instanceof Error ? err.message : String(err),
                t('ai.errors.tryAgain'),
              );
        const partial = (err as { partial?: unknown }).partial;
        setState({ status: 'error', text: typeof partial === 'string' ? partial : '', cached: false, error });
      },
    );
  }, []);

  const stop = useCallback(() => ctlRef.current?.abort(), []);

  // Cache lookup whenever the article version, model or prompt changes; abort on leave.
  useEffect(() => {
    if (!itemId || !model) return;
    let live = true;
    void withEngine((e) => e.ai.getSummary({ itemId, contentHash, model, prompt }))
      .catch(() => null)
      .then((hit) => {
        if (!live) return;
        // A request started meanwhile (`g` pressed while the lookup was out) owns this key's
        // state: the late answer of the lookup must not hide it or its finished summary.
        if (ctlRef.current) return;
        if (hit) setKeyed({ key, status: 'done', text: hit.text, cached: true, error: null });
        else if (auto) generate();
        else setKeyed({ ...IDLE, key });
      });
    return () => {
      live = false;
      ctlRef.current?.abort();
      ctlRef.current = null;
    };
  }, [key, itemId, contentHash, model, prompt, auto, generate]);

  return { state, generate, stop };
}
