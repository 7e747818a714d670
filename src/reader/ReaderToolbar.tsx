import { ActionIcon, Button, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCircleDot,
  IconDots,
  IconExternalLink,
  IconStar,
  IconStarFilled,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { KeyHint } from '../components/KeyHint';
import type { ReaderMenuAction } from './readerActions';

export interface ReaderToolbarProps {
  isRead: boolean;
  isSaved: boolean;
  /** The article's web address, or '' (then Original is left out). */
  webLink: string;
  onPrev?: () => void;
  onNext?: () => void;
  onToggleRead: () => void;
  onToggleSaved: () => void;
  onClose: () => void;
  /** The More menu's entries, in order. */
  more: readonly ReaderMenuAction[];
  /** A short confirmation ("Link copied"), shown under the toolbar for a moment. */
  flash: string | null;
}

/**
 * A toolbar button: icon and label; when the toolbar is narrow (a container query in reader.css)
 * the label is hidden visually but stays the button's accessible name.
 */
function Labelled({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      {icon}
      <span className="rv-tb-label">{label}</span>
    </>
  );
}

/**
 * The reader's toolbar: previous / next on the left; save, read, original, More and close on
 * the right. It never grows wider than its pane: everything else lives in the More menu
 * (keyboard: Enter or Space opens it, arrows move, Esc closes), and under ~600 px of pane the
 * buttons show icons only.
 */
export function ReaderToolbar(p: ReaderToolbarProps) {
  const t = useT();
  return (
    <div className="rv-toolbar" role="toolbar" aria-label={t('reader.toolbar')}>
      <div className="rv-tb-group">
        <Tooltip label={t('reader.prevTip')}>
          <Button
            variant="default"
            size="xs"
            className="rv-tb-button"
            onClick={p.onPrev}
            disabled={!p.onPrev}
            data-testid="reader-prev"
          >
            <Labelled icon={<IconChevronLeft size={16} />} label={t('reader.prev')} />
          </Button>
        </Tooltip>
        <Tooltip label={t('reader.nextTip')}>
          <Button
            variant="default"
            size="xs"
            className="rv-tb-button"
            onClick={p.onNext}
            disabled={!p.onNext}
            data-testid="reader-next"
          >
            <Labelled icon={<IconChevronRight size={16} />} label={t('reader.next')} />
          </Button>
        </Tooltip>
      </div>
      <div className="rv-tb-group">
        <Button
          variant={p.isSaved ? 'light' : 'default'}
          size="xs"
          className="rv-tb-button"
          onClick={p.onToggleSaved}
          aria-pressed={p.isSaved}
          data-testid="reader-save"
        >
          <Labelled
            icon={p.isSaved ? <IconStarFilled size={15} /> : <IconStar size={15} />}
            label={p.isSaved ? t('reader.saved') : t('reader.save')}
          />
        </Button>
        <Button
          variant="default"
          size="xs"
          className="rv-tb-button"
          onClick={p.onToggleRead}
          aria-pressed={p.isRead}
          data-testid="reader-read"
        >
          <Labelled
            icon={p.isRead ? <IconCircleDot size={15} /> : <IconCheck size={15} />}
            label={p.isRead ? t('reader.markUnread') : t('reader.markRead')}
          />
        </Button>
        {p.webLink && (
          <Button
            component="a"
            href={p.webLink}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="xs"
            className="rv-tb-button"
            data-testid="reader-original"
          >
            <Labelled icon={<IconExternalLink size={15} />} label={t('reader.original')} />
          </Button>
        )}
        <MoreMenu actions={p.more} />
        <Tooltip label={t('reader.closeTip')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={30}
            onClick={p.onClose}
            aria-label={t('reader.close')}
            data-testid="reader-close"
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      {p.flash && (
        <Text size="xs" className="rv-tb-flash" role="status">
          {p.flash}
        </Text>
      )}
    </div>
  );
}

function MoreMenu({ actions }: { actions: readonly ReaderMenuAction[] }) {
  const t = useT();
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" shadow="md" width={230} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={30}
          aria-label={t('reader.more')}
          title={t('reader.more')}
          data-testid="reader-more"
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="reader-more-menu">
        {actions.map((a) => {
          const common = {
            leftSection: a.icon,
            rightSection:
              a.active !== undefined ? (
                a.active ? (
                  <IconCheck size={14} />
                ) : undefined
              ) : a.hint ? (
                <KeyHint>{a.hint}</KeyHint>
              ) : undefined,
            disabled: a.disabled,
            'data-testid': a.testId ?? `reader-action-${a.id}`,
            ...(a.active !== undefined ? { role: 'menuitemcheckbox', 'aria-checked': a.active } : {}),
          };
          if (a.to)
            return (
              <Menu.Item key={a.id} component={Link} to={a.to} {...common}>
                {a.label}
              </Menu.Item>
            );
          if (a.href)
            return (
              <Menu.Item
                key={a.id}
                component="a"
                href={a.href}
                target="_blank"
                rel="noopener noreferrer"
                {...common}
              >
                {a.label}
              </Menu.Item>
            );
          return (
            <Menu.Item key={a.id} onClick={a.onSelect} {...common}>
              {a.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
