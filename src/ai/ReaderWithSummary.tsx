import { IconListSearch } from '@tabler/icons-react';
import { relatedHref } from '../filters/related';
import { useT } from '../i18n';
import { Reader, type ReaderProps } from '../reader/Reader';
import type { ReaderMenuAction } from '../reader/readerActions';
import { useArticleTranslation } from '../translate/ArticleTranslation';
import { useArticleSummary } from './ArticleSummary';
import { useSendToActions } from '../sendTo/useSendToActions';

/**
 * The reader with the AI summary mounted: a drop-in for `<Reader>` (same props). The summary
 * joins the toolbar's More menu, the summary box sits above the article. The menu also links to
 * the article's related articles and likely duplicates on /filter. A feature that acts on the
 * open article (translate, send to, full text, …) adds one entry to `more` here.
 */
export function ReaderWithSummary(props: ReaderProps) {
  const t = useT();
  const summary = useArticleSummary(props.item, props.feedTitle, props.shortcutsEnabled ?? true);
  const sendTo = useSendToActions(props.item, props.shortcutsEnabled ?? true);
  const translation = useArticleTranslation(props.item, props.shortcutsEnabled ?? true);
  const more: ReaderMenuAction[] = [
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
      extraTop={
        <>
          {summary.box}
          {translation.box}
        </>
      }
      translation={translation.body}
    />
  );
}
