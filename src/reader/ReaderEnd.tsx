import { UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconList } from '@tabler/icons-react';
import { useT } from '../i18n';
import { textAttrs } from '../items/articleLanguage';
import type { NextFeed } from '../items/useNextFeed';

/** The way on from an article, as the list around it gives it (the reader and its pane pass it on). */
export interface ReaderEndProps {
  /** Omit when there is no previous article. */
  onPrev?: () => void;
  /** Omit when there is no next article. */
  onNext?: () => void;
  /** The next article's title, when the list has it loaded. */
  nextTitle?: string;
  /** The next article's language (src/items/articleLanguage.ts); '' or absent when unknown. */
  nextLanguage?: string;
  /** "Next feed (group) with unread" (the list's own end offers it too), for the last article of a feed or group. */
  nextFeed?: NextFeed;
  onClose: () => void;
}

/**
 * The end of an article: the way on, where the thumb is when the reading is done (the toolbar's
 * Previous / Next are at the top, out of a phone's reach by then; Miniflux ends its article page
 * the same way). Next names the article it opens; the last article of a feed offers the next feed
 * with unread articles, of a group the next group (or feed in no group) with some, where there is
 * one (named when the sidebar knows it); otherwise, and in every other list (Saved, Today, a
 * filter, a search: src/items/useNextFeed.ts), the list.
 */
export function ReaderEnd({
  onPrev,
  onNext,
  nextTitle,
  nextLanguage = '',
  nextFeed,
  onClose,
}: ReaderEndProps) {
  const t = useT();
  const kindLabel = nextFeed?.kind === 'group' ? t('items.empty.nextGroup') : t('items.empty.nextFeed');
  return (
    <nav className="rv-end" aria-label={t('reader.endNav')} data-testid="reader-end">
      {onPrev && (
        <UnstyledButton className="rv-end-prev" onClick={onPrev} data-testid="reader-end-prev">
          <IconArrowLeft size={16} aria-hidden="true" />
          <span>{t('reader.prev')}</span>
        </UnstyledButton>
      )}
      {onNext ? (
        <UnstyledButton className="rv-end-next" onClick={onNext} data-testid="reader-end-next">
          <span className="rv-end-label">{t('reader.nextArticle')}</span>
          {nextTitle && (
            // The article's title, in its own language (unknown: ""), not the UI's.
            <span className="rv-end-title" {...textAttrs(nextLanguage)}>
              {nextTitle}
            </span>
          )}
          <IconArrowRight size={18} className="rv-end-arrow" aria-hidden="true" />
        </UnstyledButton>
      ) : nextFeed ? (
        <UnstyledButton className="rv-end-next" onClick={nextFeed.go} data-testid="reader-end-next-feed">
          <span className="rv-end-label">{nextFeed.title ? kindLabel : t('reader.lastInList')}</span>
          <span className="rv-end-title" dir="auto">
            {nextFeed.title ?? kindLabel}
          </span>
          <IconArrowRight size={18} className="rv-end-arrow" aria-hidden="true" />
        </UnstyledButton>
      ) : (
        <UnstyledButton className="rv-end-next" onClick={onClose} data-testid="reader-end-back">
          <span className="rv-end-label">{t('reader.lastInList')}</span>
          <span className="rv-end-title">{t('reader.backToList')}</span>
          <IconList size={18} className="rv-end-arrow" aria-hidden="true" />
        </UnstyledButton>
      )}
    </nav>
  );
}
