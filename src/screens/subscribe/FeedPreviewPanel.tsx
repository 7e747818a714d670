import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { tRich, useT } from '../../i18n';
import { textAttrs } from '../../items/articleLanguage';
import { askPersistenceOnce } from '../../pwa/persistence';
import { preview, subscribe } from '../../subscriptions/api';
import { feedPath } from '../../subscriptions/paths';
import { feedsQuery } from '../../queries/feeds';
import { queryKeys } from '../../queries/keys';
import { type GroupChoice, GroupPicker, groupChoiceRequest } from './GroupPicker';
import { PreviewItems } from './PreviewItems';
import { errorText } from '../../i18n/errorText';
import { type Into, SubscribeDestination, intoRequest } from '../../sync/SubscribeDestination';

const messageOf = errorText;
const FORMAT: Record<string, string> = { rss: 'RSS', rdf: 'RSS 1.0', atom: 'Atom', json: 'JSON Feed' };

/**
 * The chosen feed, fetched and parsed (not stored): title, site, format, item count and the
 * newest items; then the group choice and Subscribe. A duplicate is flagged before any click: an
 * address already subscribed (also by the feed's own self link) links to that feed instead of
 * offering Subscribe; another feed of a site already followed is pointed out above the button.
 */
export function FeedPreviewPanel({ url }: { url: string }) {
  const t = useT();
  const [group, setGroup] = useState<GroupChoice>({ kind: 'none' });
  const [into, setInto] = useState<Into>('account');
  const shown = useQuery({
    queryKey: queryKeys.subscribePreview(url),
    queryFn: () => preview(url),
    gcTime: 60_000,
  });
  const feeds = useQuery(feedsQuery());
  const sub = useMutation({
    mutationFn: () =>
      subscribe({ url: shown.data?.url ?? url, ...groupChoiceRequest(group), ...intoRequest(into) }),
    // Data worth keeping exists from now on: ask the browser to keep it (once) and say what it said.
    onSuccess: (r) => void (r.alreadySubscribed ? undefined : askPersistenceOnce()),
  });

  if (shown.isPending)
    return (
      <Group gap="xs" mt="lg" c="dimmed" data-testid="preview-loading">
        <Loader size="xs" />
        <Text size="sm">{t('subscribe.preview.reading')}</Text>
      </Group>
    );
  if (shown.isError)
    return (
      <Alert
        color="red"
        variant="light"
        mt="lg"
        icon={<IconAlertTriangle size={18} />}
        title={t('subscribe.preview.failed')}
        data-testid="preview-error"
      >
        {messageOf(shown.error)}
      </Alert>
    );

  const p = shown.data;
  // Names the subscription a duplicate flag points at (the feed list is cached already).
  const titleOf = (id: number) => {
    const f = feeds.data?.find((x) => x.id === id);
    return f ? f.title || f.url : `#${id}`;
  };
  const existing = sub.data?.alreadySubscribed ? sub.data.feedId : p.subscribedFeedId;
  // The feed's title in the language it declares (its address, shown without one, in none).
  const titleAttrs = p.title ? textAttrs(p.language) : { dir: 'auto' as const };
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" data-testid="preview">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Text fw={650} fz="lg" data-testid="preview-title" truncate {...titleAttrs}>
            {p.title || p.url}
          </Text>
          {p.siteUrl && (
            <Anchor href={p.siteUrl} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
              {p.siteUrl}
            </Anchor>
          )}
        </div>
        <Group gap={6} wrap="nowrap">
          <Badge variant="light">{FORMAT[p.format] ?? p.format}</Badge>
          <Badge variant="default" data-testid="preview-count">
            {t('subscribe.preview.items', { count: p.itemCount })}
          </Badge>
        </Group>
      </Group>
      <PreviewItems items={p.items} language={p.language} />

      {existing !== null ? (
        <Alert
          color="blue"
          variant="light"
          mt="md"
          icon={<IconCopy size={18} />}
          title={
            p.subscribedBy === 'self'
              ? t('upkeep.duplicate.selfLink', { title: titleOf(existing) })
              : t('upkeep.duplicate.sameAddress')
          }
          data-testid="already-subscribed"
          data-by={sub.data?.alreadySubscribed ? 'address' : (p.subscribedBy ?? 'address')}
        >
          <Anchor component={Link} to={feedPath(existing)} inherit data-testid="already-link">
            {t('upkeep.duplicate.open', { title: titleOf(existing) })}
          </Anchor>
        </Alert>
      ) : sub.isSuccess ? (
        <Alert
          color="green"
          variant="light"
          mt="md"
          icon={<IconCheck size={18} />}
          data-testid="subscribe-done"
        >
          {sub.data.added > 0
            ? tRich('subscribe.preview.doneAdded', {
                title: <b {...titleAttrs}>{p.title || p.url}</b>,
                count: sub.data.added,
              })
            : tRich('subscribe.preview.done', {
                title: <b {...titleAttrs}>{p.title || p.url}</b>,
              })}{' '}
          <Anchor component={Link} to={feedPath(sub.data.feedId)} inherit data-testid="subscribe-open">
            {t('subscribe.preview.readNow')}
          </Anchor>
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!sub.isPending) sub.mutate();
          }}
        >
          <Stack gap="sm" mt="md">
            {p.sameSiteFeedId != null && (
              <Alert color="yellow" variant="light" icon={<IconCopy size={18} />} data-testid="same-site">
                {t('upkeep.duplicate.sameSite', { title: titleOf(p.sameSiteFeedId) })}{' '}
                <Anchor component={Link} to={feedPath(p.sameSiteFeedId)} inherit data-testid="same-site-link">
                  {t('upkeep.duplicate.open', { title: titleOf(p.sameSiteFeedId) })}
                </Anchor>
                <Text size="xs" c="dimmed" mt={4}>
                  {t('upkeep.duplicate.sameSiteHint')}
                </Text>
              </Alert>
            )}
            <GroupPicker value={group} onChange={setGroup} />
            <SubscribeDestination value={into} onChange={setInto} />
            {sub.isError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                data-testid="subscribe-error"
              >
                {messageOf(sub.error)}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                loading={sub.isPending}
                disabled={group.kind === 'new' && !group.title.trim()}
                data-testid="subscribe-submit"
              >
                {t('subscribe.preview.subscribe')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
