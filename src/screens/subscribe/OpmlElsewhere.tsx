import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFolderShare, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { textAttrs } from '../../items/articleLanguage';
import { feedsQuery } from '../../queries/feeds';
import { groupsQuery } from '../../queries/groups';
import { moveFeedsToGroupsAction } from '../../subscriptions/feedActions';
import { feedPath } from '../../subscriptions/paths';

/**
 * The feeds an import skipped as already followed whose file puts them in another group: each
 * with the group it is in and the file's, and one button that moves those still elsewhere into
 * the file's groups as one change (Undo takes it back). Rows follow the live feed list, so a
 * move, its undo or a move made on the feed list shows at once.
 */
export function OpmlElsewhere({ moves }: { moves: readonly { feedId: number; groupId: number }[] }) {
  const t = useT();
  const feeds = useQuery(feedsQuery());
  const groups = useQuery(groupsQuery());
  if (!feeds.data || !groups.data) return null;
  const feedOf = new Map(feeds.data.map((f) => [f.id, f]));
  const titleOf = new Map(groups.data.map((g) => [g.id, g.title]));
  const groupName = (id: number) => {
    const title = titleOf.get(id);
    return title === undefined ? t('upkeep.opml.noGroup') : `“${title}”`;
  };
  // A feed unsubscribed since, or a file group deleted since, has nothing left to offer.
  const rows = moves.flatMap(({ feedId, groupId }) => {
    const feed = feedOf.get(feedId);
    return feed && titleOf.has(groupId) ? [{ feed, groupId, moved: feed.groupId === groupId }] : [];
  });
  if (rows.length === 0) return null;
  const pending = rows.filter((r) => !r.moved);

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t('upkeep.opml.elsewhereTitle', { count: rows.length })}
      data-testid="opml-elsewhere"
      data-pending={pending.length}
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="sm" mb="sm">
        {t('upkeep.opml.elsewhereIntro', { count: rows.length })}
      </Text>
      <Stack gap={6}>
        {rows.map(({ feed, groupId, moved }) => (
          <Group
            key={feed.id}
            justify="space-between"
            wrap="wrap"
            gap="sm"
            data-testid={`opml-elsewhere-${feed.id}`}
            data-moved={moved || undefined}
            style={{ borderTop: '1px solid var(--rv-border)', paddingTop: 6 }}
          >
            <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Text size="sm" fw={500} truncate>
                <Anchor component={Link} to={feedPath(feed.id)} inherit {...textAttrs(feed.language ?? '')}>
                  {feed.title || feed.url}
                </Anchor>
              </Text>
              <Text size="xs" c={moved ? 'green.8' : 'dimmed'}>
                {moved
                  ? t('upkeep.opml.elsewhereMoved', { wanted: groupName(groupId) })
                  : t('upkeep.opml.elsewhereRow', {
                      current: groupName(feed.groupId),
                      wanted: groupName(groupId),
                    })}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      {pending.length > 0 && (
        <Group gap="xs" mt="md">
          <Button
            size="xs"
            leftSection={<IconFolderShare size={14} />}
            onClick={() =>
              void moveFeedsToGroupsAction(pending.map(({ feed, groupId }) => ({ feed, groupId })))
            }
            data-testid="opml-elsewhere-move"
          >
            {t('upkeep.opml.moveAll', { count: pending.length })}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
