/**
 * Translating one article, without React: cache first, then the language check, then the model
 * (batch by batch, streamed), then the cache again. The reader's hook runs it; anything else that
 * wants an article translated (a rule action, a bulk command) can call it the same way.
 */
import { streamChat } from '../ai/chat';
import type { AiEndpoint } from '../ai/endpoint';
import { AiError } from '../ai/errors';
import { t } from '../i18n';
import { withEngine } from '../queries/engine';
import { batches, buildTranslateMessages, parseNumbered } from './prompt';
import type { TranslationSource } from '../engine/contract';
import type { Target } from './languages';

/** How a translation run ended. */
export type TranslateOutcome =
  /** `texts[i]` translates paragraph i ('' where the model gave nothing). */
  | { kind: 'done'; texts: string[]; cached: boolean }
  /** Already in the target language (detected `source`): no call was made. */
  | { kind: 'same'; source: string }
  /** No paragraph with text. */
  | { kind: 'empty' };

/** What {@link translateArticle} needs. */
export interface TranslateInput {
  itemId: number;
  /** Which text the paragraphs come from: the feed's body (default) or the whole article shown. */
  source?: TranslationSource;
  /** The texts of the article's translatable paragraphs (paragraphs.ts), in order. */
  paragraphs: readonly string[];
  target: Target;
  endpoint: AiEndpoint;
  /** The translations so far, by paragraph (called as the answer streams). */
  onProgress?: (texts: readonly string[]) => void;
  /** Called once the check is done and a model call starts. */
  onRequest?: () => void;
  signal?: AbortSignal;
  /** Translate even when the article seems to be in the target language already. */
  force?: boolean;
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('Translation cancelled', 'AbortError');
}

/**
 * Translates an article into `target`: a cached translation of this article version is returned
 * with no call; an article the engine detects to be in the target language comes back as `same`
 * with no call; otherwise the paragraphs go to the endpoint in batches (one request at a time)
 * and a complete translation is cached. Rejects with AiError (not configured, endpoint errors;
 * `partial` holds the texts that arrived), an AbortError when `signal` aborts, or the engine's
 * error.
 */
export async function translateArticle(input: TranslateInput): Promise<TranslateOutcome> {
  const { itemId, paragraphs, target, endpoint, signal, source = 'feed' } = input;
  const check = await withEngine((e) => e.ai.checkTranslation(itemId, target.tag, source));
  aborted(signal);
  if (check.cached && check.cached.paragraphs.length === paragraphs.length)
    return { kind: 'done', texts: check.cached.paragraphs, cached: true };
  if (check.same && check.source && !input.force) return { kind: 'same', source: check.source };
  if (paragraphs.length === 0) return { kind: 'empty' };
  if (endpoint.kind === 'none')
    throw new AiError('not_configured', t('ai.errors.notConfigured'), t('ai.errors.addEndpoint'));
  input.onRequest?.();
  const texts: string[] = paragraphs.map(() => '');
  try {
    for (const batch of batches(paragraphs)) {
      const messages = buildTranslateMessages(batch, target.english, target.tag);
      const onText = (answer: string) => {
        for (const [i, text] of parseNumbered(answer, paragraphs.length)) texts[i] = text;
        input.onProgress?.([...texts]);
      };
      onText(await streamChat(endpoint, messages, onText, { signal, temperature: 0.2 }));
      aborted(signal);
    }
  } catch (err) {
    if (err instanceof AiError) Object.assign(err, { partial: [...texts] });
    throw err;
  }
  if (texts.every((text) => text !== ''))
    await withEngine((e) => e.ai.putTranslation(itemId, target.tag, texts, endpoint.model, source)).catch(
      (err: unknown) => console.warn('Translation not cached', err),
    );
  return { kind: 'done', texts, cached: false };
}
