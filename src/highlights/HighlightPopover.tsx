import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote, IconTrash } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../i18n';
import { COLORS, type Highlight, type HighlightColor, updateHighlight } from './api';

/** What the popover is open for: a new selection, or an existing highlight (note being edited or not). */
export type Pop =
  | { kind: 'new'; start: number; end: number; x: number; y: number }
  | { kind: 'edit'; id: number; x: number; y: number; editing: boolean };

/** Width of the popover while a note is edited, in px. */
export const POP_WIDTH = 300;

/** Where a popover goes for a rectangle: under it (clear of a phone's own selection menu). */
export function placeUnder(rect: DOMRect): { x: number; y: number } {
  const x = Math.min(
    Math.max(8, rect.left + rect.width / 2 - POP_WIDTH / 2),
    window.innerWidth - POP_WIDTH - 8,
  );
  const below = rect.bottom + 10;
  const y = below + 140 > window.innerHeight ? Math.max(8, rect.top - 150) : below;
  return { x: Math.max(8, x), y };
}

/** Props of {@link HighlightPopover}. */
export interface HighlightPopoverProps {
  pop: Pop;
  setPop: (pop: Pop | null) => void;
  popRef: RefObject<HTMLDivElement | null>;
  /** The highlight an 'edit' popover is for (undefined while the list loads or after a delete). */
  current: Highlight | undefined;
  note: string;
  setNote: (note: string) => void;
  create: (sel: { start: number; end: number }, color: HighlightColor, withNote: boolean) => Promise<void>;
  remove: (id: number) => Promise<void>;
  fail: (err: unknown) => void;
}

/**
 * The highlight popover, in a portal over the page: four colours and "Add note" for a selection;
 * for a highlight, its colour, its note (shown, or edited: Ctrl/Cmd+Enter saves) and Delete.
 */
export function HighlightPopover({
  pop,
  setPop,
  popRef,
  current,
  note,
  setNote,
  create,
  remove,
  fail,
}: HighlightPopoverProps) {
  const { t } = useI18n();
  return createPortal(
    <Paper
      ref={popRef}
      className="rv-hl-pop"
      shadow="md"
      withBorder
      p="xs"
      radius="md"
      style={{ left: pop.x, top: pop.y, width: pop.kind === 'edit' && pop.editing ? POP_WIDTH : undefined }}
      role="dialog"
      aria-label={t('highlights.popover')}
      data-testid="highlight-popover"
    >
      {pop.kind === 'new' ? (
        <Group gap="sm" wrap="nowrap">
          <Swatches active={null} onPick={(c) => void create(pop, c, false)} />
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconNote size={14} />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void create(pop, 'yellow', true)}
            data-testid="highlight-add-note"
          >
            {t('highlights.addNote')}
          </Button>
        </Group>
      ) : current ? (
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Swatches
              active={current.color}
              onPick={(color) => void updateHighlight(current.id, { color }).catch(fail)}
            />
            <Group gap={4} wrap="nowrap">
              {!pop.editing && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={current.note ? t('highlights.editNote') : t('highlights.addNote')}
                  onClick={() => setPop({ ...pop, editing: true })}
                  data-testid="highlight-edit-note"
                >
                  <IconNote size={16} />
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={t('highlights.delete')}
                title={t('highlights.delete')}
                onClick={() => void remove(current.id)}
                data-testid="highlight-delete"
              >
                <IconTrash size={16} />
              </Button>
            </Group>
          </Group>
          {!pop.editing && current.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="highlight-note-text">
              {current.note}
            </Text>
          )}
          {pop.editing && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void updateHighlight(current.id, { note: note.trim() })
                  .then(() => setPop(null))
                  .catch(fail);
              }}
            >
              <Stack gap="xs">
                <Textarea
                  autoFocus
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={10_000}
                  aria-label={t('highlights.note')}
                  placeholder={t('highlights.notePlaceholder')}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
                  }}
                  data-testid="highlight-note"
                />
                <Group justify="flex-end" gap="xs">
                  <Button type="submit" size="compact-sm" data-testid="highlight-save-note">
                    {t('highlights.saveNote')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      ) : null}
    </Paper>,
    document.body,
  );
}

/** The four colour buttons; `active` is pressed. They keep the selection (no focus on press). */
function Swatches({
  active,
  onPick,
}: {
  active: HighlightColor | null;
  onPick: (c: HighlightColor) => void;
}) {
  const { t } = useI18n();
  return (
    <Group gap={8} wrap="nowrap">
      {COLORS.map((c) => (
        <button
          key={c}
          type="button"
          className={`rv-hl-swatch rv-hl-swatch-${c}`}
          aria-label={t('highlights.highlightIn', { color: t(`highlights.color.${c}`) })}
          title={t(`highlights.color.${c}`)}
          aria-pressed={active === c}
          data-testid={`highlight-color-${c}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(c)}
        />
      ))}
    </Group>
  );
}
