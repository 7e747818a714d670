import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describe, locate } from '../../shared/anchor';
import { useI18n } from '../i18n';
import { errorText } from '../i18n/errorText';
import { bindKeys } from '../keys/keyMap';
import { useShortcuts } from '../reader/shortcuts';
import {
  addHighlight,
  type Highlight,
  type HighlightColor,
  highlightOfHash,
  highlightsOfQuery,
  removeHighlight,
  restoreHighlight,
  updateHighlight,
} from './api';
import {
  MARK_CLASS,
  MARK_ID_ATTR,
  marksOf,
  paint,
  type PaintSpec,
  plainText,
  rangeOffsets,
  unpaint,
} from './dom';
import { HighlightPopover, type Pop, placeUnder } from './HighlightPopover';
import { OrphanedHighlights } from './OrphanedHighlights';
import './highlights.css';

/** Props of {@link ArticleHighlights}. */
export interface ArticleHighlightsProps {
  /** The rendered article body (ArticleBody's element). */
  bodyRef: RefObject<HTMLElement | null>;
  itemId: number;
  /** The `h` key (off while another layer has the keyboard). */
  shortcutsEnabled: boolean;
}

const FLASH_MS = 2000;
/** The notice `h` shows with no text selected (its id and test id). */
const SELECT_FIRST = 'highlight-select-first';

/**
 * Highlights of the open article: draws them over the body (re-anchored against the text as it
 * is now; see shared/anchor.ts), offers the colour popover for a selection (mouse, touch and the
 * `h` key), edits one when clicked, lists those that no longer fit ("orphaned") under the article,
 * and scrolls to and flashes the highlight a `#hl-<id>` address names.
 */
