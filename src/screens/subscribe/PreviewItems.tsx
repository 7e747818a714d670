import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatDate, useT } from '../../i18n';
import { textAttrs } from '../../items/articleLanguage';
import type { FeedPreview } from '../../subscriptions/api';

/**
 * The newest few items of a previewed feed, each with its date; titles in their own language,
 * else the feed's (`lang` and `dir`, as list rows have them).
 */
export function PreviewItems({ items, language }: { items: FeedPreview['items']; language: string }) {
  const t = useT();
  if (!items.length)
    return (
      <Text size="sm" c="dimmed" mt="md">
        {t('subscribe.preview.noItems')}
      </Text>
    );
  return (
    <Stack gap={4} mt="md" data-testid="preview-items">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.5 }}>
        {t('subscribe.preview.newest')}
      </Text>
      {items.map((it, i) => (
        <Group key={`${it.link}-${i}`} justify="space-between" wrap="nowrap" gap="md">
          {it.link ? (
            <Anchor
              href={it.link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              truncate
              {...(it.title ? textAttrs(it.language || language) : { dir: 'auto' })}
              data-derived={it.titleDerived || undefined}
              data-testid="preview-item-title"
            >
              {it.title || it.link}
            </Anchor>
          ) : it.title ? (
            <Text
              size="sm"
              truncate
              {...textAttrs(it.language || language)}
              data-derived={it.titleDerived || undefined}
              data-testid="preview-item-title"
            >
              {it.title}
            </Text>
          ) : (
            <Text size="sm" truncate>
              {t('common.untitled')}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {it.pubDate === null
              ? t('subscribe.preview.noDate')
              : formatDate(it.pubDate * 1000, { dateStyle: 'medium' })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
