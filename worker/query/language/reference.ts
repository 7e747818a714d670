import type { Feed, Group, Item } from '../../types';
import type { Condition, QueryAst } from './ast';
import { resolveField, type FieldKey } from './fields';
import { between, cmp, compareForSort, eq, like, norm, type Val } from './semantics';
import { plainTextLower } from './textColumn';
import { logWarnings, warningMessages } from './validate';
import { evalValue } from './values';
import { warningMessage } from './warnings';

/** An item with everything a query can ask about it, as plain objects. */
export type PlainItem = Pick<
  Item,
  'id' | 'feedId' | 'guid' | 'title' | 'author' | 'description' | 'pubDate' | 'link' | 'enclosure'
> & {
  isRead: boolean;
  isSaved: boolean;
  /** The item's feed, null when unknown. */
  feed: Feed | null;
  /** The feed's group, null when the feed is ungrouped or unknown. */
  group: Group | null;
  /** Names of the article's tags (absent or empty: none). */
  tags?: string[];
};

export interface ReferenceContext {
  /** Current time, Unix seconds (read once per run). */
  now: () => number;
}

/** Value of a field of a plain item ('' normalised to null). */
export function plainFieldValue(item: PlainItem, key: FieldKey | null): Val {
  switch (key) {
    case 'id':
      return item.id;
    case 'feedId':
      return item.feedId;
    case 'guid':
      return norm(item.guid);
    case 'title':
      return norm(item.title);
    case 'author':
      return norm(item.author);
    case 'description':
      return norm(plainTextLower(item.description));
    case 'pubDate':
      return item.pubDate;
    case 'link':
      return norm(item.link);
    case 'enclosure':
      return norm(item.enclosure?.url);
    case 'isRead':
      return item.isRead;
    case 'isSaved':
      return item.isSaved;
    case 'feed.id':
      return item.feed ? item.feed.id : null;
    case 'feed.title':
      return norm(item.feed?.title);
    case 'feed.siteUrl':
      return norm(item.feed?.siteUrl);
    case 'feed.url':
      return norm(item.feed?.url);
    case 'feed.groupId':
      return item.feed ? item.feed.groupId : null;
    case 'group.id':
      return item.group ? item.group.id : null;
    case 'group.title':
      return norm(item.group?.title);
    case 'tags': {
      // ORDER BY value: the alphabetically first lower-cased name.
      const names = (item.tags ?? []).map((n) => n.toLowerCase()).sort();
      return names[0] ?? null;
    }
    default:
      return null;
  }
}

/**
 * The obviously-correct evaluator: runs the query over full item objects with a recursive
 * interpreter and a full sort. Returns every matching id in result order (LIMIT applied).
 * Used as the oracle for planAndRun and by the CLI. Cost: O(n · |query|) + O(n log n).
 * Logs the query's warnings (malformed BETWEEN, unknown fields…) with console.warn.
 */
