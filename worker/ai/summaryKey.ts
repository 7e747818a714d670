import { hashString } from '../../shared/hash';

/** What a cached summary depends on: the article version, the model and the prompt. */
export interface SummaryKeyParts {
  itemId: number;
  /** `Item.contentHash`: changes when the feed changes the article. */
  contentHash: string;
  model: string;
  /** The full instruction sent with the article (summary prompt, list prompt, …). */
  prompt: string;
}

/**
 * The `summaries` store key: `itemId:contentHash:promptHash:model`. Any change of article
 * content, model or prompt gives another key, so a stale summary is never served. The model
 * name is kept readable (it may contain ':' — the item id and hashes before it are fixed-shape,
 * so keys cannot collide). Cost: one hash of the prompt. Throws on a non-positive item id.
 */
export function summaryKey(parts: SummaryKeyParts): string {
  if (!Number.isInteger(parts.itemId) || parts.itemId <= 0) throw new Error(`Bad item id ${parts.itemId}`);
  return `${parts.itemId}:${parts.contentHash}:${hashString(parts.prompt)}:${parts.model}`;
}
