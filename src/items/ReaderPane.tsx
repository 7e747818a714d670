import { Button, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { itemQuery } from '../queries/items';
import { ReaderWithSummary } from '../ai/ReaderWithSummary';

export interface ReaderPaneProps {
  id: number;
  feedTitle: (feedId: number) => string;
  onToggleRead: () => void;
  onToggleSaved: () => void;
  onPrev?: () => void;
  onNext?: () => void;
  /** The next article's title, when the list has it loaded. */
  nextTitle?: string;
  /** "Next feed with unread", offered at the end of the list's last article. */
  onNextFeed?: () => void;
  /** The feed `onNextFeed` opens, when known. */
  nextFeedTitle?: string;
  onClose: () => void;
  shortcutsEnabled: boolean;
}

/** Loads one article (with its body) and shows it in the reader. */
export function ReaderPane(p: ReaderPaneProps) {
  const t = useT();
  const q = useQuery(itemQuery(p.id));
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
      feedTitle={p.feedTitle(q.data.feedId)}
      onToggleRead={p.onToggleRead}
      onToggleSaved={p.onToggleSaved}
      onPrev={p.onPrev}
      onNext={p.onNext}
      nextTitle={p.nextTitle}
      onNextFeed={p.onNextFeed}
      nextFeedTitle={p.nextFeedTitle}
      onClose={p.onClose}
      shortcutsEnabled={p.shortcutsEnabled}
    />
  );
}
