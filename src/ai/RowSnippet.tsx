import type { ItemRow } from '../engine/contract';
import { useSettingsGroup } from '../settings/useSettings';
import { ListSummary } from './ListSummary';
import { textAttrs } from '../items/articleLanguage';
import { Highlighted } from '../search/Highlighted';

/**
 * A list row's snippet, or its AI summary when list summaries are on (general.enableListAISummary,
 * toggled from the list menu). Renders nothing when there is neither. In search results the
 * search's words are marked (search/Highlighted.tsx).
 */
export function RowSnippet({
  row,
  feedTitle,
  language,
  className,
}: {
  row: ItemRow;
  feedTitle: string;
  /** The article's language (src/items/articleLanguage.ts; '' unknown). */
  language: string;
  className?: string;
}) {
  const { enableListAISummary } = useSettingsGroup('general');
  if (enableListAISummary) return <ListSummary row={row} feedTitle={feedTitle} className={className} />;
  // The article's words, in its own language (unknown: lang=""), not the UI's (ItemCells' Title).
  return row.snippet ? (
    <p className={className} {...textAttrs(language)}>
      <Highlighted text={row.snippet} />
    </p>
  ) : null;
}
