import type { Item } from '../engine/contract';
import { htmlToMarkdownSafe } from '../reader/markdown';
import { sanitizeArticle } from '../reader/sanitize';

/** The article body as Markdown for a prompt (sanitised first, like the reader shows it). */
export function articleMarkdown(item: Pick<Item, 'description' | 'link'>): string {
  const baseUrl = /^https?:\/\//i.test(item.link) ? item.link : '';
  return htmlToMarkdownSafe(sanitizeArticle(item.description, { baseUrl })).markdown;
}
