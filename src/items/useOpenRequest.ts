import { useEffect, useRef, useState } from 'react';
import type { ItemRow } from '../engine/contract';

/**
 * Reveals the article the address opens (see articleAddress.ts): each time `requested` changes to
 * an id (a click, j/k, Back/Forward, a reload, a pasted link), calls `reveal(index)` once that
 * row is among the loaded `rows`, so the list can select it, scroll to it and auto-read it. null
 * asks nothing and leaves the selection alone. Cost: one findIndex over the loaded rows per render
 * while a reveal is pending. A row that never loads is never revealed; the reader still shows it.
 */
export function useOpenRequest(
  requested: number | null,
  rows: readonly ItemRow[],
  reveal: (index: number) => void,
): void {
  const [request, setRequest] = useState({ id: requested, seq: 0 });
  if (requested !== request.id) setRequest({ id: requested, seq: request.seq + 1 });
  const revealed = useRef(-1);
  useEffect(() => {
    if (request.id === null || revealed.current === request.seq) return;
    const index = rows.findIndex((r) => r.id === request.id);
    if (index < 0) return;
    revealed.current = request.seq;
    reveal(index);
  }, [request, rows, reveal]);
}
