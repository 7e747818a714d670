import { Anchor, Text, Title } from '@mantine/core';
import { IconCopy, IconLink, IconMarkdown } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Item } from '../../worker/types';
import { cleanUrl } from '../../shared/cleanUrl';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { useI18n } from '../i18n';
import { ArticleBody } from './ArticleBody';
import { Chapters } from './Chapters';
import { copyText } from './clipboard';
import { usePreviewState } from './imagePreviewStore';
import { htmlToMarkdownSafe } from './markdown';
import { FullPlayer } from '../player/FullPlayer';
import { isPlayable } from '../player/episode';
import type { ReaderMenuAction } from './readerActions';
import { ReaderToolbar } from './ReaderToolbar';
import { ArticleTags } from '../tags/ArticleTags';
import { htmlToText } from '../../shared/htmlText';
import { readingMinutes } from './readingTime';
import { sanitizeArticle } from './sanitize';
import { useShortcuts } from './shortcuts';
import { bindKeys } from '../keys/keyMap';
import { useChapters } from './useChapters';
import { takeRecentSwipe, useSwipeSteps } from './swipe';
import { ReaderEnd, type ReaderEndProps } from './ReaderEnd';
import { useSettingsGroup } from '../settings/useSettings';
import type { BodyTranslation } from '../translate/bilingual';
import { ArticleHighlights } from '../highlights/ArticleHighlights';
import { feedPath } from '../subscriptions/paths';
import { atEnd, controlKeeps, scrollStep, scrollToEdge, scrollerOf } from './readerScroll';
import { useReadingPlace } from './readingPlace';
import { textAttrs } from '../items/articleLanguage';
import './reader.css';

/** Props of {@link Reader}. Actions are callbacks: the reader owns no data. */
export interface ReaderProps extends ReaderEndProps {
  item: Item;
  feedTitle: string;
  /**
   * The article's language (its own, else its feed's: src/items/articleLanguage.ts); '' or
   * absent when unknown.
   */
  language?: string;
  onToggleRead: () => void;
  onToggleSaved: () => void;
  /** Keyboard shortcuts (default on); turn off while another screen layer has the keyboard. */
  shortcutsEnabled?: boolean;
  /** Entries of the toolbar's More menu before the reader's own (e.g. the AI summary). */
  moreActions?: readonly ReaderMenuAction[];
  /** Content above the article body, under the header (e.g. the AI summary). */
  extraTop?: ReactNode;
  /** A translation shown under the article's paragraphs (src/translate/). */
  translation?: BodyTranslation;
  /** A body to show instead of the feed's (the whole article fetched from the site). */
  body?: { html: string; baseUrl: string } | null;
}

const FLASH_MS = 1500;

