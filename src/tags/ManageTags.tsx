import {
  ActionIcon,
  Alert,
  CheckIcon,
  ColorSwatch,
  Group,
  Menu,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { confirm } from '../components/ConfirmDialog';
import { rulesListQuery } from '../rules/queries';
import type { Rule } from '../rules/types';
import { TAG_COLORS } from '../../shared/tagColors';
import type { TagWithCounts } from '../engine/contract';
import { useI18n, useT } from '../i18n';
import { useSyncStatus } from '../sync/useSyncStatus';
import { deleteTag, recolorTag, renameTag, tagsQuery } from './api';
import { Dialog } from '../components/Dialog';
import { useManageTagsEntry } from './manageEntry';
import { closeManageTags, useManageTagsOpen } from './manageStore';
import { followTagRenames } from './renameLog';
import { deleteQuestion, rulesAddingTag } from './ruleUses';

/**
 * The Manage tags dialog of the manage store (openManageTags), and the saved filters following
 * tag renames; mount once (IndexLayout), so the dialog stays open while the window narrows past the sidebar's drawer and phone widths. A box in the
 * middle of a desktop; on a phone a full-screen sheet, as Settings is.
 */
export function ManageTagsHost() {
  const opened = useManageTagsOpen();
  // Back closes it (manageEntry.ts).
  useManageTagsEntry(opened);
  // Mounted once for the app: the saved filters follow tag renames from here (renameLog.ts), as
  // the page starts and whenever the tags change.
  const tags = useQuery(tagsQuery()).data;
  useEffect(() => {
    followTagRenames().catch((err: unknown) =>
      console.warn('Rivulet: the saved filters could not follow a tag rename', err),
    );
  }, [tags]);
  // The app's phone width (IndexLayout's bottom bar, SettingsDialog).
  const phone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  return <ManageTags opened={opened} onClose={closeManageTags} phone={phone} />;
}

/**
 * Managing tags: rename (Enter or leaving the field saves; a taken name is refused and the old
 * one kept; Undo renames it back), recolour from the palette, delete (asked first when rules add
 * the tag; the Undo notice brings the tag back on its articles and the rules' actions). With a sync account a note says whether tags travel as the server's labels (Google
 * Reader API) or stay in this browser (Fever, or a server that refused labels).
 */
export function ManageTags({
  opened,
  onClose,
  phone = false,
}: {
  opened: boolean;
  onClose: () => void;
  /** A full-screen sheet sliding up, for a phone. */
  phone?: boolean;
}) {
  const t = useT();
  const tags = useQuery(tagsQuery()).data ?? [];
  // The rules a delete changes: asked about before it (the list is small and loads with the dialog).
  const rules = useQuery({ ...rulesListQuery(), enabled: opened }).data ?? [];
  const { status } = useSyncStatus();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('tags.manage')}
      size="md"
      fullScreen={phone}
      transitionProps={phone ? { transition: 'slide-up' } : undefined}
      data-testid="manage-tags"
    >
      <Stack gap="xs">
        {status?.protocol && (
          <Alert color="gray" variant="light" data-testid="tags-sync-note">
            {status.protocol === 'fever'
              ? t('tags.feverNoLabels')
              : t(status.labels ? 'tags.syncedAsLabels' : 'tags.serverNoLabels')}
          </Alert>
        )}
        {tags.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tags.empty')}
          </Text>
        )}
        {tags.map((tag) => (
          <TagRow key={tag.id} tag={tag} rules={rules} />
        ))}
      </Stack>
    </Dialog>
  );
}

/**
 * Deletes `tag`, asking first when rules add it (their action goes with it; a rule left with
 * nothing to do is turned off): the question names them. Undo takes back both.
 */
async function askAndDelete(tag: TagWithCounts, rules: readonly Rule[], title: string, label: string) {
  const uses = rulesAddingTag(rules, tag.name);
  if (uses.length > 0 && !(await confirm({ title, message: deleteQuestion(uses), confirmLabel: label })))
    return;
  await deleteTag(tag);
}

function TagRow({ tag, rules }: { tag: TagWithCounts; rules: readonly Rule[] }) {
  const t = useT();
  const { formatNumber } = useI18n();
  const [name, setName] = useState(tag.name);
  // The name as last shown: when the tag's own changes (an undone rename, another tab), the field follows.
  const [shown, setShown] = useState(tag.name);
  if (shown !== tag.name) {
    setShown(tag.name);
    setName(tag.name);
  }
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (name.trim() === tag.name) return setError(null);
    const refused = await renameTag(tag, name);
    setError(refused);
    if (refused) setName(tag.name);
  };
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={`manage-tag-${tag.id}`}>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Tooltip label={t('tags.colorOf', { name: tag.name })}>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={4}
              aria-label={t('tags.colorOf', { name: tag.name })}
            >
              <ColorSwatch color={`var(--mantine-color-${tag.color}-filled)`} size={16} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Group gap={6} p={4} maw={180}>
            {TAG_COLORS.map((color) => (
              <Tooltip key={color} label={t(`tags.colors.${color}`)}>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={`var(--mantine-color-${color}-filled)`}
                  size={22}
                  aria-label={t(`tags.colors.${color}`)}
                  aria-pressed={color === tag.color}
                  onClick={() => void recolorTag(tag.id, color)}
                  style={{ cursor: 'pointer', color: '#fff' }}
                  data-testid={`tag-color-${color}`}
                >
                  {color === tag.color && <CheckIcon style={{ width: 10, height: 10 }} />}
                </ColorSwatch>
              </Tooltip>
            ))}
          </Group>
        </Menu.Dropdown>
      </Menu>
      <TextInput
        style={{ flex: 1 }}
        size="sm"
        value={name}
        maxLength={40}
        aria-label={t('tags.nameLabel', { name: tag.name })}
        error={error}
        onChange={(e) => setName(e.currentTarget.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setName(tag.name);
        }}
        data-testid={`manage-tag-name-${tag.id}`}
      />
      <Text size="xs" c="dimmed" mt={8} style={{ whiteSpace: 'nowrap' }}>
        {formatNumber(tag.total)}
      </Text>
      <Tooltip label={t('tags.deleteTip', { name: tag.name })}>
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          onClick={() =>
            void askAndDelete(tag, rules, t('tags.deleteAsk', { name: tag.name }), t('tags.deleteConfirm'))
          }
          aria-label={t('tags.deleteTip', { name: tag.name })}
          data-testid={`manage-tag-delete-${tag.id}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
