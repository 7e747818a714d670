import { useCallback, useEffect, useRef, useState } from 'react';
import type { AiEndpoint } from '../ai/endpoint';
import { AiError } from '../ai/errors';
import { t } from '../i18n';
import { errorText } from '../i18n/errorText';
import { withEngine } from '../queries/engine';
import type { TranslationSource } from '../engine/contract';
import type { Target } from './languages';
import { translateArticle } from './translateArticle';

/** Where a translation is at. */
export type TranslationStatus =
  'idle' | 'checking' | 'waiting' | 'streaming' | 'done' | 'stopped' | 'same' | 'empty' | 'error';

/** One article's translation as the reader shows it. */
export interface TranslationState {
  status: TranslationStatus;
  /** Translation of paragraph i ('' while it has not arrived). */
  texts: readonly string[];
  /** Served from the IndexedDB cache (no request made). */
  cached: boolean;
  /** The detected language, for `same`. */
  source: string | null;
  error: AiError | null;
}

const IDLE: TranslationState = { status: 'idle', texts: [], cached: false, source: null, error: null };

type Keyed = TranslationState & { key: string };

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** What {@link useTranslation} needs. */
export interface TranslationInput {
  itemId: number;
  /** The version of the text translated (the feed body's hash, or the whole article's). */
  contentHash: string;
  /** The feed's body or the whole article the reader shows. */
  source: TranslationSource;
  /**
   * The texts of the article's translatable paragraphs, read only when needed (a translation is
   * asked for, or one is cached for the article): reading them sanitises the article again, which
   * an article opened and never translated (nearly all of them) should not pay at each j.
   */
  paragraphs: () => readonly string[];
  target: Target;
  endpoint: AiEndpoint;
}

/**
 * One article's translation into one language. Opening the article shows a cached translation
 * at once (one cache read, no AI call); `translate()` checks the language and streams a new one;
 * `cancel()` aborts the request (the paragraphs that arrived stay on screen, unsaved); `hide()`
 * goes back to the original. Changing article or language, or unmounting, aborts.
 */
export function useTranslation(input: TranslationInput) {
  const { itemId, contentHash, target, source } = input;
  const key = `${itemId}|${source}|${contentHash}|${target.tag}`;
  const [keyed, setKeyed] = useState<Keyed>({ ...IDLE, key: '' });
  const state: TranslationState = keyed.key === key ? keyed : IDLE;
  const ctlRef = useRef<AbortController | null>(null);
  const latest = useRef({ ...input, key });
  useEffect(() => {
    latest.current = { ...input, key };
  });

  const translate = useCallback((force = false) => {
    const { itemId: id, paragraphs, target: to, endpoint, key: k, source: from } = latest.current;
    const setState = (next: TranslationState | ((s: TranslationState) => TranslationState)) =>
      setKeyed((prev) => {
        const base = prev.key === k ? prev : { ...IDLE, key: k };
        return { ...(typeof next === 'function' ? next(base) : next), key: k };
      });
    ctlRef.current?.abort();
    const ctl = new AbortController();
    ctlRef.current = ctl;
    setState({ ...IDLE, status: 'checking' });
    translateArticle({
      itemId: id,
      source: from,
      paragraphs: paragraphs(),
      target: to,
      endpoint,
      signal: ctl.signal,
      force,
      onRequest: () => setState({ ...IDLE, status: 'waiting' }),
      onProgress: (texts) => {
        if (!ctl.signal.aborted) setState({ ...IDLE, status: 'streaming', texts });
      },
    }).then(
      (out) => {
        if (ctl.signal.aborted) return;
        if (out.kind === 'done') setState({ ...IDLE, status: 'done', texts: out.texts, cached: out.cached });
        else if (out.kind === 'same') setState({ ...IDLE, status: 'same', source: out.source });
        else setState({ ...IDLE, status: 'empty' });
      },
      (err: unknown) => {
        if (isAbort(err) || ctl.signal.aborted) {
          setState((s) => ({ ...s, status: 'stopped' }));
          return;
        }
        const error =
          err instanceof AiError ? err : new AiError('network', errorText(err), t('ai.errors.tryAgain'));
        const partial = (err as { partial?: unknown }).partial;
        setState({
          ...IDLE,
          status: 'error',
          texts: Array.isArray(partial) ? (partial as string[]) : [],
          error,
        });
      },
    );
  }, []);

  const cancel = useCallback(() => ctlRef.current?.abort(), []);
  const hide = useCallback(() => {
    ctlRef.current?.abort();
    ctlRef.current = null;
    setKeyed({ ...IDLE, key: latest.current.key });
  }, []);

  // A translation cached for this article version and language shows on opening.
  useEffect(() => {
    if (!itemId) return;
    let live = true;
    void withEngine((e) => e.ai.getTranslation(itemId, target.tag, source))
      .catch(() => null)
      .then((hit) => {
        if (!live || ctlRef.current) return;
        if (hit && hit.paragraphs.length === latest.current.paragraphs().length)
          setKeyed({ ...IDLE, key, status: 'done', texts: hit.paragraphs, cached: true });
      });
    return () => {
      live = false;
      ctlRef.current?.abort();
      ctlRef.current = null;
    };
  }, [key, itemId, target.tag, source]);

  return { state, translate, cancel, hide };
}
