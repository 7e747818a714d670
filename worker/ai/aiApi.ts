import type { SummaryRecord } from '../db/schema';
import type { EngineContext } from '../engineContext';
import { EngineError } from '../errors';
import { summaryKey, type SummaryKeyParts } from './summaryKey';
import { createTitleTranslationApi, type TitleTranslationApi } from './titleTranslation';
import { createTranslationApi, type TranslationApi } from './translation';

/** A cached summary as the UI gets it. */
export type CachedSummary = Pick<SummaryRecord, 'text' | 'model' | 'createdAt'>;

/**
 * The `ai` domain: the IndexedDB cache of AI summaries and translations (articles and list
 * titles), the language check before a translation, and the feeds' title-translation switch (the model calls happen in the UI).
 */
export interface AiApi extends TranslationApi, TitleTranslationApi {
  /** The summary cached for exactly this article version, model and prompt, or null. One get. */
  getSummary(parts: SummaryKeyParts): Promise<CachedSummary | null>;
  /**
   * Caches `text` for this article version, model and prompt (replacing an older one with the
   * same key). Fails: EngineError('bad_summary') for empty text, storage errors.
   */
  putSummary(parts: SummaryKeyParts, text: string): Promise<void>;
  /** Forgets every summary of these items (regenerate, item deleted). Returns how many went. */
  deleteSummaries(itemIds: number[]): Promise<number>;
}

/** Builds the `ai` domain over an engine context. */
export function createAiApi(ctx: EngineContext): AiApi {
  const table = () => ctx.db.table('summaries');
  return {
    ...createTranslationApi(ctx),
    ...createTitleTranslationApi(ctx),
    getSummary: (parts) =>
      ctx.db.run('fetch', async () => {
        const rec = await table().get(summaryKey(parts));
        return rec ? { text: rec.text, model: rec.model, createdAt: rec.createdAt } : null;
      }),
    async putSummary(parts, text) {
      if (typeof text !== 'string' || text.trim() === '')
        throw new EngineError('bad_summary', 'An empty summary is not cached');
      const record: SummaryRecord = {
        key: summaryKey(parts),
        itemId: parts.itemId,
        text,
        model: parts.model,
        createdAt: ctx.now(),
      };
      await ctx.db.run('update', () => table().put(record));
    },
    deleteSummaries: (itemIds) => ctx.db.run('delete', () => table().where('itemId').anyOf(itemIds).delete()),
  };
}
