import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useI18n } from '../i18n';
import type { Highlight } from './api';

/**
 * Highlights that no longer fit the article as it is now ("orphaned"), listed under it with
 * their quote and note, each with Delete: kept, never lost.
 */
export function OrphanedHighlights({
  orphans,
  remove,
}: {
  orphans: Highlight[];
  remove: (id: number) => Promise<void>;
}) {
  const { t } = useI18n();
  return (
    <section className="rv-hl-orphans" data-testid="highlight-orphans">
      <Title order={2} size="h5">
        {t('highlights.orphanedTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('highlights.orphanedHint')}
      </Text>
      <Stack gap="sm">
        {orphans.map((h) => (
          <Group key={h.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" className="rv-hl-quote" data-color={h.color}>
                {h.quote.exact}
              </Text>
              {h.note && (
                <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {h.note}
                </Text>
              )}
            </div>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={t('highlights.delete')}
              onClick={() => void remove(h.id)}
            >
              <IconTrash size={16} />
            </Button>
          </Group>
        ))}
      </Stack>
    </section>
  );
}
