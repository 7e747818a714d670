import { Button, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { relatedHref } from '../filters/related';
import { useT } from '../i18n';
import { Reader, type ReaderProps } from '../reader/Reader';
import { useArticleSummary } from './ArticleSummary';

/**
 * The reader with the AI summary mounted: a drop-in for `<Reader>` (same props). The summary
 * button joins the toolbar, the summary box sits above the article. The toolbar also links to
 * the article's related articles and likely duplicates on /filter.
 */
export function ReaderWithSummary(props: ReaderProps) {
  const t = useT();
  const summary = useArticleSummary(props.item, props.feedTitle, props.shortcutsEnabled ?? true);
  const related = (
    <Tooltip label={t('filter.related.buttonTip')}>
      <Button
        component={Link}
        to={relatedHref(props.item.id)}
        variant="default"
        size="xs"
        data-testid="reader-related"
      >
        {t('filter.related.button')}
      </Button>
    </Tooltip>
  );
  return (
    <Reader
      {...props}
      extraActions={
        <>
          {summary.button}
          {related}
        </>
      }
      extraTop={summary.box}
    />
  );
}
