import { Group, Menu, Switch } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck, IconChecks, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { KeyHint } from '../components/KeyHint';
import { useT } from '../i18n';
import { keyHint } from '../keys/keyMap';
import { HeaderIcon } from '../layout/HeaderIcon';
import type { DefaultView } from '../settings/defaults';
import { MARK_AGES, type MarkAge } from './markAllRead';
import { VIEW_CYCLE } from './views';
import classes from './ItemsView.module.css';

export interface ItemsHeaderProps {
  title: ReactNode;
  /** The title's element id (it names the list of rows). */
  titleId?: string;
  /** "12 unread" / "340 articles"; hidden when undefined. */
  countLabel: string | undefined;
  /** Refresh exists only for real scopes. */
  scoped: boolean;
  /** Mark all read: real scopes and the results of a filter (default: `scoped`). */
  canMarkAll?: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  markMenuOpen: boolean;
  setMarkMenuOpen: (open: boolean) => void;
  onMarkAll: (age: MarkAge) => void;
  view: DefaultView;
  onView: (view: DefaultView) => void;
  onlyUnread: boolean;
  onToggleOnlyUnread: () => void;
  /** Saved, tags, filters, search: read articles always stay, so the switch does nothing here. */
  alwaysShowsRead?: boolean;
  aiSummary: boolean;
  onToggleAi: () => void;
}

/** The list header: title and count, refresh, mark all read (with age choices), view menu. */
export function ItemsHeader(p: ItemsHeaderProps) {
  const t = useT();
  return (
    <header className={classes.header}>
      <div className={classes.titleBox}>
        <h1 className={classes.title} id={p.titleId} data-testid="page-title">
          {p.title}
        </h1>
        {p.countLabel ? (
          <span className={classes.count} data-testid="items-unread">
            {p.countLabel}
          </span>
        ) : (
          // Holds the count's line on a phone, where the count sits under the title, so what is
          // below (a filter's Edit button, the first rows) does not jump down when it arrives.
          <span className={classes.countPending} aria-hidden="true">
            {'\u00a0'}
          </span>
        )}
      </div>
      {p.scoped && (
        <HeaderIcon
          size="lg"
          label={t('items.header.refresh')}
          tip={t('items.header.refreshTip')}
          icon={IconRefresh}
          loading={p.refreshing}
          onClick={p.onRefresh}
          data-testid="items-refresh"
        />
      )}
      {(p.canMarkAll ?? p.scoped) && (
        <>
          <Menu
            opened={p.markMenuOpen}
            onChange={p.setMarkMenuOpen}
            position="bottom-end"
            shadow="md"
            width={230}
            // Mantine also closes a menu on a key pressed outside it. Focus reaches the menu on a
            // timer, so an Enter typed right after M could land outside and close it instead of
            // choosing; the list's key map (markMenuKeys.ts) owns keys while it is open.
            clickOutsideEvents={['mousedown', 'touchstart']}
            // Focus the first option (not a placeholder) so Enter and the arrows act on options.
            withInitialFocusPlaceholder={false}
          >
            <Menu.Target>
              <HeaderIcon
                size="lg"
                label={t('items.header.markAll')}
                tip={t('items.header.markAllTip')}
                tipDisabled={p.markMenuOpen}
                icon={IconChecks}
                data-testid="items-mark-all"
              />
            </Menu.Target>
            <Menu.Dropdown data-testid="mark-all-menu">
              <Menu.Label>{t('items.header.markMenu')}</Menu.Label>
              {MARK_AGES.map((age) => (
                <Menu.Item
                  key={age}
                  onClick={() => p.onMarkAll(age)}
                  data-testid={`mark-all-${age}`}
                  data-mark-age={age} // MARK_AGE_ATTR: Enter reads it back (markMenuKeys.ts)
                >
                  {t(`items.markAges.${age}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </>
      )}
      <Menu position="bottom-end" shadow="md" width={230} closeOnItemClick={false}>
        <Menu.Target>
          <HeaderIcon
            size="lg"
            label={t('items.header.viewOptions')}
            icon={IconAdjustmentsHorizontal}
            data-testid="items-menu"
          />
        </Menu.Target>
        <Menu.Dropdown data-testid="items-menu-dropdown">
          <Menu.Label>
            <Group justify="space-between" wrap="nowrap">
              {t('items.header.viewMenu')}
              <KeyHint>{keyHint('items', 'cycleView')}</KeyHint>
            </Group>
          </Menu.Label>
          {VIEW_CYCLE.map((v) => (
            <Menu.Item
              key={v}
              onClick={() => p.onView(v)}
              rightSection={p.view === v ? <IconCheck size={15} /> : null}
              data-testid={`view-option-${v}`}
              aria-checked={p.view === v}
              role="menuitemradio"
            >
              {t(`items.views.${v}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            onClick={p.onToggleOnlyUnread}
            disabled={p.alwaysShowsRead}
            rightSection={<KeyHint>{keyHint('items', 'onlyUnread')}</KeyHint>}
            data-testid="items-only-unread"
          >
            <Switch
              size="xs"
              label={t('items.header.onlyUnread')}
              description={p.alwaysShowsRead ? t('items.header.alwaysShowsRead') : undefined}
              checked={p.onlyUnread && !p.alwaysShowsRead}
              readOnly
              tabIndex={-1}
              styles={{ body: { pointerEvents: 'none' } }}
            />
          </Menu.Item>
          <Menu.Item onClick={p.onToggleAi} data-testid="items-ai-toggle">
            <Switch
              size="xs"
              label={t('items.header.aiSummaries')}
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
