import { EngineError } from '../errors';
import { displayTitle, snippetAfterTitle } from '../items/derivedTitle';
import type { ItemRow } from '../types';
import type { StoredItem } from './schema';

/** Default page size of every list. */
export const PAGE_SIZE = 50;

/** A keyset position: the last row of the previous page. Order is pubDate desc, then id desc. */
export interface CursorKey {
  pubDate: number;
  id: number;
}

/** Encodes the position after `row` as an opaque cursor string. */
export function encodeCursor(key: CursorKey): string {
  return `${key.pubDate}:${key.id}`;
}

/** Parses a cursor made by `encodeCursor`; throws EngineError('bad_cursor') on anything else. */
export function decodeCursor(cursor: string): CursorKey {
  const match = /^(-?\d+(?:\.\d+)?):(\d+)$/.exec(cursor);
  if (!match) throw new EngineError('bad_cursor', `Invalid page cursor: ${cursor.slice(0, 40)}`);
  return { pubDate: Number(match[1]), id: Number(match[2]) };
}

/** True when (pubDate, id) comes strictly after the cursor in newest-first order. */
export function isAfter(pubDate: number, id: number, key: CursorKey): boolean {
  return pubDate < key.pubDate || (pubDate === key.pubDate && id < key.id);
}

/**
 * The list-row view of a stored item: never the description. An item without a title gets one
 * made from its snippet (`titleDerived`, see items/derivedTitle.ts), and the snippet then goes
 * on from where that title ends.
 */
export function toItemRow(item: StoredItem): ItemRow {
  const shown = item.title ? null : displayTitle(item.title, item.snippet ?? '', item.enclosure?.url);
  const row: ItemRow = {
    id: item.id,
    feedId: item.feedId,
    title: shown ? shown.title : item.title,
    author: item.author,
    pubDate: item.pubDate,
    link: item.link,
    flags: item.flags,
    snippet: item.snippet ?? '',
    thumbnail: item.thumbnail ?? '',
    enclosureType: item.enclosure?.type ?? '',
  };
  if (item.tags?.length) row.tags = item.tags;
  if (item.language) row.language = item.language;
  if (shown?.derived) {
    row.titleDerived = true;
    if (item.snippet) row.snippet = snippetAfterTitle(item.snippet, shown.title);
  }
  return row;
}
