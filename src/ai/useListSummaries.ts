import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import type { ItemRow } from '../engine/contract';
import { itemQuery } from '../queries/items';
import { Limiter } from './limiter';
import { LIST_BUDGET, LIST_PROMPT } from './prompts';
import { useAiEndpoint } from './useAiEndpoint';
import { useSummary } from './useSummary';

/** At most this many list summaries are requested at once, across the whole tab. */
export const LIST_CONCURRENCY = 2;

/** The one limiter of list summaries in this tab. */
export const listLimiter = new Limiter(LIST_CONCURRENCY);

/** Requests started, running and waiting, re-rendering on change (for the running count). */
export function useListSummaryCounts(): { started: number; active: number; waiting: number } {
  const snapshot = useSyncExternalStore(
    (l) => listLimiter.subscribe(l),
    () => `${listLimiter.started}:${listLimiter.active}:${listLimiter.waiting}`,
  );
  const [started = 0, active = 0, waiting = 0] = snapshot.split(':').map(Number);
  return { started, active, waiting };
}

/** Whether the element is (at least partly) inside the viewport; false until measured. */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setVisible(last.isIntersecting);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}

/**
 * The list summary of one row: only while the row is on screen is its body loaded and a summary
 * looked up in the cache or requested (through the shared limiter: at most 2 at once); when
 * the row leaves the screen (or unmounts), a waiting or running request is cancelled.
 */
export function useListSummary(row: ItemRow, feedTitle: string, ref: RefObject<Element | null>) {
  const visible = useOnScreen(ref);
  const { endpoint } = useAiEndpoint();
  const body = useQuery({ ...itemQuery(row.id), enabled: visible && endpoint.kind !== 'none' });
  const item = visible ? (body.data ?? null) : null;
  return useSummary({
    item,
    feedTitle,
    endpoint,
    prompt: LIST_PROMPT,
    budget: LIST_BUDGET,
    auto: true,
    limiter: listLimiter,
  });
}
