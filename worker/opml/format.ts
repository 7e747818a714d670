/**
 * OPML import and export (feedsmith, DOM-free).
 *
 * Import flattens folders to one level, because Rivulet's groups are flat: a top-level folder
 * becomes a group; a folder inside it becomes its own group named "Parent / Child" (so nothing
 * is silently merged into the parent and the hierarchy stays readable). Folders of the same name
 * are merged.
 *
 * Empty groups round-trip: export writes one as an outline with `text` and `title` and no
 * children, and import reads such an outline (a `title` attribute, no xmlUrl, no children, no
 * feed or link `type`) as an empty group. Outlines with only `text` stay skipped: real-world
 * files use them for notes and outline trees that are not folders.
 */
import { generateOpml, parseOpml as parseOpmlDocument, type Opml } from 'feedsmith';
import { EngineError } from '../errors';
import { decodeBytes } from '../formats/decode';

export interface OpmlFeed {
  title: string;
  xmlUrl: string;
  htmlUrl: string;
}

export interface OpmlImport {
  /** The document's head title, '' when none. */
  title: string;
  groups: Array<{ title: string; feeds: OpmlFeed[] }>;
  ungrouped: OpmlFeed[];
  /** Outlines skipped because their xmlUrl was already seen. */
  duplicates: number;
}

type Outline = Opml.Outline<string>;

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

// Outline types that name a folder; any other type (rss, link, include, …) is not a group.
const FOLDER_TYPES = new Set(['', 'folder', 'category']);

/** Whether a childless outline without xmlUrl is an empty folder (see the module note). */
function isEmptyFolder(outline: Outline): boolean {
  return clean(outline.title) !== '' && FOLDER_TYPES.has(clean(outline.type).toLowerCase());
}

/**
 * Parses OPML text into groups and ungrouped feeds (see the module note for nesting). Outlines
 * without xmlUrl and without children are skipped, except empty folders (a `title`, no feed
 * type), which become groups with no feeds; repeated xmlUrls are skipped and counted.
 * Linear in the document. Throws EngineError `not_opml` when the text is not OPML and
 * `parse_error` when it is OPML but unreadable.
 */
export function parseOpml(text: string): OpmlImport {
  const head = text.slice(0, 4096).replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  if (!/^\s*<opml[\s>]/i.test(head)) {
    if (/^\s*<(?:!doctype\s+html|html)/i.test(head))
      throw new EngineError('not_opml', 'This is a web page, not an OPML subscription list');
    if (/^\s*<(?:rss|feed|rdf:RDF)[\s>]/i.test(head))
      throw new EngineError(
        'not_opml',
        'This is a feed, not an OPML subscription list: subscribe to it instead',
      );
    throw new EngineError('not_opml', 'This file is not an OPML subscription list (no <opml> root element)');
  }
  let doc: Opml.Document<string>;
  try {
    doc = parseOpmlDocument(text);
  } catch (err) {
    throw new EngineError(
      'parse_error',
      `The OPML file could not be read${err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''}`,
    );
  }
  const seen = new Set<string>();
  const groups = new Map<string, OpmlFeed[]>();
  const ungrouped: OpmlFeed[] = [];
  let duplicates = 0;

  const visit = (outline: Outline, path: string[]): void => {
    const name = clean(outline.title) || clean(outline.text);
    const xmlUrl = (outline.xmlUrl ?? '').trim();
    if (xmlUrl) {
      if (seen.has(xmlUrl)) duplicates++;
      else {
        seen.add(xmlUrl);
        const feed = { title: name || xmlUrl, xmlUrl, htmlUrl: (outline.htmlUrl ?? '').trim() };
        if (path.length === 0) ungrouped.push(feed);
        else {
          const key = path.join(' / ');
          groups.set(key, [...(groups.get(key) ?? []), feed]);
        }
      }
    }
    const children = outline.outlines ?? [];
    if (!xmlUrl && children.length === 0 && isEmptyFolder(outline)) {
      const key = [...path, name].join(' / ');
      if (!groups.has(key)) groups.set(key, []);
      return;
    }
    // A feed outline with children keeps its children in the current folder.
    const childPath = xmlUrl ? path : [...path, name || 'Untitled'];
    for (const child of children) visit(child, childPath);
  };
  for (const outline of doc.body?.outlines ?? []) visit(outline, []);
  return {
    title: clean(doc.head?.title),
    groups: [...groups].map(([title, feeds]) => ({ title, feeds })),
    ungrouped,
    duplicates,
  };
}

/** Decodes OPML bytes (BOM, XML declaration — e.g. windows-1251 — or UTF-8) and parses them. */
export function parseOpmlBytes(bytes: Uint8Array): OpmlImport {
  return parseOpml(decodeBytes(bytes).text);
}

// XML 1.0 forbids these characters outright; they cannot be escaped, only dropped.
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const safe = (s: string) => s.replace(INVALID_XML, '');

function outlineOf(feed: OpmlFeed): Outline {
  const title = safe(feed.title);
  const outline: Outline = { text: title, title, type: 'rss', xmlUrl: safe(feed.xmlUrl) };
  if (feed.htmlUrl) outline.htmlUrl = safe(feed.htmlUrl);
  return outline;
}

/**
 * Serialises subscriptions as OPML 2.0: one outline per group holding its feeds (an empty group
 * is an outline with text and title and no children, which `parseOpml` reads back as a group),
 * then the ungrouped feeds at top level. Attribute values are XML-escaped by feedsmith;
 * characters XML cannot carry (C0 controls) are dropped. Linear; never throws for any string
 * input.
 */
export function exportOpml(input: {
  title?: string;
  groups: Array<{ title: string; feeds: OpmlFeed[] }>;
  feeds: OpmlFeed[];
}): string {
  const outlines: Outline[] = [
    ...input.groups.map((g): Outline => {
      const folder: Outline = { text: safe(g.title), title: safe(g.title) };
      if (g.feeds.length) folder.outlines = g.feeds.map(outlineOf);
      return folder;
    }),
    ...input.feeds.map(outlineOf),
  ];
  const head = { title: safe(input.title ?? 'Rivulet subscriptions'), dateCreated: new Date() };
  if (outlines.length === 0) {
    // feedsmith refuses an empty body; an empty subscription list is still a valid export.
    const withBody = generateOpml({ head, body: { outlines: [{ text: 'x' }] } });
    return withBody.replace(/<body>[\s\S]*<\/body>/, '<body/>');
  }
  return generateOpml({ head, body: { outlines } });
}