export function evaluateReference(ast: QueryAst, items: PlainItem[], ctx: ReferenceContext): number[] {
  logWarnings(warningMessages(ast));
  const now = ctx.now();
  const warnings = new Set<string>();
  const value = (expr: Parameters<typeof evalValue>[0]): Val =>
    evalValue(expr, now, (w) => warnings.add(warningMessage(w)));

  const test = (c: Condition, item: PlainItem): boolean => {
    switch (c.type) {
      case 'and':
        return c.conditions.every((x) => test(x, item));
      case 'or':
        return c.conditions.some((x) => test(x, item));
      case 'not':
        return !test(c.condition, item);
      default:
    }
    if (!('field' in c) || c.field === '') return false;
    if (resolveField(c.field) === 'tags') return testTags(c, item);
    const v = plainFieldValue(item, resolveField(c.field));
    switch (c.type) {
      case 'compare': {
        const lit = value(c.value);
        if (c.op === '=') return eq(v, lit);
        if (c.op === '!=') return !eq(v, lit);
        const r = cmp(v, lit);
        if (r === null) return false;
        return c.op === '<' ? r < 0 : c.op === '>' ? r > 0 : c.op === '<=' ? r <= 0 : r >= 0;
      }
      case 'like':
        return like(v, value(c.value)) !== c.negated;
      case 'in':
        return c.values.some((x) => eq(v, value(x))) !== c.negated;
      case 'between':
        return between(v, value(c.low), value(c.high));
      case 'badBetween':
        return between(v, 0, 0);
      default:
        return false;
    }
  };

  // `tags` is a set: a positive condition holds when some name satisfies it (an untagged article
  // is the one value null); `!=`, NOT IN and NOT LIKE hold when no name satisfies the positive.
  // Names and string constants compare lower-cased.
  const testTags = (c: Condition & { field: string }, item: PlainItem): boolean => {
    const names: Val[] = item.tags?.length ? item.tags.map((n) => norm(n.toLowerCase())) : [null];
    const low = (e: Parameters<typeof evalValue>[0]): Val => {
      const v = value(e);
      return typeof v === 'string' ? v.toLowerCase() : v;
    };
    const some = (f: (v: Val) => boolean) => names.some(f);
    switch (c.type) {
      case 'compare': {
        const lit = low(c.value);
        if (c.op === '=') return some((v) => eq(v, lit));
        if (c.op === '!=') return !some((v) => eq(v, lit));
        return some((v) => {
          const r = cmp(v, lit);
          if (r === null) return false;
          return c.op === '<' ? r < 0 : c.op === '>' ? r > 0 : c.op === '<=' ? r <= 0 : r >= 0;
        });
      }
      case 'like':
        return some((v) => like(v, low(c.value))) !== c.negated;
      case 'in':
        return some((v) => c.values.some((x) => eq(v, low(x)))) !== c.negated;
      case 'between':
        return some((v) => between(v, low(c.low), low(c.high)));
      case 'badBetween':
        return some((v) => between(v, 0, 0));
      default:
        return false;
    }
  };

  const matched = ast.where ? items.filter((item) => test(ast.where as Condition, item)) : items.slice();
  logWarnings([...warnings]);
  const order = ast.orderBy;
  const key = order ? resolveField(order.field) : null;
  const dir = order?.direction === 'desc' ? -1 : 1;
  matched.sort(
    (a, b) =>
      (order ? compareForSort(plainFieldValue(a, key), plainFieldValue(b, key), dir) : 0) ||
      b.pubDate - a.pubDate ||
      b.id - a.id,
  );
  const ids = matched.map((item) => item.id);
  return ast.limit === null ? ids : ids.slice(0, ast.limit);
}

/** The data file shape used by the CLI and fixtures. */
export interface QueryData {
  groups: Group[];
  feeds: Feed[];
  items: Item[];
  readIds?: number[];
  savedIds?: number[];
}

/** Joins items with their feed, group and read/saved state (flags OR the id lists). */
export function toPlainItems(data: QueryData): PlainItem[] {
  const feeds = new Map(data.feeds.map((f) => [f.id, f]));
  const groups = new Map(data.groups.map((g) => [g.id, g]));
  const read = new Set(data.readIds ?? []);
  const saved = new Set(data.savedIds ?? []);
  return data.items.map((item) => {
    const feed = feeds.get(item.feedId) ?? null;
    return {
      id: item.id,
      feedId: item.feedId,
      guid: item.guid ?? '',
      title: item.title ?? '',
      author: item.author ?? '',
      description: item.description ?? '',
      pubDate: item.pubDate,
      link: item.link ?? '',
      enclosure: item.enclosure ?? null,
      isRead: read.has(item.id) || ((item.flags ?? 0) & 1) !== 0,
      isSaved: saved.has(item.id) || ((item.flags ?? 0) & 2) !== 0,
      feed,
      group: feed ? (groups.get(feed.groupId) ?? null) : null,
    };
  });
}
