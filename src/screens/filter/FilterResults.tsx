import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { filterKeys } from '../../filters/keys';
import { keywordsPage, queryPage } from '../../filters/queries';
import type { FilterKeyword } from '../../filters/savedFilters';
import { ItemsView } from '../../items/ItemsView';

type FilterResultsProps = { kind: 'query'; query: string } | { kind: 'keywords'; keywords: FilterKeyword[] };

/** The run query's (or keyword list's) articles in the standard items list. */
export function FilterResults(props: FilterResultsProps) {
  const query = props.kind === 'query' ? props.query : null;
  const keywords = props.kind === 'keywords' ? props.keywords : null;
  const list = useMemo(() => {
    if (keywords) return { key: filterKeys.keywords(keywords), fetchPage: keywordsPage(keywords) };
    const text = query ?? '';
    return { key: filterKeys.run(text), fetchPage: queryPage(text) };
  }, [query, keywords]);
  return (
    <div data-testid="filter-results">
      <ItemsView
        listKey={list.key}
        fetchPage={list.fetchPage}
        title="Results"
        ranked={keywords !== null}
        emptyState={
          <Text c="dimmed" py="xl" ta="center" data-testid="filter-results-empty">
            No articles match.
          </Text>
        }
      />
    </div>
  );
}
