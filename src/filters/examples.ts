/** One ready-made query the /filter page offers. */
export interface QueryExample {
  label: string;
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
    { label: 'Last week', query: 'pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)' },
    { label: 'Unread', query: 'isRead = false' },
    { label: 'Saved', query: 'isSaved = true' },
    { label: 'By feed', query: `feed.title LIKE ${quoteString(names.feedTitle || 'news')}` },
    { label: 'By group', query: `group.title = ${quoteString(names.groupTitle || 'Tech')}` },
    { label: 'Podcasts', query: 'enclosure != null ORDER BY pubDate DESC' },
    {
      label: 'Unread this month, oldest first',
      query: 'isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 1 MONTH) ORDER BY pubDate ASC',
    },
    { label: 'No author', query: 'author = null' },
    { label: 'Title or text mentions', query: "title LIKE 'rust' OR description LIKE 'rust'" },
  ];
}
