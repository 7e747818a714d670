import { CloseButton, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../filters/useDocumentTitle';
import { useFeedAssistant } from '../../ai/FeedAssistant';
import { ItemsView } from '../../items/ItemsView';
import { useT } from '../../i18n';
import { searchPage } from '../../search/queries';
import { HighlightQuery } from '../../search/Highlighted';
import { queryKeys } from '../../queries/keys';

/**
 * Route `/search?q=…[&open=<id>]`: the full, ranked results of a full-text search in the standard
 * items list, the query's words marked in their titles and snippets, the query in a search box at
 * the top (the results follow typing after a pause, replacing the address rather than adding
 * history; Enter searches at once; its clear button empties it and the results). The feed
 * assistant is not asked by typing: its answer is a paid, slow call to a model, sent off the
 * machine, so it waits for "Ask AI" (a changed question cancels a running one). `open` is the article open in
 * the reader (the query shape of items/articleAddress.ts: Back closes it, reload keeps it).
 */
/** How long typing pauses before the results follow it: longer than the palette's (60 ms), as a whole list and the address change. */
const TYPING_PAUSE_MS = 250;

export function SearchScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const title = q ? t('search.titleFor', { q }) : t('search.title');
  useDocumentTitle(title);
  const [draft, setDraft] = useState(q);
  const [seen, setSeen] = useState(q);
  if (seen !== q) {
    setSeen(q);
    setDraft(q);
  }
  const fetchPage = useMemo(() => searchPage(q), [q]);
  // The feed assistant (AI issue): once asked, the list shows the articles it answered from.
  const assistant = useFeedAssistant(q);

  const inputRef = useRef<HTMLInputElement | null>(null);
  const clear = () => {
    setDraft('');
    if (q) setParams({});
    inputRef.current?.focus();
  };

  // Typing searches once it pauses: each text is its own list (ItemsView's key and query key), so
  // an answer for text typed over is never shown, and each keystroke is not a history entry.
  useEffect(() => {
    const text = draft.trim();
    if (text === q) return;
    const timer = setTimeout(() => setParams(text ? { q: text } : {}, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, setParams]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    setParams(text ? { q: text } : {});
  };

  const box = (
    <form onSubmit={submit} role="search">
      <TextInput
        ref={inputRef}
        type="search"
        // Phones' keyboards offer "Search" for Enter.
        enterKeyHint="search"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        placeholder={t('search.pagePlaceholder')}
        leftSection={<IconSearch size={18} />}
        rightSection={
          draft ? (
            <CloseButton onClick={clear} aria-label={t('search.clear')} data-testid="search-page-clear" />
          ) : null
        }
        aria-label={t('search.input')}
        // Arriving with nothing asked yet (the Search tab, g then /): the box takes the keys.
        autoFocus={!q}
        data-testid="search-page-input"
      />
      {assistant.panel}
    </form>
  );

  return (
    <div data-testid="screen-search" style={{ display: 'contents' }}>
      {/* The assistant's list answers a question: its words are not what the rows matched. */}
      <HighlightQuery.Provider value={assistant.list ? '' : q}>
        <ItemsView
          key={q}
          listKey={assistant.list?.listKey ?? queryKeys.itemViews.search(q)}
          fetchPage={
            assistant.list?.fetchPage ??
            (q ? fetchPage : () => Promise.resolve({ rows: [], next: null, total: 0 }))
          }
          title={title}
          headerExtra={box}
          ranked
          // No "0 articles" before anything was asked.
          noCount={!q && !assistant.list}
          emptyState={
            <div
              data-testid="search-page-empty-box"
              style={{ textAlign: 'center', padding: 'var(--mantine-spacing-xl) var(--mantine-spacing-md)' }}
            >
              <Text c="dimmed" data-testid="search-page-empty">
                {q ? (
                  t('search.noMatch', { q })
                ) : (
                  <>
                    {t('search.hint')} <span data-key-hint>{t('search.hintKeys')}</span>
                  </>
                )}
              </Text>
              {q && (
                <Text c="dimmed" size="sm" mt={4} data-testid="search-page-empty-hint">
                  {t('search.noMatchHint')}
                </Text>
              )}
            </div>
          }
        />
      </HighlightQuery.Provider>
    </div>
  );
}
