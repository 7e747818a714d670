import { Group, Kbd, Loader, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ItemRow } from '../engine/contract';
import { formatAge } from '../screens/items/route';
import { useNow } from '../components/useNow';
import { tRich, useT } from '../i18n';
import { textAttrs, useLanguageOf } from '../items/articleLanguage';
import { feedsQuery } from '../queries/feeds';
import { PalettePlaces, usePlaces } from './PalettePlaces';
import type { Place } from './places';
import { Highlighted } from './Highlighted';
import { paletteKey } from './paletteKeys';
import { markPaletteReady } from './paletteStore';
import { suggestQuery } from './queries';
import classes from './SearchPalette.module.css';
import { Dialog } from '../components/Dialog';

/** Quiet time after a keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 60;

// Keycap names, printed the same on keyboards in both languages.
const KEY_ENTER = 'Enter';
const KEY_ESC = 'Esc';

interface SearchPaletteProps {
  opened: boolean;
  /** Read when the box mounts, so keys typed while the dialog was opening are included. */
  initialText: () => string;
  onClose: () => void;
  /** Opens one article (the palette closes first). */
  onOpenItem: (text: string, itemId: number) => void;
  /** Opens the full results page. */
  onSeeAll: (text: string) => void;
  /** Jumps to a feed, group, saved filter or screen (the palette closes first). */
  onGo: (place: Place) => void;
}

/**
 * The spotlight-like search dialog: feeds, groups, saved filters and screens whose name matches,
 * then instant article suggestions; ↑/↓ to choose, Enter to open or jump.
 */
export function SearchPalette(props: SearchPaletteProps) {
  const t = useT();
  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      withCloseButton={false}
      size={640}
      padding={0}
      radius="md"
      yOffset="12vh"
      transitionProps={{ duration: 120 }}
      aria-label={t('search.dialog')}
    >
      {props.opened && <PaletteBody {...props} />}
    </Dialog>
  );
}

