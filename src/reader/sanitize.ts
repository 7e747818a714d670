/**
 * Article HTML sanitiser. Feed HTML is hostile by default: it runs through one DOMPurify
 * instance, configured once, whose hooks add the reader's own policy on top of DOMPurify's.
 *
 * Policy decisions (why, not what):
 * - `style` elements AND `style` attributes are dropped entirely. A "safe subset" of CSS would
 *   still let a feed overlay the app (position/z-index), track the reader (url()) or hide text;
 *   typography comes from the reader's own `.rv-article` stylesheet instead.
 * - `class` is reduced to a few tokens the reader understands (code languages, `noclick`), so a
 *   feed cannot borrow the app's own class names to restyle or overlay the UI.
 * - SVG and MathML are not allowed at all (HTML profile only): their namespaces are where most
 *   mutation-XSS and `<animate href>` tricks live, and articles rarely need them inline.
 * - iframes survive only from an allowlist of video players, always sandboxed without
 *   `allow-same-origin` (so even an allowed player cannot touch the app's storage).
 */
import DOMPurify from 'dompurify';
import { cleanUrl } from '../../shared/cleanUrl';
import { embedSrc } from './embeds';
import { resolveArticleUrl, isAllowedUrl, resolveSrcset } from './urls';

/** Options of {@link sanitizeArticle}. */
export interface SanitizeOptions {
  /** URL the article's relative links and images are resolved against (the item link). */
  baseUrl?: string;
}

const URL_ATTRS = ['href', 'src', 'poster', 'cite', 'action', 'xlink:href'] as const;
// `rv-task` is our own marker for task-list checkboxes (see replaceCheckbox).
const KEPT_CLASS = /^(language-|lang-|highlight-|noclick$|rv-task$)/;
const IFRAME_ATTRS = new Set(['src', 'width', 'height', 'title']);

// The base URL of the call in progress; hooks are global to the instance, sanitize is synchronous.
let currentBase: string | undefined;

const purify = DOMPurify();

function isTrackingPixel(el: Element): boolean {
  const w = el.getAttribute('width');
  const h = el.getAttribute('height');
  const tiny = (v: string | null) => v !== null && /^\s*[01](px)?\s*$/.test(v);
  return tiny(w) && tiny(h);
}

function replaceCheckbox(el: Element): void {
  // Task lists (GFM) arrive as disabled checkboxes; inputs are forbidden, so keep their meaning
  // as an inert ARIA checkbox that the stylesheet draws and Turndown still understands.
  const span = el.ownerDocument.createElement('span');
  span.setAttribute('role', 'checkbox');
  span.setAttribute('aria-checked', el.hasAttribute('checked') ? 'true' : 'false');
  span.setAttribute('aria-disabled', 'true');
  span.className = 'rv-task';
  el.parentNode?.insertBefore(span, el);
}

purify.addHook('uponSanitizeElement', (node, data) => {
  if (node.nodeType !== 1) return;
  const el = node as Element;
  if (data.tagName === 'input' && el.getAttribute('type')?.toLowerCase() === 'checkbox') {
    replaceCheckbox(el);
    return;
  }
  if (data.tagName === 'img' && isTrackingPixel(el)) {
    el.remove();
    return;
  }
  if (data.tagName === 'iframe') {
    const src = embedSrc(resolveArticleUrl(el.getAttribute('src') ?? '', currentBase));
    if (src === null || el.hasAttribute('srcdoc')) el.remove();
    else el.setAttribute('src', src);
  }
});

purify.addHook('afterSanitizeAttributes', (el) => {
  if (el.nodeType !== 1) return;
  const tag = el.localName;
  for (const name of URL_ATTRS) {
    const raw = el.getAttribute(name);
    if (raw === null) continue;
    const resolved = resolveArticleUrl(raw, currentBase);
    // Links lose their tracking parameters here, in the pass that already visits every href.
    if (isAllowedUrl(resolved, tag, name))
      el.setAttribute(name, name === 'href' ? cleanUrl(resolved) : resolved);
    else el.removeAttribute(name);
  }
  const srcset = el.getAttribute('srcset');
  if (srcset !== null) {
    const resolved = resolveSrcset(srcset, currentBase);
    if (resolved) el.setAttribute('srcset', resolved);
    else el.removeAttribute('srcset');
  }
  const cls = el.getAttribute('class');
  if (cls !== null) {
    const kept = cls.split(/\s+/).filter((c) => KEPT_CLASS.test(c));
    if (kept.length > 0) el.setAttribute('class', kept.join(' '));
    else el.removeAttribute('class');
  }
  if (tag === 'a') {
    const href = el.getAttribute('href');
    if (href !== null && !href.startsWith('#')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else {
      el.removeAttribute('target');
    }
  } else if (tag === 'img') {
    el.setAttribute('loading', 'lazy');
    el.setAttribute('referrerpolicy', 'no-referrer');
    el.setAttribute('decoding', 'async');
  } else if (tag === 'iframe') {
    for (const attr of Array.from(el.attributes)) {
      if (!IFRAME_ATTRS.has(attr.name)) el.removeAttribute(attr.name);
    }
    if (!el.hasAttribute('src')) {
      el.remove();
      return;
    }
    el.setAttribute('sandbox', 'allow-scripts allow-popups allow-presentation');
    el.setAttribute('referrerpolicy', 'no-referrer');
    el.setAttribute('loading', 'lazy');
    el.setAttribute('allowfullscreen', '');
  } else if (tag === 'video' || tag === 'audio') {
    el.removeAttribute('autoplay');
    el.setAttribute('controls', '');
    el.setAttribute('preload', 'metadata');
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allowfullscreen'],
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'select',
    'option',
    'optgroup',
    'textarea',
    'datalist',
    'output',
    'dialog',
    'template',
    'slot',
    'frame',
    'frameset',
    'noscript',
  ],
  FORBID_ATTR: ['style', 'srcdoc', 'action', 'formaction', 'ping', 'target', 'autofocus', 'tabindex'],
  ALLOW_DATA_ATTR: false,
};

let selfTest: boolean | undefined;

// Fail closed: a DOM that DOMPurify cannot drive (old engine, broken test DOM) must not let the
// raw article through, so the reader then shows the markup as text instead. The probe uses a
// forbidden attribute rather than an event handler: Chromium logs a CSP violation for every
// inline handler it parses, even in a document where nothing can run.
function purifierWorks(): boolean {
  selfTest ??=
    purify.isSupported &&
    purify.sanitize('<p><b tabindex="1">t</b><script></script><input></p>', CONFIG) === '<p><b>t</b></p>';
  return selfTest;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Returns a safe HTML string for the article reader: no script can run, no handler survives,
 * no feed CSS can reach the page, links open in a new tab without referrer or tracking
 * parameters (shared/trackingParams.ts), images load lazily without referrer, 1×1
 * tracking pixels are gone and relative URLs are resolved against
 * `opts.baseUrl` (ignored unless it is an absolute http(s) URL). Cost: one DOM parse and walk of
 * the input (main thread only: needs `window`). Never throws for any string input; an input
 * that is not a string yields ''. If DOMPurify cannot work in this DOM it fails closed and
 * returns the input escaped as text.
 */
export function sanitizeArticle(html: string, opts: SanitizeOptions = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  if (!purifierWorks()) return escapeText(html);
  currentBase = opts.baseUrl && /^https?:\/\//i.test(opts.baseUrl) ? opts.baseUrl : undefined;
  try {
    return purify.sanitize(html, CONFIG);
  } finally {
    currentBase = undefined;
  }
}
