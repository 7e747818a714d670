import { Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '../../components/Screen';
import { filterKeys } from '../../filters/keys';
import { ItemsView } from '../../items/ItemsView';
import { searchPage } from '../../search/queries';

/**
 * Route `/search?q=…[&open=<id>]`: the full, ranked results of a full-text search in the standard
 * items list, with the query in a box at the top (Enter searches again).
 */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    setSeen(q);
    setDraft(q);
  }
  const fetchPage = useMemo(() => searchPage(q), [q]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    setParams(text ? { q: text } : {});
  };

  return (
    <Screen id="search" title="Search" documentTitle={q ? `Search: ${q}` : 'Search'}>
      <form onSubmit={submit} role="search" style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
        <TextInput
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          placeholder="Search all articles"
          leftSection={<IconSearch size={18} />}
          size="md"
          aria-label="Search articles"
          data-testid="search-page-input"
        />
      </form>
      {/* The AI answer to the question (AI issue) goes here, above the results. */}
      {q ? (
        <div data-testid="search-page-results">
          <ItemsView
            key={q}
            listKey={filterKeys.search(q)}
            fetchPage={fetchPage}
            title={`Results for “${q}”`}
            ranked
            emptyState={
              <Text c="dimmed" py="xl" ta="center" data-testid="search-page-empty">
                No articles match “{q}”.
              </Text>
            }
          />
        </div>
      ) : (
        <Text c="dimmed" data-testid="search-page-hint">
          Type words to search titles, authors, feeds and article text. Press / or Ctrl+K anywhere to search.
        </Text>
      )}
    </Screen>
  );
}
