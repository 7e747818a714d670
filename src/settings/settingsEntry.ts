/**
 * The settings dialog is a history entry while it is open, as a phone's sheets are: opening it
 * pushes the same address with a mark in the history state, so Back closes the dialog instead
 * of leaving the page under it (and Forward opens it again); closing it any other way (×, Esc,
 * the backdrop) pops that entry. Opened from the narrow screens' drawer, it takes the drawer's
 * entry instead of stacking on it: the drawer closes, and Back from the dialog returns to the
 * page, closed.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { hasStateFlag, withStateFlag, withoutStateFlag } from '../app/historyState';
import { DRAWER_FLAG } from '../layout/drawerEntry';
import { closeSettings, openSettings } from './dialogState';

const SETTINGS = 'rivuletSettings';

/** True when a history entry's state is the open settings dialog's. */
export const settingsInState = (state: unknown): boolean => hasStateFlag(state, SETTINGS);

/**
 * Keeps the dialog's open state (dialogState.ts, opened from anywhere) and its history entry in
 * step; `opened` is the dialog's state. Whichever of the two changed last leads.
 */
export function useSettingsEntry(opened: boolean): void {
  const { pathname, search, hash, state } = useLocation() as Location<unknown>;
  const navigate = useNavigate();
  const inState = settingsInState(state);
  // An entry that carries the mark when the app mounts (a reload of the open dialog) opens it.
  const last = useRef({ opened, inState: false });
  // The history move this hook asked for and has not seen arrive yet: the router applies a
  // navigation later than the dialog's own state, so a quick close can come before the entry
  // its opening pushed.
  const pending = useRef<'push' | 'pop' | null>(null);

  useEffect(() => {
    const before = last.current;
    last.current = { opened, inState };
    const push = () => {
      pending.current = 'push';
      const fromDrawer = hasStateFlag(state, DRAWER_FLAG);
      void navigate(
        { pathname, search, hash },
        { state: withStateFlag(withoutStateFlag(state, DRAWER_FLAG), SETTINGS), replace: fromDrawer },
      );
    };
    const pop = () => {
      pending.current = 'pop';
      void navigate(-1);
    };

    if (inState !== before.inState) {
      const asked = pending.current;
      pending.current = null;
      if (asked === (inState ? 'push' : 'pop')) {
        // The move this hook made arrived; the dialog may have changed its mind meanwhile.
        if (opened !== inState) {
          if (opened) push();
          else pop();
        }
        return;
      }
      // The address moved by itself (Back, Forward, a link): the dialog follows it.
      if (inState) openSettings();
      else closeSettings();
      return;
    }
    if (opened === before.opened || pending.current !== null || opened === inState) return;
    if (opened) push();
    else pop();
  }, [opened, inState, navigate, pathname, search, hash, state]);
}
