/**
 * The one key map of the app. Every shortcut is a row here (scope, action, keys, what it does);
 * components get their handler maps from `bindKeys(scope, handlers)` and the `?` dialog renders
 * this table, so the keys that work and the keys that are listed cannot drift apart.
 * `keyMap.test.ts` checks that no key is bound twice where it can fire.
 *
 * The scheme follows what Feedly, Inoreader and Miniflux users know: j/k, o/Enter, Esc, m, s, v
 * (original), Shift+A (mark all read), g + letter (go to), n/N (next feed), z (undo).
 */
import type { TKey } from '../i18n';
import type { ShortcutHandler, ShortcutMap } from '../reader/shortcuts';

/**
 * Where a binding is active. 'everywhere': always (app shortcuts, search, layout). 'items': an
 * article list, whether or not its reader is open. 'list': the list while no article is open.
 * 'reader': while an article is open.
 */
export type KeyScope = 'everywhere' | 'items' | 'list' | 'reader';

/** One row of the table. `keys` are `useShortcuts` specs; 'g a' is g, then a. */
export interface KeyBinding {
  scope: KeyScope;
  action: string;
  keys: readonly string[];
  descriptionKey: TKey;
}

const row = <S extends KeyScope, A extends string>(
  scope: S,
  action: A,
  keys: readonly string[],
  descriptionKey: TKey,
) => ({ scope, action, keys, descriptionKey }) as const;

/** Every binding, in the order the help dialog lists them (grouped by scope there). */
export const KEY_MAP = [
  row('everywhere', 'help', ['?'], 'shortcuts.help'),
  row('everywhere', 'search', ['/', 'mod+k'], 'shortcuts.search'),
  row('everywhere', 'goAll', ['g a'], 'keys.go.all'),
  row('everywhere', 'goToday', ['g t'], 'keys.go.today'),
  row('everywhere', 'goSaved', ['g s'], 'keys.go.saved'),
  row('everywhere', 'goFeeds', ['g f'], 'keys.go.feeds'),
  row('everywhere', 'goFilters', ['g l'], 'keys.go.filters'),
  row('everywhere', 'goSearch', ['g q'], 'keys.go.search'),
  row('everywhere', 'goSettings', ['g p', ','], 'keys.go.settings'),
  row('everywhere', 'nextFeed', ['n'], 'keys.nextFeed'),
  row('everywhere', 'prevFeed', ['N'], 'keys.prevFeed'),
  row('everywhere', 'refresh', ['R'], 'shortcuts.refresh'),
  row('everywhere', 'undo', ['z'], 'keys.undo.key'),
  row('everywhere', 'subscribe', ['a'], 'shortcuts.subscribe'),
  row('everywhere', 'toggleSidebar', ['mod+b'], 'shortcuts.toggleSidebar'),
  row('everywhere', 'playPause', ['p'], 'player.shortcut'),
  row('items', 'markAllRead', ['A'], 'shortcuts.markAllRead'),
  row('items', 'onlyUnread', ['u'], 'shortcuts.onlyUnread'),
  row('items', 'cycleView', ['V'], 'shortcuts.cycleView'),
  row('list', 'next', ['j', 'ArrowDown'], 'shortcuts.nextItem'),
  row('list', 'prev', ['k', 'ArrowUp'], 'shortcuts.prevItem'),
  row('list', 'open', ['Enter', 'o'], 'shortcuts.openItem'),
  row('list', 'toggleRead', ['m'], 'shortcuts.toggleRead'),
  row('list', 'toggleSaved', ['s', 'f'], 'shortcuts.toggleSaved'),
  row('list', 'openOriginal', ['v'], 'shortcuts.openOriginal'),
  row('list', 'tags', ['l'], 'tags.key'),
  row('list', 'sendTo', ['b'], 'sendTo.key'),
  row('list', 'menu', ['shift+F10', 'ContextMenu'], 'shortcuts.rowMenu'),
  row('reader', 'next', ['j', 'ArrowRight'], 'keys.nextArticle'),
  row('reader', 'prev', ['k', 'ArrowLeft'], 'keys.prevArticle'),
  row('reader', 'close', ['Escape'], 'shortcuts.close'),
  row('reader', 'pageDown', [' ', 'PageDown'], 'keys.pageDown'),
  row('reader', 'pageUp', ['PageUp'], 'keys.pageUp'),
  row('reader', 'lineDown', ['ArrowDown'], 'keys.lineDown'),
  row('reader', 'lineUp', ['ArrowUp'], 'keys.lineUp'),
  row('reader', 'top', ['Home'], 'keys.articleTop'),
  row('reader', 'bottom', ['End'], 'keys.articleBottom'),
  row('reader', 'toggleRead', ['m'], 'shortcuts.toggleRead'),
  row('reader', 'toggleSaved', ['s', 'f'], 'shortcuts.toggleSaved'),
  row('reader', 'openOriginal', ['v'], 'shortcuts.openOriginal'),
  row('reader', 'aiSummary', ['i'], 'shortcuts.aiSummary'),
  row('reader', 'sendTo', ['b'], 'sendTo.key'),
  row('reader', 'translate', ['t'], 'shortcuts.translate'),
  row('reader', 'tags', ['l'], 'tags.key'),
  row('reader', 'highlight', ['h'], 'highlights.key'),
  row('reader', 'fullText', ['d'], 'fullText.shortcut'),
] as const satisfies readonly KeyBinding[];

