import type { ItemsScope } from '../engine/contract';

/**
 * Every query key of the app, in one place, so engine events can invalidate by prefix.
 * Lists of items share the `['items']` prefix; single items live under `['item', id]`.
 */
export const queryKeys = {
  counts: ['counts'] as const,
  groups: ['groups'] as const,
  feeds: ['feeds'] as const,
  itemsAll: ['items'] as const,
  items: (scope: ItemsScope, id: number | null, unreadOnly: boolean) =>
    ['items', scope, id, unreadOnly] as const,
  itemAll: ['item'] as const,
  item: (id: number) => ['item', id] as const,
};

/** The send-to targets (Settings → Integrations, the reader's Send to entries). */
export const SEND_TARGETS_KEY = ['sendTo', 'targets'] as const;

/** The sync account's status (login screen, account panel). */
export const SYNC_STATUS_KEY = ['sync', 'status'] as const;
