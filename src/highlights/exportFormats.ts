/**
 * Highlights as files: Markdown (for people and note apps: one section per article, each passage
 * a quote with its note under it) and JSON as a W3C Web Annotation collection (the selectors the
 * engine stores, so another annotation tool can place them again).
 */
import type { Highlight } from '../../worker/types';

/** Highlights of one article, in the order they are shown. */
export interface ArticleGroup {
  itemId: number;
  title: string;
  link: string;
  highlights: Highlight[];
}

/**
 * Groups by article, keeping the order articles first appear in `list` (so a newest-first list
 * gives the article with the newest highlight first); inside an article, text order.
 */
export function groupByArticle(list: readonly Highlight[]): ArticleGroup[] {
  const groups = new Map<number, ArticleGroup>();
  for (const h of list) {
    let g = groups.get(h.itemId);
    if (!g) {
      g = { itemId: h.itemId, title: h.title, link: h.link, highlights: [] };
      groups.set(h.itemId, g);
    }
    g.highlights.push(h);
  }
  for (const g of groups.values())
    g.highlights.sort((a, b) => a.position.start - b.position.start || a.id - b.id);
  return [...groups.values()];
}

/** Markdown-safe one-line text (no leading `#`, `>` or list markers taking over). */
const quoteLines = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');

const isWeb = (link: string) => /^https?:\/\//i.test(link);

/** One article's section. `level` is the heading level of its title. */
function articleMarkdown(g: ArticleGroup, untitled: string, level: number): string {
  const title = (g.title || untitled).replace(/[[\]]/g, '\\$&');
  const heading = `${'#'.repeat(level)} ${isWeb(g.link) ? `[${title}](<${g.link}>)` : title}`;
  const parts = g.highlights.map((h) => {
    const note = h.note.trim() ? `\n\n${h.note.trim()}` : '';
    return `${quoteLines(h.quote.exact)}${note}`;
  });
  return `${heading}\n\n${parts.join('\n\n')}\n`;
}

/** Markdown of one article's highlights (its title as the top heading). */
export function articleToMarkdown(g: ArticleGroup, untitled = 'Untitled'): string {
  return articleMarkdown(g, untitled, 1);
}

/** Markdown of every highlight, one `##` section per article. */
export function toMarkdown(
  list: readonly Highlight[],
  opts: { title?: string; untitled?: string } = {},
): string {
  const sections = groupByArticle(list).map((g) => articleMarkdown(g, opts.untitled ?? 'Untitled', 2));
  return `# ${opts.title ?? 'Highlights'}\n\n${sections.join('\n')}`;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Every highlight as a W3C Web Annotation collection (JSON-LD), pretty-printed; a target carries
 * its article's `language` when known.
 */
export function toJson(list: readonly Highlight[], exportedAt = new Date()): string {
  const items = list.map((h) => ({
    id: `urn:rivulet:highlight:${h.id}`,
    type: 'Annotation',
    created: iso(h.createdAt),
    modified: iso(h.updatedAt),
    body: [
      ...(h.note
        ? [{ type: 'TextualBody', purpose: 'commenting', value: h.note, format: 'text/plain' }]
        : []),
      { type: 'TextualBody', purpose: 'tagging', value: h.color },
    ],
    target: {
      source: h.link || `urn:rivulet:item:${h.itemId}`,
      title: h.title,
      // The article's language (BCP 47), the Web Annotation model's `language` of a resource.
      ...(h.language ? { language: h.language } : {}),
      selector: [
        { type: 'TextQuoteSelector', exact: h.quote.exact, prefix: h.quote.prefix, suffix: h.quote.suffix },
        { type: 'TextPositionSelector', start: h.position.start, end: h.position.end },
      ],
    },
    'rivulet:itemId': h.itemId,
    'rivulet:orphaned': h.orphaned,
  }));
  const collection = {
    '@context': ['http://www.w3.org/ns/anno.jsonld', { rivulet: 'urn:rivulet:' }],
    type: 'AnnotationCollection',
    label: 'Rivulet highlights',
    generated: exportedAt.toISOString(),
    total: items.length,
    items,
  };
  return `${JSON.stringify(collection, null, 2)}\n`;
}

/** A file name from an article title (letters, digits, dashes; CJK kept). */
export function fileNameOf(title: string, ext: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'highlights'}.${ext}`;
}
