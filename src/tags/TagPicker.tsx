import { Button, Checkbox, CloseButton, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { createAndTag, setTagOn, tagsQuery, type Tag } from './api';
import { closeTagPicker, useTagPicker, type Taggable } from './pickerStore';
import { TagDot } from './TagDot';
import { Dialog } from '../components/Dialog';

/** The tag picker for the articles of the picker store; mount once (IndexLayout). */
export function TagPickerHost() {
  const items = useTagPicker();
  const t = useT();
  return (
    <Dialog
      opened={items !== null}
      onClose={closeTagPicker}
      title={t('tags.pickerTitle')}
      size="sm"
      data-testid="tag-picker"
    >
      {items && <Picker key={items.map((i) => i.id).join(',')} items={items} />}
    </Dialog>
  );
}

// Tag ids every article has, and those only some have.
function coverage(items: readonly Taggable[]): { all: Set<number>; some: Set<number> } {
  const counts = new Map<number, number>();
  for (const item of items) for (const id of item.tags ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const all = new Set<number>();
  const some = new Set<number>();
  for (const [id, n] of counts) (n === items.length ? all : some).add(id);
  return { all, some };
}

function Picker({ items: initial }: { items: readonly Taggable[] }) {
  const t = useT();
  const tags = useQuery(tagsQuery()).data ?? [];
  const [items, setItems] = useState(initial);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = items.map((i) => i.id);
  const { all, some } = coverage(items);
  const needle = text.trim().toLowerCase();
  const shown = needle ? tags.filter((tag) => tag.name.toLowerCase().includes(needle)) : tags;
  const exact = tags.find((tag) => tag.name.toLowerCase() === needle);

  const apply = (tagId: number, on: boolean) =>
    setItems((list) =>
      list.map((i) => {
        const had = i.tags ?? [];
        return { ...i, tags: on ? [...new Set([...had, tagId])] : had.filter((x) => x !== tagId) };
      }),
    );
  const toggle = async (tag: Tag, on: boolean) => {
    setBusy(true);
    if (await setTagOn(ids, tag, on)) apply(tag.id, on);
    setBusy(false);
  };
  const create = async () => {
    if (!needle) return;
    setBusy(true);
    const tag = await createAndTag(ids, text);
    if (tag) {
      apply(tag.id, true);
      setText('');
    }
    setBusy(false);
  };
  const submit = () => {
    if (exact) {
      if (!all.has(exact.id)) void toggle(exact, true);
      setText('');
    } else void create();
  };

  const chips = tags.filter((tag) => all.has(tag.id));
  return (
    <Stack gap="sm">
      <Group gap={6} data-testid="tag-picker-chips" mih={26}>
        {chips.map((tag) => (
          <TagChip key={tag.id} tag={tag} onRemove={() => void toggle(tag, false)} />
        ))}
      </Group>
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        placeholder={t('tags.search')}
        aria-label={t('tags.search')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        maxLength={40}
        data-testid="tag-picker-input"
      />
      <ScrollArea.Autosize mah={280} type="auto">
        <Stack gap={4}>
          {shown.map((tag) => (
            <Checkbox
              key={tag.id}
              checked={all.has(tag.id)}
              indeterminate={some.has(tag.id)}
              disabled={busy}
              onChange={(e) => void toggle(tag, e.currentTarget.checked)}
              data-testid={`tag-picker-tag-${tag.id}`}
              label={
                <Group gap={8} wrap="nowrap">
                  <TagDot color={tag.color} />
                  <Text size="sm" truncate>
                    {tag.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {tag.total}
                  </Text>
                </Group>
              }
            />
          ))}
          {tags.length === 0 && !needle && (
            <Text size="sm" c="dimmed">
              {t('tags.none')}
            </Text>
          )}
          {tags.length > 0 && shown.length === 0 && !needle && (
            <Text size="sm" c="dimmed">
              {t('tags.noMatch')}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      {needle && !exact && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => void create()}
          loading={busy}
          data-testid="tag-picker-create"
          justify="flex-start"
        >
          {t('tags.create', { name: text.trim() })}
        </Button>
      )}
    </Stack>
  );
}

/** A tag as a removable chip (reader, picker). */
export function TagChip({ tag, onRemove, to }: { tag: Tag; onRemove?: () => void; to?: string }) {
  const t = useT();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid={`tag-chip-${tag.id}`}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 999,
        padding: onRemove ? '1px 2px 1px 8px' : '1px 8px',
        maxWidth: '100%',
      }}
    >
      <TagDot color={tag.color} size={8} />
      {to ? (
        <Text component={Link} to={to} size="xs" truncate c="inherit" style={{ textDecoration: 'none' }}>
          {tag.name}
        </Text>
      ) : (
        <Text size="xs" truncate>
          {tag.name}
        </Text>
      )}
      {onRemove && (
        <CloseButton size="xs" onClick={onRemove} aria-label={t('tags.remove', { name: tag.name })} />
      )}
    </Group>
  );
}
