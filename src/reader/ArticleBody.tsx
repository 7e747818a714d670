import { useLayoutEffect, useMemo, useRef, type MouseEvent, type Ref } from 'react';
import { t, useLanguage } from '../i18n';
import { sanitizeArticle } from './sanitize';
import { copyText } from './clipboard';
import { READING_AREA_ATTR } from './useImagePreview';
import { applyTranslation, type BodyTranslation } from '../translate/bilingual';
import { textAttrs } from '../items/articleLanguage';
import './article.css';

const COPIED_MS = 1500;

/** Props of {@link ArticleBody}. */
export interface ArticleBodyProps {
  /** Raw article HTML as stored (sanitised here). */
  html: string;
  /** The article's URL, to resolve relative links and images. */
  baseUrl?: string;
  /** The body's container element (used by the chapters outline). */
  ref?: Ref<HTMLDivElement>;
  /** A translation to show under the paragraphs (src/translate/bilingual.ts). */
  translation?: BodyTranslation;
  /** The article's language (src/items/articleLanguage.ts); '' or absent when unknown. */
  language?: string;
}

/**
 * Wraps every code block with a "Copy" button (post-render: the HTML is not React's); buttons
 * already there get their text again, in the language now in effect.
 */
function addCopyButtons(root: HTMLElement): void {
  for (const pre of root.querySelectorAll('pre')) {
    let button = pre.parentElement?.classList.contains('rv-code')
      ? pre.parentElement.querySelector<HTMLButtonElement>('button.rv-copy')
      : null;
    if (!button) {
      const wrap = document.createElement('div');
      wrap.className = 'rv-code';
      button = document.createElement('button');
      button.type = 'button';
      button.className = 'rv-copy';
      pre.before(wrap);
      wrap.append(button, pre);
    }
    button.textContent = t('common.copy');
    button.setAttribute('aria-label', t('reader.copyCode'));
  }
}

/**
 * An image that cannot load (offline, a host gone, a 404) folds away instead of leaving a broken
 * icon in the box its width and height reserved, often a screen tall on a phone. Its alt text,
 * when it has one, stays as a quiet line. For the body's capture-phase `error` listener (an
 * image's `error` does not bubble).
 */
function foldBrokenImage(event: Event): void {
  const img = event.target;
  if (!(img instanceof HTMLImageElement) || img.hasAttribute('data-broken')) return;
  img.setAttribute('data-broken', '');
  const alt = img.alt.trim();
  if (!alt) return;
  const note = document.createElement('span');
  note.className = 'rv-img-missing';
  note.textContent = t('reader.imageMissing', { alt });
  img.after(note);
}

/**
 * The sanitised article body, typeset by the `.rv-article` stylesheet. Its images open the
 * image preview (it is a reading area) except those with class `noclick`; one that fails to load
 * folds away ({@link foldBrokenImage}). Code blocks get a
 * copy button that says "Copied" for a moment after a successful copy.
 */
export function ArticleBody({ html, baseUrl, ref, translation, language = '' }: ArticleBodyProps) {
  const clean = useMemo(() => sanitizeArticle(html, { baseUrl }), [html, baseUrl]);
  const inner = useRef<HTMLDivElement | null>(null);
  const lang = useLanguage();

  const translated = translation !== undefined;
  useLayoutEffect(() => {
    if (inner.current) addCopyButtons(inner.current);
  }, [clean, lang, translated]);
  useLayoutEffect(() => {
    if (inner.current && translation) applyTranslation(inner.current, translation);
  }, [clean, translation]);
  useLayoutEffect(() => {
    const body = inner.current;
    body?.addEventListener('error', foldBrokenImage, true);
    return () => body?.removeEventListener('error', foldBrokenImage, true);
  }, [translated]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as Element).closest('button.rv-copy');
    const pre = button?.parentElement?.querySelector('pre');
    if (!button || !pre) return;
    void copyText(pre.textContent ?? '').then((ok) => {
      button.textContent = ok ? t('common.copied') : t('common.copyFailed');
      setTimeout(() => (button.textContent = t('common.copy')), COPIED_MS);
    });
  };

  const setRefs = (el: HTMLDivElement | null) => {
    inner.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  return (
    <div
      // A body that showed a translation is drawn afresh without it.
      key={translation ? 'translated' : 'original'}
      ref={setRefs}
      className="rv-article"
      data-testid="reader-body"
      // The article's own language, or an empty lang when unknown: never the UI's inherited
      // from <html>, so a Chinese UI does not set English text in a CJK font ("river’ s").
      // Right to left for a right-to-left language, else as its first strong character says
      // (article.css lets each paragraph do the same). Translated parts carry their own
      // (bilingual.ts).
      {...textAttrs(language)}
      {...{ [READING_AREA_ATTR]: '' }}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
