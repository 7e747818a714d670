/**
 * The list's keyboard map. While the reader is open it handles ←/→, Esc, m, s/f and v itself
 * (src/reader/Reader.tsx), so the list leaves those keys alone then; j/k then step through
 * articles in the reader.
 */
import type { ShortcutMap } from '../reader/shortcuts';

/** What the list can do from the keyboard. */
export interface ListActions {
  move: (delta: 1 | -1) => void;
  open: () => void;
  toggleRead: () => void;
  toggleSaved: () => void;
  cycleView: () => void;
  markAllRead: () => void;
  toggleOnlyUnread: () => void;
  refresh: () => void;
  /** Open the next/previous article in the reader. */
  step: (delta: 1 | -1) => void;
}

/** Builds the shortcut map for the current state; `canMarkAll` false leaves M to others. */
export function listKeymap(
  a: ListActions,
  state: { readerOpen: boolean; canMarkAll: boolean; canRefresh: boolean },
): ShortcutMap {
  const map: ShortcutMap = {
    u: () => a.toggleOnlyUnread(),
  };
  if (state.canMarkAll) map.M = () => a.markAllRead();
  if (state.canRefresh) map.R = () => a.refresh();
  if (state.readerOpen) {
    map.j = () => a.step(1);
    map.k = () => a.step(-1);
    return map;
  }
  Object.assign(map, {
    j: () => a.move(1),
    ArrowDown: () => a.move(1),
    k: () => a.move(-1),
    ArrowUp: () => a.move(-1),
    Enter: () => a.open(),
    o: () => a.open(),
    m: () => a.toggleRead(),
    s: () => a.toggleSaved(),
    f: () => a.toggleSaved(),
    v: () => a.cycleView(),
  } satisfies ShortcutMap);
  return map;
}
