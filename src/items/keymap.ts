/**
 * The list's keyboard map, from the app's one key map (src/keys/keyMap.ts): the 'items' keys
 * always, the 'list' keys while no article is open, and the reader's j/k and ←/→ (step to the
 * next/previous article) while one is; the reader itself handles its other keys
 * (src/reader/Reader.tsx).
 */
import { bindKeys } from '../keys/keyMap';
import type { ShortcutMap } from '../reader/shortcuts';

/** What the list can do from the keyboard. */
export interface ListActions {
  move: (delta: 1 | -1) => void;
  open: () => void;
  toggleRead: () => void;
  toggleSaved: () => void;
  /** Open the selected article's web page in a new tab. */
  openOriginal: () => void;
  cycleView: () => void;
  markAllRead: () => void;
  toggleOnlyUnread: () => void;
  /** Open the tag picker for the selected article. */
  tags: () => void;
  /** Send the selected article to the first Send to target. */
  sendTo: () => void;
  /** Open the selected article's menu (the menu key or Shift+F10, wherever the focus is). */
  menu: () => void;
  /** Open the next/previous article in the reader. */
  step: (delta: 1 | -1) => void;
  /** Close the reader (bound only while an article asked for has not rendered its reader yet). */
  close: () => void;
  /**
   * Whether an article was asked for whose reader has not rendered yet, read when the key is
   * pressed (not when the map was built): two quick keys can come before any render.
   */
  coming: () => boolean;
}

/** Builds the shortcut map for the current state; `canMarkAll` false leaves Shift+A unbound. */
export function listKeymap(
  a: ListActions,
  state: { readerOpen: boolean; canMarkAll: boolean; readerComing?: boolean },
): ShortcutMap {
  const items = bindKeys('items', {
    onlyUnread: () => a.toggleOnlyUnread(),
    cycleView: () => a.cycleView(),
    ...(state.canMarkAll ? { markAllRead: () => a.markAllRead() } : {}),
  });
  // An article asked for whose reader has not rendered yet (a slow page) has the reader's keys
  // already, Esc too, which the reader handles itself once it is there.
  const here =
    state.readerOpen || state.readerComing
      ? bindKeys('reader', {
          next: () => a.step(1),
          prev: () => a.step(-1),
          ...(state.readerComing ? { close: () => a.close() } : {}),
        })
      : bindKeys('list', {
          // Enter then j (or Esc) before a render: the map is still the list's, but the key
          // belongs to the reader Enter asked for, so it steps (or closes) instead.
          next: () => (a.coming() ? a.step(1) : a.move(1)),
          prev: () => (a.coming() ? a.step(-1) : a.move(-1)),
          open: () => a.open(),
          toggleRead: () => a.toggleRead(),
          toggleSaved: () => a.toggleSaved(),
          openOriginal: () => a.openOriginal(),
          tags: () => a.tags(),
          sendTo: () => a.sendTo(),
          menu: () => a.menu(),
        });
  // Esc on the list does nothing of its own: it is the reader's close only while one is coming.
  const closeComing =
    state.readerOpen || state.readerComing
      ? {}
      : bindKeys('reader', { close: () => (a.coming() ? a.close() : false) });
  return { ...items, ...closeComing, ...here };
}
