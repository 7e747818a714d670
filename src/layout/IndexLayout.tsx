import { ActionIcon, Tooltip } from '@mantine/core';
import { useFocusTrap, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useStableCallback } from '../components/useStableCallback';
import { Outlet, useLocation } from 'react-router-dom';
import { usePublishPath } from './activePath';
import { useDrawerEntry } from './drawerEntry';
import { AppShortcuts } from '../app/AppShortcuts';
import { useT } from '../i18n';
import { bindKeys } from '../keys/keyMap';
import { pressedOverOverlay, useShortcuts } from '../reader/shortcuts';
import { PlayerHost } from '../player/PlayerHost';
import { SettingsDialog } from '../settings/SettingsDialog';
import { JobBar } from '../subscriptions/JobBar';
import { SubscriptionsHost } from '../subscriptions/SubscriptionsHost';
import { updateSettings, useSettingsGroup } from '../settings/useSettings';
import { BottomBar } from './BottomBar';
import { ResizeHandle } from './ResizeHandle';
import { Sidebar } from './Sidebar';
import { clampSidebarWidth } from './sidebarWidth';
import classes from './IndexLayout.module.css';
import { TagPickerHost } from '../tags/TagPicker';
import { ManageTagsHost } from '../tags/ManageTags';

/** Toggles the persisted `hideSidebar` setting. */
export function toggleSidebar(hidden: boolean): void {
  updateSettings('appearance', { hideSidebar: !hidden });
}

/**
 * The one layout every screen shares: the resizable, hideable sidebar and the routed main area.
 * Ctrl+B toggles the sidebar and `,` opens settings (both ignored while typing in a field).
 */
export function IndexLayout() {
  const t = useT();
  const { hideSidebar, sidebarWidth } = useSettingsGroup('appearance');
  // Live width while dragging; the setting is written once, when the drag ends.
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const width = dragWidth ?? clampSidebarWidth(sidebarWidth);
  // Under 1024 px the sidebar is a drawer over the content: it starts closed and is a history
  // entry of its own (drawerEntry.ts), so Back closes it and following a link in it closes it;
  // the desktop preference is left untouched. Phones (under 768 px) reach it, and the main lists,
  // from the bottom bar.
  const narrow = useMediaQuery('(max-width: 1023px)', false, { getInitialValueInEffect: false });
  const phone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const drawer = useDrawerEntry();
  const overlayOpen = narrow && drawer.open;
  const { pathname } = useLocation();
  usePublishPath(pathname);
  const hidden = narrow ? !overlayOpen : hideSidebar;
  // As a drawer the sidebar is a modal dialog: focus moves in and stays until it closes.
  const trapRef = useFocusTrap(narrow && !hidden);
  const { hide: hideDrawer } = drawer;
  // One function for good: the memoised sidebar gets it (the drawer's own change with the address).
  const toggle = useStableCallback(() => {
    if (!narrow) toggleSidebar(hideSidebar);
    else if (overlayOpen) drawer.hide();
    else drawer.show();
  });

  // A window that widens past 1024 px while the drawer is open shows the sidebar in its place;
  // the drawer's history entry would stay behind as a Back that changes nothing: pop it.
  const drawerLeftOpen = !narrow && drawer.open;
  useEffect(() => {
    if (drawerLeftOpen) hideDrawer();
  }, [drawerLeftOpen, hideDrawer]);

  useShortcuts(bindKeys('everywhere', { toggleSidebar: toggle }));
  // Esc closes the drawer (capture, so the list or reader underneath does not also act on it).
  useEffect(() => {
    if (!narrow || !overlayOpen) return;
    const onKey = (e: KeyboardEvent) => {
      // An Esc that closes a menu opened from the drawer (More) leaves the drawer open.
      if (e.key !== 'Escape' || pressedOverOverlay(e)) return;
      e.stopPropagation();
      hideDrawer();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [narrow, overlayOpen, hideDrawer]);

  return (
    <div
      className={classes.shell}
      data-testid="app-shell"
      data-phone={phone || undefined}
      onClickCapture={narrow ? drawer.onClickCapture : undefined}
    >
      {!hidden && (
        <aside
          ref={trapRef}
          className={classes.sidebar}
          data-overlay={narrow || undefined}
          role={narrow ? 'dialog' : undefined}
          aria-modal={narrow || undefined}
          // The drawer's width is the CSS's (a finger's worth of icons must fit its footer).
          style={narrow ? undefined : { width }}
          data-testid="sidebar"
          aria-label={t('nav.sidebar')}
        >
          <Sidebar onHide={toggle} />
          {!narrow && (
            <ResizeHandle
              width={width}
              onPreview={setDragWidth}
              onCommit={(px) => {
                setDragWidth(null);
                updateSettings('appearance', { sidebarWidth: px });
              }}
            />
          )}
        </aside>
      )}
      {narrow && !hidden && (
        <div className={classes.backdrop} onClick={toggle} data-testid="sidebar-backdrop" />
      )}
      <main className={classes.main}>
        <JobBar />
        {hidden && !phone && (
          <Tooltip label={t('nav.showSidebarTip')} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              className={classes.showSidebar}
              onClick={toggle}
              aria-label={t('nav.showSidebar')}
              data-testid="sidebar-show"
            >
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <div style={hidden && !phone ? { paddingLeft: 32 } : undefined}>
          <Outlet />
        </div>
      </main>
      {phone && <BottomBar onMenu={toggle} menuOpen={!hidden} />}
      <SettingsDialog />
      <AppShortcuts />
      <SubscriptionsHost />
      <PlayerHost />
      <TagPickerHost />
      <ManageTagsHost />
    </div>
  );
}
