/**
 * The article an address opens, seen from its list: whether it exists (an unknown or deleted id
 * gets a note over the list instead of a reader), and, in only-unread lists, keeping it on screen
 * as a row when it is read but belongs to the list (after a reload or a pasted address the
 * engine's unread-only pages no longer contain it; `usePlaceInList`, which the selection a
 * history entry keeps uses too). An article that does not belong to the list
 * opens in the reader but never becomes one of its rows. An article further down than the loaded
 * pages makes the list load on until it is among them (bounded), so it is selected and in view.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ItemRow } from '../engine/contract';
import { useT } from '../i18n';
import { itemQuery } from '../queries/items';
import { FLAG_READ } from '../../shared/flags';
import type { ArticleAddress } from './articleAddress';
import type { ItemsData } from './useItemsData';

/** How far a list loads on towards an article its address opens, and how much per step. */
const REACH_LIMIT = 5000;
const REACH_STEP = 500;

export type MissingArticle = { kind: 'gone'; id: number } | { kind: 'malformed' };

/**
 * See the file comment. Returns what is wrong with the address's article, or null. One
 * `items.get` per opened id (shared with the reader's query); its row is placed in the list by
 * {@link usePlaceInList}.
 */
export function useOpenArticle(
  address: ArticleAddress,
  data: ItemsData,
  pinRead: boolean,
  rowInList: ((at: { id: number; pubDate: number }) => Promise<ItemRow | null>) | undefined,
): MissingArticle | null {
  const id = address.openId;
  const item = useQuery({ ...itemQuery(id ?? 0), enabled: id !== null });
  const found = id !== null && item.isSuccess ? item.data : undefined;
  usePlaceInList(found, data, pinRead, rowInList, true);
  if (address.malformed) return { kind: 'malformed' };
  if (id !== null && item.isSuccess && !item.data) return { kind: 'gone', id };
  return null;
}

/**
 * Brings the row of `target` (an article the address opens, or the selection a history entry
 * kept: selectionEntry.ts) among the list's loaded rows when it belongs to the list: one
 * `rowInList` call per id when its row is not loaded, then one further down than the loaded
 * pages makes the list load on, REACH_STEP rows at a time up to REACH_LIMIT. A read article of
 * a list that hides read ones (`hidesRead`) is not among its rows: with `keepRead` (the open
 * article) it is pinned as a row of its own, else (a kept selection: a reload drops the articles
 * read, selected or not) it is left out, and the id of the row after it in the list's order is
 * returned to select instead (the last row when it was the last; the list loads on while no
 * loaded row comes after it). Without `rowInList`, nothing is asked.
 */
export function usePlaceInList(
  target: { id: number; pubDate: number } | null | undefined,
  data: ItemsData,
  hidesRead: boolean,
  rowInList: ((at: { id: number; pubDate: number }) => Promise<ItemRow | null>) | undefined,
  keepRead: boolean,
): number | null {
  // Where the article sits in this list, asked once per id (null: not in this list).
  const [placed, setPlaced] = useState<{ id: number; row: ItemRow | null } | null>(null);
  const asked = useRef<number | null>(null);
  const { isPending, rows, pin, hasMore, want } = data;
  const listed = target ? rows.some((r) => r.id === target.id) : true;
  const targetId = target?.id;
  const targetDate = target?.pubDate;
  useEffect(() => {
    if (targetId === undefined || targetDate === undefined) return;
    if (!rowInList || isPending || listed || asked.current === targetId) return;
    asked.current = targetId;
    rowInList({ id: targetId, pubDate: targetDate })
      .then((row) => setPlaced({ id: targetId, row: row?.id === targetId ? row : null }))
      .catch((err: unknown) => console.warn('Rivulet: could not place the article in its list', err));
  }, [targetId, targetDate, rowInList, isPending, listed]);

  const row = targetId !== undefined && placed?.id === targetId ? placed.row : null;
  const loaded = rows.length;
  const reachMore = hasMore && loaded < REACH_LIMIT;
  // A read article an only-unread list left out and does not keep: the row that came after it in
  // the list's order stands in for it, so a reload comes back where the reader was.
  const readAway = !!row && !listed && hidesRead && !keepRead && (row.flags & FLAG_READ) !== 0;
  const after = readAway ? rowAfter(rows, row) : null;
  const standIn = readAway ? (after ?? (reachMore ? null : (rows.at(-1) ?? null))) : null;
  useEffect(() => {
    if (!row || listed) return;
    // A read article of an only-unread list is kept on screen as a row of its own, or stood in
    // for by the row after it (loaded on towards while none loaded comes after it).
    if (hidesRead && (row.flags & FLAG_READ) !== 0) {
      if (keepRead) pin(row);
      else if (!after && reachMore) want(loaded + REACH_STEP);
    }
    // One further down the list than the loaded pages (a reloaded or pasted address, a
    // notification): load on towards it so that the list can select and scroll to it and j/k
    // go on from there, up to REACH_LIMIT rows (then the reader still shows it, unlisted).
    else if (reachMore) want(loaded + REACH_STEP);
  }, [row, listed, hidesRead, keepRead, pin, reachMore, loaded, want, after]);
  return standIn?.id ?? null;
}

/**
 * The first loaded row that comes after `at` in the list's order (newest first unless the rows
 * run oldest first; the same date: the lower id after), or null when none loaded does.
 */
export function rowAfter(rows: readonly ItemRow[], at: { id: number; pubDate: number }): ItemRow | null {
  const newestFirst = rows.length < 2 || rows[0]!.pubDate >= rows.at(-1)!.pubDate;
  return (
    rows.find((r) =>
      newestFirst
        ? r.pubDate < at.pubDate || (r.pubDate === at.pubDate && r.id < at.id)
        : r.pubDate > at.pubDate || (r.pubDate === at.pubDate && r.id > at.id),
    ) ?? null
  );
}

/** The note shown over the list when the address names no article it can open. */
export function ArticleMissing({ what, onDismiss }: { what: MissingArticle; onDismiss: () => void }) {
  const t = useT();
  return (
    <Alert
      mx="md"
      mt="xs"
      variant="light"
      color="yellow"
      icon={<IconInfoCircle size={18} />}
      data-testid="article-missing"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {what.kind === 'gone'
            ? t('items.address.gone', { id: String(what.id) })
            : t('items.address.malformed')}
        </Text>
        <Button size="compact-sm" variant="default" onClick={onDismiss} data-testid="article-missing-dismiss">
          {t('items.address.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
