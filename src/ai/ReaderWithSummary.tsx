import { Reader, type ReaderProps } from '../reader/Reader';
import { useArticleSummary } from './ArticleSummary';

/**
 * The reader with the AI summary mounted: a drop-in for `<Reader>` (same props). The summary
 * button joins the toolbar, the summary box sits above the article.
 */
export function ReaderWithSummary(props: ReaderProps) {
  const summary = useArticleSummary(props.item, props.feedTitle, props.shortcutsEnabled ?? true);
  return <Reader {...props} extraActions={summary.button} extraTop={summary.box} />;
}
