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

/** Edit distance (optimal string alignment: a swap of two neighbours is one edit). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * Known fields an unknown name was probably meant to be, best first, at most three: those within
 * a few edits of it (`titel` → title, and feed.title and group.title by their last part), then
 * those that contain it (`read` → isRead, `date` → pubDate). Empty when nothing is close.
 */
export function suggestFields(name: string): FieldKey[] {
  const lower = name.toLowerCase();
  if (lower.length < 2) return [];
  const allowed = lower.length <= 3 ? 1 : 2;
  const ranked: { field: FieldKey; rank: number }[] = [];
  FIELDS.forEach((field, order) => {
    const full = field.toLowerCase();
    const last = full.slice(full.lastIndexOf('.') + 1);
    const near = Math.min(
      distance(lower, full),
      lower.includes('.') ? Infinity : distance(lower, last) + 0.5,
    );
    const rank =
      near <= allowed
        ? near
        : lower.length >= 3 && (lower.includes('.') ? full : last).includes(lower)
          ? 3
          : null;
    if (rank !== null) ranked.push({ field, rank: rank + order / 100 });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank)
    .slice(0, 3)
    .map((r) => r.field);
}

/**
 * `feed` or `group` (any case) when `name` is one of them: the article's feed or group, which
 * have fields (feed.title) but are not values themselves. Null for any other name.
 */
export function objectOfName(name: string): 'feed' | 'group' | null {
  const lower = name.toLowerCase();
  return lower === 'feed' || lower === 'group' ? lower : null;
}
