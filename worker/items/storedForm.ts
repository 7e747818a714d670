/**
 * The stored form of the articles a feed hands in, one article at a time: their dedupe key
 * (what makes two fetches the same article), the record as stored (one-byte copies, clean link,
 * the prior record's id, flags, tags and first-seen kept) with its content hash, snippet,
 * thumbnail and searchable text. No storage here: ingest.ts runs the transaction that decides
 * which articles are new, changed or unchanged and writes them.
 */
import { cleanUrl } from '../../shared/cleanUrl';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { hashString } from '../../shared/hash';
import type { StoredItem } from '../db/schema';
import { offeredText, type OfferedText } from '../search/textFeed';
import type { IncomingItem } from '../types';
import { oneByte } from './ingestStrings';
import { extractItemText, type ItemText } from './snippet';

/** An incoming article, deduplicated, with what ingest makes of it once needed. */
export interface Prepared {
  raw: IncomingItem;
  dedupeKey: string;
  /**
   * The item as stored (one-byte copies, clean link) and its content hash, made when first
   * needed (`finish`): inside the transaction, only for articles that are written or compared.
   */
  item?: IncomingItem;
  contentHash?: string;
  /** Snippet, thumbnail and searchable text, once parsed. */
  extract?: ItemText;
}

/** Dedupe key within a feed: the guid, else the link, else a hash of the content. */
export function dedupeKeyOf(item: IncomingItem): string {
  const guid = item.guid.trim();
  if (guid) return guid;
  const link = item.link.trim();
  if (link) return link;
  return `hash:${hashString(`${item.title}\u0000${item.description}\u0000${item.enclosure?.url ?? ''}`)}`;
}

/** Hash of everything shown to the reader, to update a re-seen item only when it changed. */
export function contentHashOf(item: IncomingItem): string {
  return hashString(
    JSON.stringify([item.title, item.author, item.description, item.link, item.pubDate, item.enclosure]),
  );
}

// The incoming articles by dedupe key; the first occurrence wins (feeds list newest first, and
// a repeat in one body is noise).
export function prepare(incoming: IncomingItem[]): Prepared[] {
  const byKey = new Map<string, Prepared>();
  for (const raw of incoming) {
    const dedupeKey = dedupeKeyOf(raw);
    if (!byKey.has(dedupeKey)) byKey.set(dedupeKey, { raw, dedupeKey });
  }
  return [...byKey.values()];
}

// The stored form of an incoming article and its content hash.
export function finish(p: Prepared): { item: IncomingItem; contentHash: string } {
  // The dedupe key keeps the link as the feed gives it, so guid-less items stored before links
  // were cleaned keep their identity; what is stored (and hashed) is the clean link, so a
  // tracking parameter that changes between fetches does not rewrite the item.
  // One-byte copies where the text allows (ingestStrings.ts): a feed with one CJK title would
  // otherwise store every description at two bytes a character.
  const { raw } = p;
  p.item ??= {
    ...raw,
    guid: oneByte(raw.guid),
    title: oneByte(raw.title),
    author: oneByte(raw.author),
    description: oneByte(raw.description),
    link: oneByte(cleanUrl(raw.link)),
  };
  p.contentHash ??= contentHashOf(p.item);
  return { item: p.item, contentHash: p.contentHash };
}

// Searchable text of the items being written, by record (handed to the text index after commit).
export type TextOf = Map<StoredItem, string>;

export function toStored(
  p: Prepared,
  feedId: number,
  prior: StoredItem | undefined,
  now: number,
  texts: TextOf,
): StoredItem {
  const { item, contentHash } = finish(p);
  const extract = (p.extract ??= extractItemText(item.description, item.link));
  const enclosureImage =
    item.enclosure?.image || (item.enclosure?.type.startsWith('image/') ? item.enclosure.url : '');
  const firstSeen = prior?.firstSeen ?? now;
  const stored = {
    ...(prior ? { id: prior.id } : {}),
    feedId,
    guid: item.guid,
    title: item.title,
    author: item.author,
    description: item.description,
    // Undated items keep the time first seen, so a re-fetch never moves them to the top.
    pubDate: item.pubDate ?? prior?.pubDate ?? firstSeen,
    link: item.link,
    enclosure: item.enclosure,
    flags: prior?.flags ?? initialFlags(item),
    // The user's tags stay when the feed updates the article.
    ...(prior?.tags?.length ? { tags: prior.tags } : {}),
    dedupeKey: p.dedupeKey,
    contentHash,
    firstSeen,
    snippet: extract.snippet,
    thumbnail: extract.thumbnail || enclosureImage,
  } as StoredItem;
  // Only where it differs from the feed's (the normalisers leave it out otherwise): a field read
  // for most articles, and no spread in the literal above.
  if (item.language) stored.language = item.language;
  texts.set(stored, extract.plainLower);
  return stored;
}

/** The state a new article starts in: the read and saved bits of `item.flags`, else none. */
function initialFlags(item: IncomingItem): number {
  const f = item.flags;
  return typeof f === 'number' && Number.isInteger(f) ? f & (FLAG_READ | FLAG_SAVED) : 0;
}

/** The written records with their searchable text, for the text index. */
export function offered(items: StoredItem[], texts: TextOf): OfferedText[] {
  return items.map((i) => offeredText(i, texts.get(i) ?? ''));
}
