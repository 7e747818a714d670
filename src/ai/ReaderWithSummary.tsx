import { IconListSearch } from '@tabler/icons-react';
import { relatedHref } from '../filters/related';
import { useT } from '../i18n';
import { Reader, type ReaderProps } from '../reader/Reader';
import { useFullText } from '../reader/fullText/useFullText';
import type { ReaderMenuAction } from '../reader/readerActions';
import { useArticleTranslation } from '../translate/ArticleTranslation';
import { useArticleSummary } from './ArticleSummary';
import { useSendToActions } from '../sendTo/useSendToActions';

/**
 * The reader with the AI summary and whole articles mounted: a drop-in for `<Reader>` (same
 * props). Both join the toolbar's More menu; their lines sit above the article, and a whole
 * article fetched from the site replaces the feed's body (reader/fullText/). The menu also links to
 * the article's related articles and likely duplicates on /filter. A feature that acts on the
 * open article (translate, send to, full text, …) adds one entry to `more` here.
 */
export function ReaderWithSummary(props: ReaderProps) {
  const t = useT();
  const summary = useArticleSummary(props.item, props.feedTitle, props.shortcutsEnabled ?? true);
  const sendTo = useSendToActions(props.item, props.shortcutsEnabled ?? true);
  const fullText = useFullText(props.item, props.shortcutsEnabled ?? true);
  // With the whole article shown, that is what gets translated (a translation of its own).
  const translation = useArticleTranslation(props.item, props.shortcutsEnabled ?? true, fullText.body);
  const more: ReaderMenuAction[] = [
    fullText.action,
    summary.action,
    translation.action,
    {
      id: 'related',
      label: t('filter.related.button'),
      icon: <IconListSearch size={15} />,
      to: relatedHref(props.item.id),
      testId: 'reader-related',
    },
    ...sendTo,
  ];
  return (
    <Reader
      {...props}
      moreActions={more}
      body={fullText.body}
      extraTop={
        <>
          {fullText.notice}
          {summary.box}
          {translation.box}
        </>
      }
      translation={translation.body}
    />
  );
}
