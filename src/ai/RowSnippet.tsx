import type { ItemRow } from '../engine/contract';
import { useSettingsGroup } from '../settings/useSettings';
import { ListSummary } from './ListSummary';
import { Highlighted } from '../search/Highlighted';

/**
 * A list row's snippet, or its AI summary when list summaries are on (general.enableListAISummary,
 * toggled from the list menu). Renders nothing when there is neither. In search results the
 * search's words are marked (search/Highlighted.tsx).
 */
export function RowSnippet({
  row,
  feedTitle,
  className,
}: {
  row: ItemRow;
  feedTitle: string;
  className?: string;
}) {
  const { enableListAISummary } = useSettingsGroup('general');
  if (enableListAISummary) return <ListSummary row={row} feedTitle={feedTitle} className={className} />;
  // The article's words, in its own language (unknown: lang=""), not the UI's (ItemCells' Title).
  return row.snippet ? (
    <p className={className} dir="auto" lang="">
      <Highlighted text={row.snippet} />
    </p>
  ) : null;
}
