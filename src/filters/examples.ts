import type { TKey } from '../i18n';

/** One ready-made query the /filter page offers; `labelKey` is translated when shown. */
export interface QueryExample {
  labelKey: TKey;
  query: string;
}

/** Quotes text as a filter-language string literal (single quotes, inner quotes doubled). */
export function quoteString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Example queries. "By feed" and "By group" use the reader's own first feed and group when there
 * are any, so the examples match something out of the box.
 */
export function queryExamples(names: { feedTitle?: string; groupTitle?: string } = {}): QueryExample[] {
  return [
    { labelKey: 'filter.example.lastWeek', query: 'pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)' },
    { labelKey: 'filter.example.unread', query: 'isRead = false' },
    { labelKey: 'filter.example.saved', query: 'isSaved = true' },
    { labelKey: 'filter.example.byFeed', query: `feed.title LIKE ${quoteString(names.feedTitle || 'news')}` },
    { labelKey: 'filter.example.byGroup', query: `group.title = ${quoteString(names.groupTitle || 'Tech')}` },
    { labelKey: 'filter.example.podcasts', query: 'enclosure != null ORDER BY pubDate DESC' },
    {
      labelKey: 'filter.example.unreadMonth',
      query: 'isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 1 MONTH) ORDER BY pubDate ASC',
    },
    { labelKey: 'filter.example.noAuthor', query: 'author = null' },
    { labelKey: 'filter.example.mentions', query: "title LIKE 'rust' OR description LIKE 'rust'" },
  ];
}