export function ArticleHighlights({ bodyRef, itemId, shortcutsEnabled }: ArticleHighlightsProps) {
  const { t } = useI18n();
  const list = useQuery(highlightsOfQuery(itemId)).data;
  const [pop, setPop] = useState<Pop | null>(null);
  const [orphans, setOrphans] = useState<Highlight[]>([]);
  const [note, setNote] = useState('');
  const popRef = useRef<HTMLDivElement | null>(null);
  const syncing = useRef(new Set<string>());
  const flashed = useRef<string | null>(null);

  const fail = useCallback(
    (err: unknown) =>
      notifications.show({ color: 'red', title: t('highlights.failed'), message: errorText(err) }),
    [t],
  );

  // Paint whenever the body or the highlights differ from what was painted: React redraws the
  // body when the article, its full text or its translation changes, which takes the marks away.
  // A MutationObserver on the reader column sees every such redraw (our own painting included,
  // which the signature on the element then skips).
  useLayoutEffect(() => {
    if (!list) return;
    const apply = () => {
      const root = bodyRef.current;
      if (!root) return;
      const text = plainText(root);
      const sig = `${itemId}|${text.length}|${list.map((h) => `${h.id}:${h.color}:${h.note ? 1 : 0}:${h.updatedAt}`).join(',')}`;
      const marks = root.querySelectorAll(`mark.${MARK_CLASS}`).length;
      if (root.dataset.hlSig === sig && String(marks) === root.dataset.hlMarks) return;
      unpaint(root);
      const specs: PaintSpec[] = [];
      const lost: Highlight[] = [];
      for (const h of list) {
        const at = locate(text, h);
        if (at)
          specs.push({
            id: h.id,
            color: h.color,
            start: at.start,
            end: at.end,
            hasNote: h.note.trim() !== '',
          });
        else lost.push(h);
        // Tell the engine what was found (orphaned state, moved position) once per state.
        const orphaned = at === null;
        const moved = at && (at.start !== h.position.start || at.end !== h.position.end);
        const key = `${h.id}:${orphaned}:${at?.start}:${at?.end}`;
        if ((orphaned !== h.orphaned || moved) && !syncing.current.has(key)) {
          syncing.current.add(key);
          const patch = at ? { orphaned, position: at } : { orphaned };
          void updateHighlight(h.id, patch).catch((err: unknown) =>
            console.warn('Rivulet: highlight sync', err),
          );
        }
      }
      paint(root, specs);
      for (const mark of root.querySelectorAll<HTMLElement>(`mark.${MARK_CLASS}`)) mark.tabIndex = 0;
      root.dataset.hlSig = sig;
      root.dataset.hlMarks = String(root.querySelectorAll(`mark.${MARK_CLASS}`).length);
      setOrphans((prev) => (prev.map((h) => h.id).join() === lost.map((h) => h.id).join() ? prev : lost));
    };
    apply();
    const column = bodyRef.current?.parentElement;
    if (!column) return;
    const observer = new MutationObserver(apply);
    observer.observe(column, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [bodyRef, itemId, list]);

  // A `#hl-<id>` address: scroll to that highlight and flash it, once per address.
  useEffect(() => {
    const root = bodyRef.current;
    const id = highlightOfHash(window.location.hash);
    if (!root || id === null || !list) return;
    const key = `${itemId}${window.location.hash}`;
    if (flashed.current === key) return;
    const marks = marksOf(root, id);
    if (marks.length === 0) return;
    flashed.current = key;
    marks[0]?.scrollIntoView({ block: 'center' });
    for (const m of marks) m.classList.add('rv-hl-flash');
    setTimeout(() => marks.forEach((m) => m.classList.remove('rv-hl-flash')), FLASH_MS);
  }, [bodyRef, itemId, list]);

  /** The current selection as plain-text offsets of the body, with where to show the popover. */
  const selected = useCallback((): Extract<Pop, { kind: 'new' }> | null => {
    const root = bodyRef.current;
    const sel = window.getSelection();
    if (!root || !sel || sel.isCollapsed || sel.rangeCount === 0) return null;
    const range = sel.getRangeAt(0);
    const at = rangeOffsets(root, range);
    if (!at) return null;
    const text = plainText(root);
    // Leave out spaces at the ends of the selection (a double-click takes the space after a word).
    let { start, end } = at;
    while (start < end && /\s/.test(text[start] ?? '')) start++;
    while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
    if (end <= start) return null;
    return { kind: 'new', start, end, ...placeUnder(range.getBoundingClientRect()) };
  }, [bodyRef]);

  // Selection popover: follows the selection (mouse, keyboard, a phone's handles).
  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (popRef.current?.contains(document.activeElement)) return;
        const next = selected();
        setPop((cur) => (next ? next : cur?.kind === 'new' ? null : cur));
      });
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [selected]);

  // Clicking (or Enter on) a mark opens its popover; clicking elsewhere closes an open one.
  useEffect(() => {
    const root = bodyRef.current;
    if (!root) return;
    const open = (target: EventTarget | null) => {
      const mark = (target as Element | null)?.closest?.(`mark.${MARK_CLASS}`);
      const id = Number(mark?.getAttribute(MARK_ID_ATTR));
      if (!mark || !id || !window.getSelection()?.isCollapsed) return false;
      const h = list?.find((x) => x.id === id);
      setNote(h?.note ?? '');
      setPop({ kind: 'edit', id, editing: false, ...placeUnder(mark.getBoundingClientRect()) });
      return true;
    };
    const onClick = (e: MouseEvent) => void open(e.target);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && open(e.target)) e.preventDefault();
    };
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKey);
    };
  }, [bodyRef, list]);

  useEffect(() => {
    if (!pop) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (popRef.current?.contains(target) || target.closest?.(`mark.${MARK_CLASS}`)) return;
      if (pop.kind === 'edit') setPop(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        setPop(null);
      }
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [pop]);

  const create = useCallback(
    async (sel: { start: number; end: number }, color: HighlightColor, withNote: boolean) => {
      const root = bodyRef.current;
      if (!root) return;
      const { quote, position } = describe(plainText(root), sel.start, sel.end);
      try {
        const h = await addHighlight({ itemId, color, quote, position });
        window.getSelection()?.removeAllRanges();
        if (withNote) {
          setNote('');
          const mark = marksOf(root, h.id)[0];
          const rect = mark?.getBoundingClientRect();
          setPop({ kind: 'edit', id: h.id, editing: true, ...(rect ? placeUnder(rect) : { x: 8, y: 8 }) });
        } else setPop(null);
      } catch (err) {
        fail(err);
      }
    },
    [bodyRef, itemId, fail],
  );

  const remove = async (id: number) => {
    setPop(null);
    try {
      const gone = await removeHighlight(id);
      const notice = `hl-undo-${id}`;
      notifications.show({
        id: notice,
        message: (
          <Group justify="space-between" wrap="nowrap">
            <span>{t('highlights.deleted')}</span>
            <Button
              size="compact-sm"
              variant="subtle"
              data-testid="highlight-undo"
              onClick={() => {
                notifications.hide(notice);
                void restoreHighlight(gone).catch(fail);
              }}
            >
              {t('highlights.undo')}
            </Button>
          </Group>
        ),
      });
    } catch (err) {
      fail(err);
    }
  };

  // The `h` key asks; the effect (outside render) reads the selection and highlights it. With no
  // text of the article selected it says so, rather than doing nothing (one notice however often
  // `h` is pressed: one with the same id is not shown twice). Each press is answered once: the
  // effect runs again for another article or language, which is no press.
  const [keyAsks, setKeyAsks] = useState(0);
  const answered = useRef(0);
  const askKey = useCallback(() => setKeyAsks((n) => n + 1), []);
  useEffect(() => {
    if (keyAsks === answered.current) return;
    answered.current = keyAsks;
    const sel = selected();
    if (sel) void Promise.resolve().then(() => create(sel, 'yellow', false));
    else
      notifications.show({
        id: SELECT_FIRST,
        message: t('highlights.selectFirst'),
        'data-testid': SELECT_FIRST,
      });
  }, [keyAsks, selected, create, t]);
  useShortcuts(bindKeys('reader', { highlight: askKey }), { enabled: shortcutsEnabled });

  const current = pop?.kind === 'edit' ? list?.find((h) => h.id === pop.id) : undefined;

  return (
    <>
      {pop && (
        <HighlightPopover
          pop={pop}
          setPop={setPop}
          popRef={popRef}
          current={current}
          note={note}
          setNote={setNote}
          create={create}
          remove={remove}
          fail={fail}
        />
      )}
      {orphans.length > 0 && <OrphanedHighlights orphans={orphans} remove={remove} />}
    </>
  );
}
