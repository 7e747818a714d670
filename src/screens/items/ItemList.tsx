import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EngineError } from '../../components/EngineError';
import type { Feed } from '../../engine/contract';
import { type ItemsListParams, itemsInfiniteQuery } from '../../queries/items';
import { ItemRowView } from './ItemRowView';
import { useNow } from './useNow';

interface ItemListProps extends ItemsListParams {
  feedsById: ReadonlyMap<number, Feed>;
}

/** A plain (non-virtual) list of item rows, 50 per engine page, with "Load more". */
export function ItemList({ feedsById, ...params }: ItemListProps) {
  const q = useInfiniteQuery(itemsInfiniteQuery(params));
  const now = useNow();
  if (q.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (q.isError) return <EngineError error={q.error} onRetry={() => void q.refetch()} />;
  const rows = q.data.pages.flatMap((p) => p.rows);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="items-empty">
        {params.unreadOnly ? 'No unread articles here.' : 'No articles here yet.'}
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid="items-list">
      {rows.map((row) => (
        <ItemRowView key={row.id} row={row} feed={feedsById.get(row.feedId)} now={now} />
      ))}
      {q.hasNextPage && (
        <Center py="md">
          <Button
            variant="default"
            size="xs"
            loading={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
            data-testid="items-load-more"
          >
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
