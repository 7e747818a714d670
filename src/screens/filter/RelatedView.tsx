import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconCopy } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { relatedQuery } from '../../filters/queries';
import { relatedHref } from '../../filters/related';
import { useDocumentTitle } from '../../filters/useDocumentTitle';
import { ItemsView } from '../../items/ItemsView';
import { feedsQuery } from '../../queries/feeds';
import { itemQuery } from '../../queries/items';
import { formatAge } from '../items/route';
import { useNow } from '../../components/useNow';
import { useI18n } from '../../i18n';
import { queryKeys } from '../../queries/keys';

/** `/filter?related=<id>`: articles like this one (ranked), and likely duplicates across feeds. */
export function RelatedView({ itemId }: { itemId: number }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const item = useQuery(itemQuery(itemId));
  const related = useQuery(relatedQuery(itemId));
  const feeds = useQuery(feedsQuery());
  const now = useNow();
  // The list and the duplicates share one engine call through the cache.
  const fetchPage = useCallback(async () => {
    const r = await client.fetchQuery(relatedQuery(itemId));
    return { rows: r.related, next: null, total: r.related.length };
  }, [client, itemId]);
  const title = item.data?.title || (item.isPending ? '…' : t('filter.related.article', { id: itemId }));
  useDocumentTitle(t('filter.related.docTitle', { title }));
  const duplicates = related.data?.duplicates ?? [];
  const feedTitle = (feedId: number) => feeds.data?.find((f) => f.id === feedId)?.title ?? '';

  const extra = (
    <div data-testid="related-extra">
      <Button
        component={Link}
        to="/filter"
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
      >
        {t('filter.related.back')}
      </Button>
      {item.isError && (
        <Text size="sm" c="red.7" mt={4} data-testid="related-missing">
          {t('filter.related.missing')}
        </Text>
      )}
      {duplicates.length > 0 && (
        <Paper withBorder radius="md" p="sm" mt="xs" data-testid="related-duplicates">
          <Group gap={6} mb={6}>
            <IconCopy size={16} />
            <Text fw={600} size="sm">
              {t('filter.related.duplicates')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('filter.related.duplicatesHint')}
            </Text>
          </Group>
          <Stack gap={2}>
            {duplicates.map((d) => (
              <Group key={d.id} gap={8} wrap="nowrap" data-testid="related-duplicate">
                <Anchor component={Link} to={relatedHref(d.id)} size="sm" lineClamp={1} style={{ flex: 1 }}>
                  {d.title || t('filter.related.untitled')}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {feedTitle(d.feedId)} · {formatAge(d.pubDate, now)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );

  return (
    <div data-testid="screen-related" style={{ display: 'contents' }}>
      <ItemsView
        listKey={queryKeys.itemViews.related(itemId)}
        fetchPage={fetchPage}
        title={
          <span data-testid="related-title">
            <span style={{ color: 'var(--mantine-color-dimmed)', fontWeight: 500 }}>
              {t('filter.related.prefix')}
            </span>
            {title}
          </span>
        }
        headerExtra={extra}
        ranked
        emptyState={
          <Text c="dimmed" py="xl" ta="center" data-testid="related-empty">
            {t('filter.related.empty')}
          </Text>
        }
      />
    </div>
  );
}
