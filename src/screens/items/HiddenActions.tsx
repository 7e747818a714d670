import { Button, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { unhide } from '../../items/unhide';
import { anyHiddenQuery } from '../../queries/hidden';

/** Above the Hidden view: show every hidden article in lists again (undoable), while any is hidden. */
export function HiddenActions() {
  const t = useT();
  const anyHidden = useQuery(anyHiddenQuery());
  if (!anyHidden.data) return null;
  return (
    <Group gap="xs" px="md" py={6}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} />}
        onClick={() => void unhide('all')}
        data-testid="hidden-unhide-all"
      >
        {t('items.menu.unhideAll')}
      </Button>
    </Group>
  );
}
