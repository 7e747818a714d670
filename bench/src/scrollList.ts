/**
 * The scroll benchmark's list: a TanStack Virtual list of article rows like the app's (title,
 * feed · author · date, snippet), fed either by the engine (pages of 50 through Comlink, loaded
 * as rows come into view) or by a static in-memory array (the anchor: no worker at all).
 * Written with createElement so it needs no JSX build setup in the bench folder.
 */
import { createElement as h, useEffect, useReducer, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ItemRow } from '../../worker/types';

/** Where rows come from. `row(i)` may be undefined while its page loads. */
export interface RowSource {
  count: number;
  row(index: number): ItemRow | undefined;
  /** Asks for rows [from, to] to be loaded; calls `changed` when some arrive. */
  want(from: number, to: number): void;
  subscribe(changed: () => void): () => void;
  /** Called on each scroll of the list (the engine source tells the engine, like the app). */
  input?: () => void;
}

const ROW_HEIGHT = 76;
const dateFmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

function Row(props: { row: ItemRow | undefined; top: number; feedTitle: (id: number) => string }) {
  const { row, top } = props;
  const style = {
    position: 'absolute' as const,
    top: 0,
    left: 0,
    right: 0,
    height: ROW_HEIGHT,
    transform: `translateY(${top}px)`,
    padding: '6px 12px',
    boxSizing: 'border-box' as const,
    borderBottom: '1px solid #eee',
    overflow: 'hidden',
    fontWeight: row && (row.flags & 1) === 0 ? 600 : 400,
  };
  if (!row)
    return h('div', { style }, h('div', { style: { background: '#f2f2f2', height: 16, width: '60%' } }));
  return h(
    'div',
    { style },
    h('div', { style: { whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' } }, row.title),
    h(
      'div',
      { style: { fontSize: 12, color: '#666' } },
      `${props.feedTitle(row.feedId)} · ${row.author || 'unknown'} · ${dateFmt.format(row.pubDate * 1000)}`,
    ),
    h(
      'div',
      {
        style: {
          fontSize: 12,
          color: '#444',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          overflow: 'hidden',
        },
      },
      row.snippet,
    ),
  );
}

function List(props: { source: RowSource; feedTitle: (id: number) => string }) {
  const { source } = props;
  const parent = useRef<HTMLDivElement>(null);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => source.subscribe(bump), [source]);
  const virtualizer = useVirtualizer({
    count: source.count,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => source.want(first, last), [source, first, last]);
  return h(
    'div',
    { id: 'list', ref: parent, onScroll: source.input },
    h(
      'div',
      { style: { height: virtualizer.getTotalSize(), position: 'relative' } },
      items.map((v) =>
        h(Row, { key: v.key, row: source.row(v.index), top: v.start, feedTitle: props.feedTitle }),
      ),
    ),
  );
}

let root: Root | null = null;

/** Mounts the list into #root (replacing any previous one). */
export function mountList(source: RowSource, feedTitle: (id: number) => string): void {
  unmountList();
  root = createRoot(document.getElementById('root')!);
  root.render(h(List, { source, feedTitle }));
}

/** Unmounts the list, dropping its rows. */
export function unmountList(): void {
  root?.unmount();
  root = null;
}
