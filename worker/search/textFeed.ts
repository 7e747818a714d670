/**
 * The hand-over from writers to the text index: ingest has just built each item's searchable
 * text (one HTML parse for snippet and text together), so it offers the items here instead of
 * the text index reading them back from IndexedDB and parsing them again. A registry keyed by
 * the engine context keeps the items domain free of a dependency on search.
 */
import type { EngineContext } from '../engineContext';
import { MAX_TEXT_CHARS, plainTextLower } from '../query/language/textColumn';

/**
 * Whole-article texts (worker/fulltext) that stand in for an item's description in the index.
 * `has` is synchronous and cheap; `textsOf` reads only the ids that have one.
 */
export interface FullTextSource {
  has(id: number): boolean;
  textsOf(ids: number[]): Promise<Map<number, string>>;
  /** Every item with a whole article. */
  ids(): Promise<number[]>;
}

/** One written item as the text index needs it. `plainLower` is `plainTextLower(description)`. */
export interface OfferedText {
  id: number;
  feedId: number;
  pubDate: number;
  title: string;
  author: string;
  plainLower: string;
}

/** An item's searchable fields with its searchable text (`plainLower`). */
export function offeredText(
  item: Pick<OfferedText, 'id' | 'feedId' | 'pubDate'> & { title?: string; author?: string },
  plainLower: string,
): OfferedText {
  const { id, feedId, pubDate } = item;
  return { id, feedId, pubDate, title: item.title ?? '', author: item.author ?? '', plainLower };
}

/**
 * The searchable text of a stored item: its whole article's text when given (lower-cased, cut
 * as the description's is), else `plainTextLower(description)`. Cost: one HTML parse.
 */
export function searchableText(item: { description?: string }, wholeText?: string): string {
  return wholeText !== undefined
    ? wholeText.toLowerCase().slice(0, MAX_TEXT_CHARS)
    : plainTextLower(item.description ?? '');
}

/** Receives offered items (the engine's TextIndex). */
export interface TextSink {
  offer(items: OfferedText[]): void;
}

const sinks = new WeakMap<EngineContext, TextSink>();

/** Makes `sink` the receiver of items written through `ctx` (one per engine). */
export function registerTextSink(ctx: EngineContext, sink: TextSink): void {
  sinks.set(ctx, sink);
}

/**
 * Hands just-committed items to the engine's text index, if it has one. Call after the
 * write's events were emitted (so the index can tell these versions are the newest). O(items).
 */
export function offerText(ctx: EngineContext, items: OfferedText[]): void {
  if (items.length) sinks.get(ctx)?.offer(items);
}
