import { useEffect, useRef, useState } from 'react';
import type { ItemRow } from '../engine/contract';

/**
 * An article that the list's owner asks it to open (e.g. `/search?open=<id>`), for use inside
 * the list component itself. Calls `open(id)` during render whenever the request changes to
 * another id (the first request is the caller's initial state; null asks nothing and leaves the
 * open article alone), and `reveal(index)` once the requested row is among the loaded `rows`,
 * so the list can select it, scroll to it and auto-read it. Cost: one findIndex over the loaded
 * rows per render while a reveal is pending. A row that never loads is never revealed; the
 * reader still shows the article.
 */
export function useOpenRequest(
  requested: number | null,
  rows: readonly ItemRow[],
  open: (id: number) => void,
  reveal: (index: number) => void,
): void {
  const [request, setRequest] = useState({ id: requested, seq: 0 });
  if (requested !== request.id) {
    setRequest({ id: requested, seq: request.seq + 1 });
    if (requested !== null) open(requested);
  }
  const revealed = useRef(-1);
  useEffect(() => {
    if (request.id === null || revealed.current === request.seq) return;
    const index = rows.findIndex((r) => r.id === request.id);
    if (index < 0) return;
    revealed.current = request.seq;
    reveal(index);
  }, [request, rows, reveal]);
}
