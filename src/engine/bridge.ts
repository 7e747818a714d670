/**
 * The one place engine events enter the UI (the only importer of `onEngineEvent`; a lint rule
 * keeps it so). Each event goes, in this order, to:
 * - the query cache: `applyEngineEvent` invalidates what `invalidationsFor` (./events.ts) says
 *   and patches rows of loaded list views; screens never invalidate on events themselves;
 * - the job store (src/subscriptions/jobStore.ts), for `job` events: progress bars, "a job
 *   finished" listeners (`onJobFinished`: refresh reports, the full-disk notice, `waitForJob`);
 * - the lost-storage reload, for `storage-lost`;
 * - the system notifications of rules (src/pwa/notifications.ts), for `notify`.
 * A screen that needs something else from events reads one of those (a query, the job store).
 */
import type { QueryClient } from '@tanstack/react-query';
import { reloadAfterLoss } from '../pwa/lostDatabase';
import { showRuleNotifications } from '../pwa/notifications';
import { recordJob } from '../subscriptions/jobStore';
import { onEngineEvent } from './client';
import type { EngineEvent } from './contract';
import { applyEngineEvent } from './events';

/** Where {@link routeEngineEvent} sends what is not a query (replaceable in tests). */
export interface EventSinks {
  recordJob: typeof recordJob;
  reloadAfterLoss: typeof reloadAfterLoss;
  notify: (items: Extract<EngineEvent, { type: 'notify' }>['items']) => void;
}

const sinks: EventSinks = {
  recordJob,
  reloadAfterLoss,
  notify: (items) => {
    showRuleNotifications(items).catch((err: unknown) =>
      console.warn('Rivulet: could not show notifications', err),
    );
  },
};

/** Sends one engine event everywhere it matters (see the module comment). */
export function routeEngineEvent(client: QueryClient, e: EngineEvent, to: EventSinks = sinks): void {
  applyEngineEvent(client, e);
  if (e.type === 'job') to.recordJob(e.job);
  else if (e.type === 'storage-lost') to.reloadAfterLoss(e.reason);
  else if (e.type === 'notify') to.notify(e.items);
}

/**
 * Routes every engine event of this tab to {@link routeEngineEvent}. Call once per tab (main.tsx);
 * returns the function that disconnects. Does not start the engine: the first query does.
 */
export function connectEngineEvents(client: QueryClient, subscribe = onEngineEvent): () => void {
  return subscribe((e) => routeEngineEvent(client, e));
}
