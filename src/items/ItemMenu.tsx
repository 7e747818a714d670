import { Menu } from '@mantine/core';
import {
  IconArrowBarToUp,
  IconBook2,
  IconCheck,
  IconCircleDot,
  IconExternalLink,
  IconEye,
  IconPlayerTrackNext,
  IconPlaylistAdd,
  IconStar,
  IconStarOff,
  IconTag,
} from '@tabler/icons-react';
import type { ItemRow } from '../engine/contract';
import { useT } from '../i18n';
import { KeyHint } from '../components/KeyHint';
import { keyHint } from '../keys/keyMap';
import { queueItem } from '../player/queueActions';
import { FLAG_HIDDEN, FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { unhide } from './unhide';
import { cleanUrl } from '../../shared/cleanUrl';
import classes from './ItemsView.module.css';
import { openTagPicker } from '../tags/pickerStore';
import { useTitleLanguage, useTranslatedTitle } from '../translate/titles/useListTitles';
import { SendToMenuItems } from '../sendTo/SendToMenuItems';

/** Atop the menu of a row whose title shows translated: the original (long-press on a phone). */
function OriginalTitle({ row }: { row: ItemRow }) {
  const t = useT();
  const lang = useTitleLanguage()(row.feedId);
  const translated = useTranslatedTitle(row, lang);
  if (translated === null) return null;
  return (
    <Menu.Label data-testid="menu-original-title" style={{ whiteSpace: 'normal' }} dir="auto">
      {t('ai.titles.original', { title: row.title })}
    </Menu.Label>
  );
}

/** Where the menu is open, and for which row. */
export interface MenuAt {
  row: ItemRow;
  index: number;
  x: number;
  y: number;
}

export interface ItemMenuProps {
  at: MenuAt | null;
  onClose: () => void;
  onOpen: (index: number) => void;
  onToggleRead: (row: ItemRow) => void;
  onToggleSaved: (row: ItemRow) => void;
  onMarkAbove: (index: number) => void;
}

/** The menu of `row` (its element `el`, at `index`) opened from the keyboard: below its title. */
export function menuBeside(el: Element, row: ItemRow, index: number): MenuAt {
  const r = el.getBoundingClientRect();
  return { row, index, x: r.left + 24, y: r.top + Math.min(r.height, 48) };
}

/** Opens a web link in a new tab, without tracking parameters; other schemes are ignored. */
export function openOriginal(link: string): void {
  if (/^https?:\/\//i.test(link)) window.open(cleanUrl(link), '_blank', 'noopener,noreferrer');
}

/**
 * The per-item menu (right-click or a long press on a row, its "…" button, or the menu key or
 * Shift+F10 for the selected row): open, read/unread,
 * save/unsave, open original, tags, play next / queue (media), send to (configured targets and
 * Web Share), and mark everything above as read.
 */
export function ItemMenu({ at, onClose, onOpen, onToggleRead, onToggleSaved, onMarkAbove }: ItemMenuProps) {
  const t = useT();
  const row = at?.row;
  const unread = row ? (row.flags & FLAG_READ) === 0 : false;
  const saved = row ? (row.flags & FLAG_SAVED) !== 0 : false;
  const web = row ? /^https?:\/\//i.test(row.link) : false;
  const media = row ? /^(audio|video)\//i.test(row.enclosureType) : false;
  return (
    <Menu
      opened={at !== null}
      onChange={(o) => !o && onClose()}
      position="bottom-start"
      shadow="md"
      width={240}
      withinPortal
      returnFocus={false}
    >
      <Menu.Target>
        <span className={classes.menuAnchor} style={{ left: at?.x ?? 0, top: at?.y ?? 0 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="item-context-menu">
        {at && row && (
          <>
            <OriginalTitle row={row} />
            <Menu.Item
              leftSection={<IconBook2 size={16} />}
              onClick={() => onOpen(at.index)}
              rightSection={<KeyHint>{keyHint('list', 'open')}</KeyHint>}
              data-testid="menu-open"
            >
              {t('items.menu.open')}
            </Menu.Item>
            <Menu.Item
              leftSection={unread ? <IconCheck size={16} /> : <IconCircleDot size={16} />}
              onClick={() => onToggleRead(row)}
              rightSection={<KeyHint>{keyHint('list', 'toggleRead')}</KeyHint>}
              data-testid="menu-read"
            >
              {unread ? t('items.menu.markRead') : t('items.menu.markUnread')}
            </Menu.Item>
            <Menu.Item
              leftSection={saved ? <IconStarOff size={16} /> : <IconStar size={16} />}
              onClick={() => onToggleSaved(row)}
              rightSection={<KeyHint>{keyHint('list', 'toggleSaved')}</KeyHint>}
              data-testid="menu-save"
            >
              {saved ? t('items.menu.unsave') : t('items.menu.save')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconExternalLink size={16} />}
              disabled={!web}
              onClick={() => openOriginal(row.link)}
              rightSection={<KeyHint>{keyHint('list', 'openOriginal')}</KeyHint>}
              data-testid="menu-original"
            >
              {t('items.menu.original')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTag size={16} />}
              onClick={() => openTagPicker([row])}
              rightSection={<KeyHint>{keyHint('list', 'tags')}</KeyHint>}
              data-testid="menu-tags"
            >
              {t('tags.menu')}
            </Menu.Item>
            {media && (
              <>
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconPlayerTrackNext size={16} />}
                  onClick={() => void queueItem(row.id, 'next')}
                  data-testid="menu-play-next"
                >
                  {t('player.playNext')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlaylistAdd size={16} />}
                  onClick={() => void queueItem(row.id, 'add')}
                  data-testid="menu-queue-add"
                >
                  {t('player.addToQueue')}
                </Menu.Item>
              </>
            )}
            <SendToMenuItems item={row} />
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconArrowBarToUp size={16} />}
              disabled={at.index === 0}
              onClick={() => onMarkAbove(at.index)}
              data-testid="menu-mark-above"
            >
              {t('items.menu.markAbove')}
            </Menu.Item>
            {(row.flags & FLAG_HIDDEN) !== 0 && (
              <Menu.Item
                leftSection={<IconEye size={16} />}
                onClick={() => void unhide([row.id])}
                data-testid="menu-unhide"
              >
                {t('items.menu.unhide')}
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
