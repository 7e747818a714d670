/**
 * HTML ⇄ Markdown for the reader: the "Markdown" view and copy of an article (HTML → Markdown,
 * Turndown + GFM) and rendering of Markdown text such as AI summaries (Markdown → HTML,
 * micromark + GFM, raw HTML refused, then the article sanitiser anyway).
 */
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import { micromark } from 'micromark';
import { gfm as gfmSyntax, gfmHtml } from 'micromark-extension-gfm';
import { t } from '../i18n';
import { sanitizeArticle } from './sanitize';
import { fencedCode, listItem } from './markdownRules';

/** Thrown (in development) when a converter meets an element it has no rule for. */
export class UnknownNodeError extends Error {
  constructor(readonly tag: string) {
    super(`No Markdown conversion rule for <${tag}>`);
    this.name = 'UnknownNodeError';
  }
}

// Elements that are converted by their content alone (Turndown's default), on purpose. Any
// other element reaching the default rule means a rule is missing: loud in development.
// (`code` inside `pre` reaches it too: Turndown converts children before the block rule.)
const TRANSPARENT = new Set(
  (
    'div span section article header footer main aside nav figure figcaption details summary ' +
    'small sub sup mark abbr cite dfn time u ins kbd samp var q bdi bdo ruby rt rp center font ' +
    'big dl dt dd caption picture source track thead tbody tfoot tr th td table col colgroup ' +
    'address hgroup label legend fieldset wbr data meter progress nobr tt acronym code'
  ).split(' '),
);

let service: TurndownService | undefined;

function turndown(): TurndownService {
  if (service) return service;
  const s = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    defaultReplacement(content, node) {
      const tag = node.nodeName.toLowerCase();
      if (import.meta.env.DEV && !TRANSPARENT.has(tag)) throw new UnknownNodeError(tag);
      return (node as { isBlock?: boolean }).isBlock ? `\n\n${content}\n\n` : content;
    },
  });
  s.use(gfm);
  s.addRule('fencedCodeWithLanguage', fencedCode);
  s.addRule('compactListItem', listItem);
  s.addRule('embeds', {
    filter: ['iframe', 'video', 'audio'],
    replacement(_content, node) {
      const el = node as Element;
      const src = el.getAttribute('src') ?? el.querySelector('source')?.getAttribute('src') ?? '';
      return src ? `\n\n[${el.nodeName === 'AUDIO' ? 'Audio' : 'Video'}](${src})\n\n` : '';
    },
  });
  s.remove(['script', 'style', 'noscript', 'template']);
  service = s;
  return s;
}

/**
 * Converts article HTML to GitHub-flavoured Markdown (tables, strikethrough, task lists, fenced
 * code with the language taken from `class="language-x"`). Expects HTML that went through
 * `sanitizeArticle`. Cost: one parse and walk of the HTML. Throws `UnknownNodeError` in
 * development when an element has no rule; in production such elements keep their content.
 */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return '';
  // A template's content is inert: images in it are not fetched while converting.
  const template = document.createElement('template');
  template.innerHTML = html;
  // The sanitiser turned task-list checkboxes into empty ARIA spans, which Turndown would skip
  // as blank; give the GFM plugin its checkbox back (harmless inside an inert template).
  for (const span of template.content.querySelectorAll('span.rv-task[role="checkbox"]')) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    if (span.getAttribute('aria-checked') === 'true') box.setAttribute('checked', '');
    span.replaceWith(box);
  }
  return turndown().turndown(template.content);
}

// Every element micromark with the GFM extensions can emit. Anything else in its output means
// the converter and this module disagree: loud in development.
const MICROMARK_TAGS = new Set(
  (
    'p h1 h2 h3 h4 h5 h6 a img em strong code pre ul ol li blockquote hr br table thead tbody ' +
    'tr th td del input section sup span div'
  ).split(' '),
);

/**
 * Renders Markdown (GFM) to safe HTML: raw HTML in the Markdown is escaped, dangerous link
 * protocols are dropped, and the result still goes through `sanitizeArticle`. Cost: linear in
 * the text. Throws if the converter fails, and `UnknownNodeError` in development if it emits an
 * element this module does not know.
 */
export function markdownToHtml(md: string): string {
  const html = micromark(md, {
    extensions: [gfmSyntax()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
  });
  if (import.meta.env.DEV) {
    const probe = document.createElement('template');
    probe.innerHTML = html;
    for (const el of probe.content.querySelectorAll('*')) {
      if (!MICROMARK_TAGS.has(el.localName)) throw new UnknownNodeError(el.localName);
    }
  }
  return sanitizeArticle(html);
}

/** Result of {@link renderMarkdownSafe}. */
export interface SafeMarkdown {
  html: string;
  /** Set when conversion failed and `html` is the fallback. */
  error?: Error;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The paragraph shown instead of content in silent mode (in the language in effect). */
export function silentErrorHtml(): string {
  return `<p class="rv-md-error" role="alert">${escapeHtml(t('reader.markdownFailed'))}</p>`;
}

/** The line appended under plain-text fallbacks (in the language in effect). */
export function reportLine(): string {
  return t('reader.markdownReport');
}

/** Plain-text fallback for content that failed to convert, with a line asking for a report. */
export function plainTextFallback(text: string): string {
  return `<pre class="rv-md-fallback">${escapeHtml(text)}</pre><p class="rv-md-report">${escapeHtml(reportLine())}</p>`;
}

/**
 * Renders Markdown for display without ever throwing in production: on a conversion error it
 * returns the text as plain text plus a line asking the user to report the problem, or, with
 * `silent`, a short error paragraph (for places like list previews). In development an
 * `UnknownNodeError` is rethrown so a missing rule is noticed.
 */
export function renderMarkdownSafe(md: string, opts: { silent?: boolean } = {}): SafeMarkdown {
  try {
    return { html: markdownToHtml(md) };
  } catch (err) {
    if (import.meta.env.DEV && err instanceof UnknownNodeError) throw err;
    const error = err instanceof Error ? err : new Error(String(err));
    console.error('Markdown rendering failed', error);
    return { html: opts.silent ? silentErrorHtml() : plainTextFallback(md), error };
  }
}

/**
 * Converts article HTML to Markdown for the reader's Markdown view without throwing in
 * production: on failure it returns the article's plain text and the error.
 */
export function htmlToMarkdownSafe(html: string): { markdown: string; error?: Error } {
  try {
    return { markdown: htmlToMarkdown(html) };
  } catch (err) {
    if (import.meta.env.DEV && err instanceof UnknownNodeError) throw err;
    const error = err instanceof Error ? err : new Error(String(err));
    console.error('Markdown conversion failed', error);
    const probe = document.createElement('template');
    probe.innerHTML = html;
    return { markdown: probe.content.textContent?.trim() ?? '', error };
  }
}
