import { Button, Group } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n';
import { bindKeys } from '../keys/keyMap';
import { useShortcuts } from '../reader/shortcuts';
import { setTagOn, tagsQuery } from './api';
import { openTagPicker } from './pickerStore';
import { TagChip } from './TagPicker';

/**
 * The reader's tags line: the article's tags as chips (each opens its tag's list; × removes it)
 * and a Tags button that opens the picker, as `l` (label) does.
 */
export function ArticleTags({
  item,
  shortcutsEnabled,
}: {
  item: { id: number; tags?: number[] };
  shortcutsEnabled: boolean;
}) {
  const t = useT();
  const tags = useQuery(tagsQuery()).data ?? [];
  const mine = tags.filter((tag) => item.tags?.includes(tag.id));
  const open = () => openTagPicker([item]);
  useShortcuts(bindKeys('reader', { tags: open }), { enabled: shortcutsEnabled });
  return (
    <Group gap={6} mt={8} data-testid="reader-tags">
      {mine.map((tag) => (
        <TagChip
          key={tag.id}
          tag={tag}
          to={`/t/${tag.id}`}
          onRemove={() => void setTagOn([item.id], tag, false)}
        />
      ))}
      <Button
        variant="subtle"
        color="gray"
        size="compact-xs"
        leftSection={<IconTag size={14} />}
        onClick={open}
        data-testid="reader-tags-button"
      >
        {t('tags.button')}
      </Button>
    </Group>
  );
}
