import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { FeedPreview } from '../../subscriptions/api';

const dateOf = (s: number | null) =>
  s === null ? 'no date' : new Date(s * 1000).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The newest few items of a previewed feed, each with its date. */
export function PreviewItems({ items }: { items: FeedPreview['items'] }) {
  if (!items.length)
    return (
      <Text size="sm" c="dimmed" mt="md">
        The feed has no items yet.
      </Text>
    );
  return (
    <Stack gap={4} mt="md" data-testid="preview-items">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.5 }}>
        Newest
      </Text>
      {items.map((it, i) => (
        <Group key={`${it.link}-${i}`} justify="space-between" wrap="nowrap" gap="md">
          {it.link ? (
            <Anchor href={it.link} target="_blank" rel="noopener noreferrer" size="sm" truncate>
              {it.title || it.link}
            </Anchor>
          ) : (
            <Text size="sm" truncate>
              {it.title || 'Untitled'}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {dateOf(it.pubDate)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