function PaletteBody({ initialText, onClose, onOpenItem, onSeeAll, onGo }: SearchPaletteProps) {
  const t = useT();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLInputElement>(null);
  // From here on keys reach the box itself; what was typed while opening is in the initial text.
  useLayoutEffect(() => {
    inputRef.current?.focus();
    markPaletteReady();
  }, []);
  const [debounced] = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const suggest = useQuery(suggestQuery(debounced));
  const feeds = useQuery(feedsQuery());
  const feedTitles = useMemo(() => new Map((feeds.data ?? []).map((f) => [f.id, f.title])), [feeds.data]);
  const languageOf = useLanguageOf(feeds.data);
  const hasQuery = text.trim() !== '';
  const rows: ItemRow[] = hasQuery ? (suggest.data ?? []) : [];
  // Places come first and answer at once (from what the app already holds), articles follow.
  const places = usePlaces(text);
  const first = places.length;
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  // The box is a combobox over the list: it keeps the focus, the active option is announced.
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const total = hasQuery ? first + rows.length + 1 : 0;

  // New suggestions: the first one is the default again.
  const [seenData, setSeenData] = useState(suggest.data);
  if (seenData !== suggest.data) {
    setSeenData(suggest.data);
    setActive(0);
  }
  useEffect(() => {
    listRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // Suggestions on screen may still be those of older text (kept while the next arrive); Enter
  // then waits for the answer to the text as typed instead of opening a stale result.
  const fresh = hasQuery && debounced === text && suggest.isSuccess && !suggest.isPlaceholderData;
  const [pendingKey, setPendingKey] = useState<'open' | 'all' | null>(null);

  const openAt = (index: number) => {
    const place = places[index];
    if (place) {
      onClose();
      onGo(place);
      return;
    }
    const row = rows[index - first];
    if (!row) return;
    onClose();
    onOpenItem(text, row.id);
  };
  const seeAll = () => {
    if (!hasQuery) return;
    onClose();
    onSeeAll(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const action = paletteKey(e.key, active, first + rows.length, hasQuery);
    if (action.type === 'none') return;
    e.preventDefault();
    if (action.type === 'open' && action.index < first) return openAt(action.index);
    if (action.type !== 'move' && !fresh && !suggest.isError) {
      setPendingKey(action.type === 'all' ? 'all' : 'open');
      return;
    }
    if (action.type === 'move') setActive(action.active);
    else if (action.type === 'open') openAt(action.index);
    else seeAll();
  };

  // Either action closes the palette (unmounting this body), so it runs at most once.
  const settlePending = useEffectEvent((kind: 'open' | 'all') => {
    if (kind === 'open' && first + rows.length > 0) openAt(Math.min(active, first + rows.length - 1));
    else seeAll();
  });
  useEffect(() => {
    if (pendingKey && fresh) settlePending(pendingKey);
  }, [pendingKey, fresh]);

  const now = useNow();
  const waiting = hasQuery && (suggest.isFetching || debounced !== text);
  return (
    <div data-testid="search-palette">
      <TextInput
        ref={inputRef}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={18} />}
        rightSection={waiting ? <Loader size={14} /> : null}
        classNames={{ input: classes.input }}
        aria-label={t('search.input')}
        // Not type="search": Chrome clears such a box on Esc, the key that closes the palette,
        // and draws a clear button of its own. A combobox over the results instead, with what a
        // phone's keyboard needs: Enter goes to the chosen entry ("Go"), and no capitals,
        // corrections or autofill list over the results.
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hasQuery}
        aria-controls={hasQuery ? listId : undefined}
        aria-activedescendant={hasQuery && active < total ? optionId(active) : undefined}
        enterKeyHint="go"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        // Focus at mount, not after the modal's transition, so fast typing after `/` is kept.
        autoFocus
        data-autofocus
        data-testid="search-input"
      />
      {hasQuery && (
        <div
          ref={listRef}
          id={listId}
          className={classes.list}
          role="listbox"
          aria-label={t('search.results')}
          data-testid="search-results"
          data-fresh={fresh}
        >
          <PalettePlaces
            places={places}
            active={active}
            optionId={optionId}
            onActive={setActive}
            onOpen={openAt}
          />
          {rows.map((row, k) => {
            const i = first + k;
            return (
              <UnstyledButton
                key={row.id}
                id={optionId(i)}
                className={classes.row}
                data-active={i === active || undefined}
                role="option"
                // Reached by the arrows from the box (aria-activedescendant), not by Tab.
                tabIndex={-1}
                aria-selected={i === active}
                onMouseMove={() => setActive(i)}
                onClick={() => openAt(i)}
                data-testid="search-result"
                data-item-id={row.id}
              >
                {/* The title in the article's language (its own, else its feed's), as in lists. */}
                <Text size="sm" fw={500} lineClamp={1} {...(row.title ? textAttrs(languageOf(row)) : {})}>
                  <Highlighted text={row.title || t('search.untitled')} query={debounced} />
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {[feedTitles.get(row.feedId), formatAge(row.pubDate, now), row.snippet]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </UnstyledButton>
            );
          })}
          {suggest.isSuccess && rows.length === 0 && first === 0 && !waiting && (
            <Text size="sm" c="dimmed" px={10} py={8} data-testid="search-no-results">
              {t('search.noMatch', { q: text.trim() })}
            </Text>
          )}
          {suggest.isError && (
            <Text size="sm" c="red.7" px={10} py={8} data-testid="search-error">
              {t('search.failed', { message: suggest.error.message })}
            </Text>
          )}
          <UnstyledButton
            id={optionId(first + rows.length)}
            className={classes.row}
            data-active={active === first + rows.length || undefined}
            role="option"
            // Reached by the arrows from the box (aria-activedescendant), not by Tab.
            tabIndex={-1}
            aria-selected={active === first + rows.length}
            onMouseMove={() => setActive(first + rows.length)}
            onClick={seeAll}
            data-testid="search-see-all"
          >
            <Group gap={6} wrap="nowrap">
              <IconArrowRight size={16} />
              <Text size="sm">{tRich('search.seeAll', { q: <b>“{text.trim()}”</b> })}</Text>
            </Group>
          </UnstyledButton>
        </div>
      )}
      <div className={classes.footer}>
        <span>
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t('search.choose')}
        </span>
        <span>
          <Kbd size="xs">{KEY_ENTER}</Kbd> {t('search.open')}
        </span>
        <span>
          <Kbd size="xs">{KEY_ESC}</Kbd> {t('search.close')}
        </span>
      </div>
    </div>
  );
}
