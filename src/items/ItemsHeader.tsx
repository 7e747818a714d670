import { ActionIcon, Menu, Switch, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck, IconChecks, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DefaultView } from '../settings/defaults';
import { MARK_AGE_LABELS, type MarkAge } from './markAllRead';
import { VIEW_CYCLE, VIEW_LABELS } from './views';
import classes from './ItemsView.module.css';

export interface ItemsHeaderProps {
  title: ReactNode;
  /** "12 unread" / "340 articles"; hidden when undefined. */
  countLabel: string | undefined;
  /** Mark-all-read and refresh exist only for real scopes. */
  scoped: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  markMenuOpen: boolean;
  setMarkMenuOpen: (open: boolean) => void;
  onMarkAll: (age: MarkAge) => void;
  view: DefaultView;
  onView: (view: DefaultView) => void;
  onlyUnread: boolean;
  onToggleOnlyUnread: () => void;
  aiSummary: boolean;
  onToggleAi: () => void;
}

/** The list header: title and count, refresh, mark all read (with age choices), view menu. */
export function ItemsHeader(p: ItemsHeaderProps) {
  return (
    <header className={classes.header}>
      <div className={classes.titleBox}>
        <h1 className={classes.title} data-testid="page-title">
          {p.title}
        </h1>
        {p.countLabel && (
          <span className={classes.count} data-testid="items-unread">
            {p.countLabel}
          </span>
        )}
      </div>
      {p.scoped && (
        <>
          <Tooltip label="Refresh (R)">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Refresh"
              loading={p.refreshing}
              onClick={p.onRefresh}
              data-testid="items-refresh"
            >
              <IconRefresh size={19} />
            </ActionIcon>
          </Tooltip>
          <Menu
            opened={p.markMenuOpen}
            onChange={p.setMarkMenuOpen}
            position="bottom-end"
            shadow="md"
            width={230}
          >
            <Menu.Target>
              <Tooltip label="Mark all as read (M)" disabled={p.markMenuOpen}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label="Mark all as read"
                  data-testid="items-mark-all"
                >
                  <IconChecks size={19} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown data-testid="mark-all-menu">
              <Menu.Label>Mark as read</Menu.Label>
              {(Object.keys(MARK_AGE_LABELS) as MarkAge[]).map((age) => (
                <Menu.Item key={age} onClick={() => p.onMarkAll(age)} data-testid={`mark-all-${age}`}>
                  {MARK_AGE_LABELS[age]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </>
      )}
      <Menu position="bottom-end" shadow="md" width={230} closeOnItemClick={false}>
        <Menu.Target>
          <Tooltip label="View options">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="View options"
              data-testid="items-menu"
            >
              <IconAdjustmentsHorizontal size={19} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown data-testid="items-menu-dropdown">
          <Menu.Label>View (v)</Menu.Label>
          {VIEW_CYCLE.map((v) => (
            <Menu.Item
              key={v}
              onClick={() => p.onView(v)}
              rightSection={p.view === v ? <IconCheck size={15} /> : null}
              data-testid={`view-option-${v}`}
              aria-checked={p.view === v}
              role="menuitemradio"
            >
              {VIEW_LABELS[v]}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={p.onToggleOnlyUnread} data-testid="items-only-unread">
            <Switch
              size="xs"
              label="Only unread (u)"
              checked={p.onlyUnread}
              readOnly
              tabIndex={-1}
              styles={{ body: { pointerEvents: 'none' } }}
            />
          </Menu.Item>
          <Menu.Item onClick={p.onToggleAi} data-testid="items-ai-toggle">
            <Switch
              size="xs"
              label="AI summaries in the list"
              checked={p.aiSummary}
              readOnly
              tabIndex={-1}
              styles={{ body: { pointerEvents: 'none' } }}
            />
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </header>
  );
}