type Row = (typeof KEY_MAP)[number];
/** The actions of a scope, as the table names them. */
export type ActionOf<S extends KeyScope> = Extract<Row, { scope: S }>['action'];

/** The scopes that can fire at the same time: everywhere + items + (list or reader). */
export const PLACES: readonly (readonly KeyScope[])[] = [
  ['everywhere', 'items', 'list'],
  ['everywhere', 'items', 'reader'],
];

/** The prefix of two-key sequences ('g a'): it is never a shortcut by itself. */
export const SEQUENCE_PREFIX = 'g';

/** Whether a spec is a two-key sequence ('g a'). */
export const isSequence = (spec: string): boolean => spec.length === 3 && spec[1] === ' ';

/**
 * The shortcut map of `scope` for the actions given: every key the table lists for an action
 * maps to its handler (sequences are left to `useKeySequences`). Actions without a handler are
 * not bound, so a screen claims only what it can do.
 */
export function bindKeys<S extends KeyScope>(
  scope: S,
  handlers: Partial<Record<ActionOf<S>, ShortcutHandler>>,
): ShortcutMap {
  const map: ShortcutMap = {};
  const byAction = handlers as Partial<Record<string, ShortcutHandler>>;
  for (const binding of KEY_MAP as readonly KeyBinding[]) {
    if (binding.scope !== scope) continue;
    const handler = byAction[binding.action];
    if (!handler) continue;
    for (const key of binding.keys) if (!isSequence(key)) map[key] = handler;
  }
  return map;
}

/**
 * The key an action's menu entry shows (its first key in the table, as the help dialog writes
 * it), so a hint cannot name a key the action does not have.
 */
export function keyHint<S extends KeyScope>(scope: S, action: ActionOf<S>): string {
  const binding = (KEY_MAP as readonly KeyBinding[]).find((b) => b.scope === scope && b.action === action);
  const first = binding?.keys[0];
  return first === undefined ? '' : keyLabel(first).join(' ');
}

/** The second keys of `scope`'s sequences ('g a' → a) mapped to their handlers. */
export function bindSequences<S extends KeyScope>(
  scope: S,
  handlers: Partial<Record<ActionOf<S>, () => void>>,
): Map<string, () => void> {
  const out = new Map<string, () => void>();
  const byAction = handlers as Partial<Record<string, () => void>>;
  for (const binding of KEY_MAP as readonly KeyBinding[]) {
    if (binding.scope !== scope) continue;
    const handler = byAction[binding.action];
    if (!handler) continue;
    for (const key of binding.keys) if (isSequence(key)) out.set(key.slice(2), handler);
  }
  return out;
}

const NAMES: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
  Enter: 'Enter',
  ' ': 'Space',
  PageDown: 'PgDn',
  PageUp: 'PgUp',
  ContextMenu: 'Menu',
};

/**
 * How a key spec is shown: 'A' → 'Shift+A', 'mod+k' → 'Ctrl+K', 'ArrowDown' → '↓'; a
 * sequence is returned as its two keys.
 */
export function keyLabel(spec: string): string[] {
  if (isSequence(spec)) return [spec[0]!, spec[2]!];
  if (NAMES[spec]) return [NAMES[spec]];
  const parts = spec.split('+');
  if (parts.length > 1 && spec !== '+') {
    const key = parts.pop()!;
    const mods = parts.map((m) => (m === 'mod' || m === 'ctrl' ? 'Ctrl' : m[0]!.toUpperCase() + m.slice(1)));
    return [[...mods, key.toUpperCase()].join('+')];
  }
  if (/^[A-Z]$/.test(spec)) return [`Shift+${spec}`];
  return [spec];
}
