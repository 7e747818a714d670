/**
 * The fields a query can name. Names match case-insensitively; anything else is an unknown field,
 * which is null for every item.
 */
export const FIELDS = [
  'id',
  'feedId',
  'guid',
  'title',
  'author',
  'description',
  'pubDate',
  'link',
  'enclosure',
  'isRead',
  'isSaved',
  'feed.id',
  'feed.title',
  'feed.siteUrl',
  'feed.url',
  'feed.groupId',
  'group.id',
  'group.title',
  'tags',
] as const;

export type FieldKey = (typeof FIELDS)[number];

const BY_LOWER = new Map<string, FieldKey>(FIELDS.map((f) => [f.toLowerCase(), f]));

/** Canonical key of a field name, or null when the language has no such field. */
export function resolveField(name: string): FieldKey | null {
  return BY_LOWER.get(name.toLowerCase()) ?? null;
}

/** Fields whose value depends only on the item's feed (and that feed's group). */
export function isFeedLevel(key: FieldKey): boolean {
  return key === 'feedId' || key.startsWith('feed.') || key.startsWith('group.');
}
