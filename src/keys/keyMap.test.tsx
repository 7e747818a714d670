/**
 * The key map is the one source of keys: no key does two things where both could fire, the `?`
 * dialog lists every binding, and the screens take their handler maps from it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../i18n';
import { listKeymap } from '../items/keymap';
import { ShortcutsHelp } from '../reader/ShortcutsHelp';
import { renderUi } from '../reader/testing/render';
import {
  bindKeys,
  bindSequences,
  isSequence,
  KEY_MAP,
  type KeyBinding,
  keyLabel,
  PLACES,
  SEQUENCE_PREFIX,
} from './keyMap';

const table = KEY_MAP as readonly KeyBinding[];
// Ctrl/⌘ combinations ignore the letter's case (see matchesShortcut); plain letters do not.
const norm = (spec: string) => (spec.includes('+') && spec !== '+' ? spec.toLowerCase() : spec);

describe('the key map', () => {
  it('binds no key twice where both could fire', () => {
    for (const place of PLACES) {
      const seen = new Map<string, string>();
      for (const b of table.filter((r) => place.includes(r.scope))) {
        for (const key of b.keys) {
          const k = norm(key);
          expect(seen.get(k), `${key} in ${place.join('+')}: ${seen.get(k)} and ${b.action}`).toBeUndefined();
          seen.set(k, b.action);
        }
      }
      // The sequence prefix only starts sequences.
      expect(seen.has(SEQUENCE_PREFIX)).toBe(false);
    }
  });

  it('names each action once per scope, with at least one key', () => {
    const ids = table.map((b) => `${b.scope}:${b.action}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const b of table) expect(b.keys.length, b.action).toBeGreaterThan(0);
  });

  it('has the scheme readers of Feedly, Inoreader and Miniflux expect', () => {
    const keyOf = (scope: string, action: string) =>
      table.find((b) => b.scope === scope && b.action === action)?.keys;
    expect(keyOf('list', 'next')).toContain('j');
    expect(keyOf('reader', 'next')).toContain('j');
    expect(keyOf('list', 'open')).toEqual(['Enter', 'o']);
    expect(keyOf('reader', 'close')).toEqual(['Escape']);
    expect(keyOf('list', 'openOriginal')).toEqual(['v']);
    expect(keyOf('reader', 'openOriginal')).toEqual(['v']);
    expect(keyOf('items', 'cycleView')).toEqual(['V']);
    expect(keyOf('items', 'markAllRead')).toEqual(['A']);
    expect(keyOf('everywhere', 'undo')).toEqual(['z']);
    expect(keyOf('reader', 'aiSummary')).not.toContain('g');
    const goes = table.filter((b) => b.action.startsWith('go')).flatMap((b) => b.keys.filter(isSequence));
    expect(goes).toEqual(['g a', 'g t', 'g s', 'g f', 'g l', 'g q', 'g p']);
  });

  it('the ? dialog lists every binding with its keys', () => {
    renderUi(<ShortcutsHelp opened onClose={() => {}} />);
    const rows = screen.getAllByTestId('shortcut-row');
    expect(rows).toHaveLength(table.length);
    table.forEach((b, i) => {
      const scoped = table.filter((r) => r.scope === b.scope);
      const section = screen.getByTestId(`shortcuts-${b.scope}`);
      const row = within(section).getAllByTestId('shortcut-row')[scoped.indexOf(b)]!;
      expect(row.textContent, `${b.scope}:${b.action}`).toContain(t(b.descriptionKey));
      for (const key of b.keys) for (const label of keyLabel(key)) expect(row.textContent).toContain(label);
      expect(i).toBeGreaterThanOrEqual(0);
    });
  });

  it('bindKeys maps exactly the listed keys of the actions given', () => {
    const run = vi.fn();
    const map = bindKeys('list', { next: run, open: run });
    expect(Object.keys(map).sort()).toEqual(['ArrowDown', 'Enter', 'j', 'o'].sort());
    const everywhere = bindKeys('everywhere', { goSettings: run, help: run });
    expect(Object.keys(everywhere).sort()).toEqual([',', '?']);
    expect([...bindSequences('everywhere', { goAll: run, goSaved: run }).keys()]).toEqual(['a', 's']);
  });

  it("the list's handlers are the table's keys, with the reader closed and open", () => {
    const noop = () => {};
    const actions = {
      move: noop,
      open: noop,
      toggleRead: noop,
      toggleSaved: noop,
      openOriginal: noop,
      cycleView: noop,
      markAllRead: noop,
      toggleOnlyUnread: noop,
      tags: noop,
      sendTo: noop,
      menu: noop,
      step: noop,
      close: noop,
      coming: () => false,
    };
    const keysOf = (scopes: string[]) =>
      table.filter((b) => scopes.includes(b.scope)).flatMap((b) => [...b.keys]);
    // The list's own keys, and the reader's close for an article asked for before a render.
    const close = table.find((b) => b.scope === 'reader' && b.action === 'close')!.keys;
    expect(Object.keys(listKeymap(actions, { readerOpen: false, canMarkAll: true })).sort()).toEqual(
      [...keysOf(['items', 'list']), ...close].sort(),
    );
    const reader = ['next', 'prev'].flatMap(
      (a) => table.find((b) => b.scope === 'reader' && b.action === a)!.keys,
    );
    expect(Object.keys(listKeymap(actions, { readerOpen: true, canMarkAll: true })).sort()).toEqual(
      [...keysOf(['items']), ...reader].sort(),
    );
  });

  it('every shortcut listener in the app takes its keys from the table', () => {
    // Own places with their own keys: the image preview (a modal) and the mark-all menu.
    const own = new Set(['reader/ImagePreview.tsx', 'reader/shortcuts.ts']);
    const sources = import.meta.glob<string>(
      ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    let calls = 0;
    for (const [file, text] of Object.entries(sources)) {
      const rel = file.slice(3);
      if (/useHotkeys\(/.test(text)) throw new Error(`${rel} binds keys outside the key map (useHotkeys)`);
      for (const m of text.matchAll(/useShortcuts\(\s*([A-Za-z]+)/g)) {
        if (own.has(rel)) continue;
        calls++;
        const arg = m[1]!;
        // ItemsView passes `keymap`: listKeymap (from bindKeys) or the open mark-all menu's keys.
        expect(
          arg === 'bindKeys' || (rel === 'items/ItemsView.tsx' && arg === 'keymap'),
          `${rel}: ${arg}`,
        ).toBe(true);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(6);
  });
});
