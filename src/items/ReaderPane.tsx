import { Button, Center, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useT } from '../i18n';
import { bindKeys } from '../keys/keyMap';
import { useShortcuts } from '../reader/shortcuts';
import { itemQuery } from '../queries/items';
import { ReaderWithSummary } from '../ai/ReaderWithSummary';
import type { ReaderEndProps } from '../reader/ReaderEnd';
import type { LanguageOf } from './articleLanguage';

export interface ReaderPaneProps extends ReaderEndProps {
  id: number;
  feedTitle: (feedId: number) => string;
  /** The article's language (its own, else its feed's). */
  languageOf: LanguageOf;
  onToggleRead: () => void;
  onToggleSaved: () => void;
  shortcutsEnabled: boolean;
}

/** Loads one article (with its body) and shows it in the reader. */
export function ReaderPane({ id, feedTitle, languageOf, ...p }: ReaderPaneProps) {
  const t = useT();
  const q = useQuery(itemQuery(id));
  // Until the reader shows (its article loading, or not found), Esc closes the pane here: the
  // list binds no Esc while an article is open, and the reader binds its own once it renders.
  // Without this, Esc pressed while the article loads (Enter then Esc by a quick hand on a busy
  // page) was lost and the reader opened anyway.
  const showsReader = !q.isPending && !q.isError && !!q.data;
  useShortcuts(bindKeys('reader', { close: p.onClose }), { enabled: p.shortcutsEnabled && !showsReader });
  if (q.isPending) {
    return (
      <Center py={80} data-testid="reader-loading">
        <Loader size="sm" />
      </Center>
    );
  }
  if (q.isError || !q.data) {
    return (
      <Center py={80} style={{ flexDirection: 'column', gap: 12 }} data-testid="reader-missing">
        <Text c="dimmed">{q.isError ? t('items.reader.loadFailed') : t('items.reader.gone')}</Text>
        <Button variant="default" size="xs" onClick={p.onClose}>
          {t('common.close')}
        </Button>
      </Center>
    );
  }
  return (
    <ReaderWithSummary
      item={q.data}
      feedTitle={feedTitle(q.data.feedId)}
      language={languageOf(q.data)}
      {...p}
    />
  );
}

/**
 * Loads the articles either side of the open one (`prev`, `next`: their ids, undefined at an end
 * of the list) once it is open, so j and k show them at once. Each article is a new reader
 * (`ReaderPane` is keyed by id) that asks for its article; without this that answer was awaited
 * with a spinner where the reader and its toolbar had been, a flash at every press.
 */
export function usePrefetchNeighbours(prev: number | undefined, next: number | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    // An article already in the cache is not asked for again (the one just left, when stepping
    // on): engine events keep cached articles current (queryClient.ts), as for the reader's own.
    if (next !== undefined) void client.prefetchQuery(itemQuery(next));
    if (prev !== undefined) void client.prefetchQuery(itemQuery(prev));
  }, [client, prev, next]);
}