function openOriginal(link: string): void {
  if (/^https?:\/\//i.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
}

/**
 * The article reader: header (title linking to the original, feed linking to its list, author,
 * date, reading time unless it is an episode), toolbar, media player for podcast/video enclosures, chapters outline and
 * the sanitised body, or its Markdown. Keys while open: ←/→ previous/next, Esc close, m read,
 * s or f save, v open original, Space / Page Down / ↓ and Page Up / ↑ scroll the article (Space
 * at its end goes to the next one).
 */
export function Reader(props: ReaderProps) {
  const { item, feedTitle, onToggleRead, onToggleSaved, onPrev, onNext, onClose } = props;
  const text = textAttrs(props.language ?? '');
  const { t, formatDate } = useI18n();
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const [markdownFor, setMarkdownFor] = useState<number | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const previewOpen = usePreviewState() !== null;
  const rootRef = useRef<HTMLElement | null>(null);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const { swipeArticles } = useSettingsGroup('general');
  useSwipeSteps(rootRef, {
    onNext,
    onPrev,
    enabled: swipeArticles && !previewOpen,
    follow: gridRef,
  });
  // An article a swipe brought in slides in from the side the finger went (once, at mount).
  const [arrived] = useState(() => takeRecentSwipe());
  // Each article opens at its top. The pane that scrolls it stays from one article to the next
  // (the phone's layer, the column view's pane), so one shown at once from the cache (stepping
  // back with k) kept the place reached in the article before.
  useLayoutEffect(() => {
    const el = rootRef.current;
    const scroller = scrollerOf(el);
    if (!el || !scroller) return;
    const above = scroller.getBoundingClientRect().top - el.getBoundingClientRect().top;
    if (above > 0) scroller.scrollTop -= above;
  }, []);
  // …unless this reader replaces one of the same article (a phone turned, a window widened past
  // a layout's edge): then it goes on from the place that one had reached.
  useReadingPlace(item.id, rootRef, bodyRef);
  const showMarkdown = markdownFor === item.id;
  const isRead = (item.flags & FLAG_READ) !== 0;
  const isSaved = (item.flags & FLAG_SAVED) !== 0;
  // Clean even if stored before links were cleaned at ingest: shown, copied, opened and sent.
  const webLink = /^https?:\/\//i.test(item.link) ? cleanUrl(item.link) : '';
  // The whole article when one is shown, else the feed's body; reading time follows it.
  const html = props.body?.html ?? item.description;
  const baseUrl = props.body?.baseUrl ?? webLink;

  const minutes = useMemo(() => readingMinutes(htmlToText(sanitizeArticle(html), 'html')), [html]);
  const markdown = useMemo(() => {
    if (!showMarkdown) return '';
    const body = htmlToMarkdownSafe(sanitizeArticle(html, { baseUrl })).markdown;
    return `# ${item.title}\n\n${body}${webLink ? `\n\n<${webLink}>` : ''}\n`;
  }, [showMarkdown, html, baseUrl, item.title, webLink]);
  const { chapters, activeId, scrollTo } = useChapters(
    bodyRef,
    `${item.id}:${showMarkdown}:${props.translation !== undefined}:${html}`,
  );

  const say = (message: string) => {
    setFlash(message);
    setTimeout(() => setFlash((m) => (m === message ? null : m)), FLASH_MS);
  };
  const copy = (text: string, done: string) => {
    void copyText(text).then((ok) => say(ok ? done : t('common.copyFailed')));
  };

  const more: ReaderMenuAction[] = [
    ...(props.moreActions ?? []),
    {
      id: 'markdown',
      label: t('reader.markdown'),
      icon: <IconMarkdown size={15} />,
      active: showMarkdown,
      onSelect: () => setMarkdownFor(showMarkdown ? null : item.id),
      testId: 'reader-markdown-toggle',
    },
    ...(showMarkdown
      ? [
          {
            id: 'copy-markdown',
            label: t('reader.copyMarkdown'),
            icon: <IconCopy size={15} />,
            onSelect: () => copy(markdown, t('reader.markdownCopied')),
            testId: 'reader-copy-markdown',
          },
        ]
      : []),
    ...(webLink
      ? [
          {
            id: 'copy-link',
            label: t('reader.copyLink'),
            icon: <IconLink size={15} />,
            onSelect: () => copy(webLink, t('reader.linkCopied')),
            testId: 'reader-share',
          },
        ]
      : []),
  ];

  const page = (event: KeyboardEvent, unit: 'page' | 'line', direction: 1 | -1): void | false => {
    if (controlKeeps(event.target)) return false;
    // The article's scrolling container, found from its title (the element named below).
    const scroller = scrollerOf(document.getElementById(`rv-title-${item.id}`));
    if (!scroller) {
      // Nothing to scroll (a short article): Space goes on to the next one.
      if (unit === 'page' && direction === 1) onNext?.();
      return;
    }
    if (unit === 'page' && direction === 1 && atEnd(scroller)) onNext?.();
    else scrollStep(scroller, unit, direction);
  };

  const edge = (event: KeyboardEvent, direction: 1 | -1): void | false => {
    if (controlKeeps(event.target)) return false;
    const scroller = scrollerOf(document.getElementById(`rv-title-${item.id}`));
    if (!scroller) return false;
    scrollToEdge(scroller, direction);
  };

  useShortcuts(
    // ←/→ and j/k (next/previous article) belong to the list around the reader (items/keymap.ts).
    bindKeys('reader', {
      close: onClose,
      pageDown: (e) => page(e, 'page', e.shiftKey ? -1 : 1),
      pageUp: (e) => page(e, 'page', -1),
      lineDown: (e) => page(e, 'line', 1),
      lineUp: (e) => page(e, 'line', -1),
      // Home and End: the article's own pane (the page around it does not scroll).
      top: (e) => edge(e, -1),
      bottom: (e) => edge(e, 1),
      toggleRead: onToggleRead,
      toggleSaved: onToggleSaved,
      openOriginal: () => openOriginal(webLink),
    }),
    { enabled: (props.shortcutsEnabled ?? true) && !previewOpen },
  );

  return (
    <article
      ref={rootRef}
      className="rv-reader"
      data-testid="reader"
      data-arrived={arrived === 1 ? 'next' : arrived === -1 ? 'prev' : undefined}
      aria-labelledby={`rv-title-${item.id}`}
    >
      <ReaderToolbar
        isRead={isRead}
        isSaved={isSaved}
        webLink={webLink}
        onPrev={onPrev}
        onNext={onNext}
        onToggleRead={onToggleRead}
        onToggleSaved={onToggleSaved}
        onClose={onClose}
        more={more}
        flash={flash}
      />

      <div ref={gridRef} className="rv-reader-grid" data-aside={chapters.length > 0 || undefined}>
        <div className="rv-reader-main">
          <header className="rv-header">
            <Text size="sm" c="dimmed" className="rv-meta">
              {/* The feed's list, pushed: Back returns to this article. */}
              <Link
                to={feedPath(item.feedId)}
                className="rv-feed"
                data-testid="reader-feed"
                data-touch-link=""
              >
                {feedTitle}
              </Link>
              <span aria-hidden="true"> · </span>
              <time dateTime={new Date(item.pubDate * 1000).toISOString()}>
                {formatDate(item.pubDate * 1000)}
              </time>
              {/* An episode's length is the player's (below), not its show notes' reading time. */}
              {!isPlayable(item.enclosure) && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span data-testid="reader-reading-time">{t('reader.minutesRead', { count: minutes })}</span>
                </>
              )}
            </Text>
            <Title
              order={1}
              className="rv-title"
              id={`rv-title-${item.id}`}
              data-testid="reader-title"
              data-derived={item.titleDerived || undefined}
              // The article's language (unknown: ""), as its body's (ArticleBody); "Untitled" is the UI's.
              {...(item.title ? text : { dir: 'auto' })}
            >
              {webLink ? (
                <Anchor
                  href={webLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  inherit
                  underline="hover"
                  c="inherit"
                >
                  {item.title || t('common.untitled')}
                </Anchor>
              ) : (
                item.title || t('common.untitled')
              )}
            </Title>
            {item.author && (
              <Text size="sm" c="dimmed" data-testid="reader-author">
                {t('reader.by', { author: item.author })}
              </Text>
            )}
            <ArticleTags item={item} shortcutsEnabled={(props.shortcutsEnabled ?? true) && !previewOpen} />
          </header>
          <Chapters chapters={chapters} activeId={activeId} onSelect={scrollTo} variant="inline" />
          {props.extraTop}
          <FullPlayer item={item} feedTitle={feedTitle} />
          {showMarkdown ? (
            <pre className="rv-markdown-source" data-testid="reader-markdown" lang={text.lang}>
              {markdown}
            </pre>
          ) : (
            <>
              <ArticleBody
                ref={bodyRef}
                html={html}
                baseUrl={baseUrl}
                translation={props.translation}
                language={text.lang}
              />
              <ArticleHighlights
                bodyRef={bodyRef}
                itemId={item.id}
                shortcutsEnabled={(props.shortcutsEnabled ?? true) && !previewOpen}
              />
            </>
          )}
          <ReaderEnd
            onPrev={onPrev}
            onNext={onNext}
            nextTitle={props.nextTitle}
            nextLanguage={props.nextLanguage}
            nextFeed={props.nextFeed}
            onClose={onClose}
          />
        </div>
        {chapters.length > 0 && (
          <aside className="rv-reader-aside">
            <Chapters chapters={chapters} activeId={activeId} onSelect={scrollTo} />
          </aside>
        )}
      </div>
    </article>
  );
}
