import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Avatar } from '../../components/Avatar';
import type { Bundle } from '../../data/bundles';
import { urlKey } from '../../../shared/urlKey';
import { useT } from '../../i18n';

const host = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/** A bundle as a card: what it is, each feed (title, site, one line), and "Subscribe…". */
export function BundleCard({
  bundle,
  subscribed,
  onSubscribe,
  highlight = false,
}: {
  bundle: Bundle;
  subscribed: ReadonlySet<string>;
  onSubscribe: (bundle: Bundle) => void;
  highlight?: boolean;
}) {
  const t = useT();
  const already = bundle.feeds.filter((f) => subscribed.has(urlKey(f.url))).length;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="bundle-card"
      data-bundle={bundle.id}
      style={highlight ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
        <div>
          <Title order={2} fz={17}>
            {bundle.title}
          </Title>
          <Text size="sm" c="dimmed">
            {bundle.description}
          </Text>
        </div>
        <Badge variant="light" style={{ flex: 'none' }}>
          {t('combo.card.feeds', { count: bundle.feeds.length })}
        </Badge>
      </Group>
      <Stack gap={8} my="md" style={{ flex: 1 }}>
        {bundle.feeds.map((f) => (
          <Group key={f.url} gap={8} wrap="nowrap" align="flex-start">
            <Avatar name={f.title} size={20} />
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                {/* The feed's name wins the line: its site's address gives way first. */}
                <Text
                  size="sm"
                  fw={600}
                  truncate
                  // Never shrunk while the address can give way (any shrink shows "…"); never
                  // wider than the line.
                  style={{ flex: '0 0 auto', maxWidth: '100%' }}
                  data-testid="bundle-card-feed"
                >
                  {f.title}
                </Text>
                {f.site && (
                  <Anchor
                    href={f.site}
                    target="_blank"
                    rel="noreferrer"
                    size="xs"
                    c="dimmed"
                    truncate
                    style={{ flex: '0 1 auto', minWidth: 0 }}
                  >
                    {host(f.site)}
                  </Anchor>
                )}
              </Group>
              {f.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {f.description}
                </Text>
              )}
            </div>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {already > 0 ? t('combo.card.already', { n: already }) : ''}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => onSubscribe(bundle)}
          disabled={already === bundle.feeds.length}
          data-testid="bundle-subscribe"
        >
          {already === bundle.feeds.length ? t('combo.card.allSubscribed') : t('combo.card.subscribe')}
        </Button>
      </Group>
    </Card>
  );
}
