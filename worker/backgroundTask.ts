/**
 * Resolves in a later task, so queued work yields to other tasks. Where the Scheduler API exists
 * (Chromium), that task has background priority: IndexedDB answers and calls from the UI go
 * first, so a call waits for at most the slice already running. Elsewhere, a plain timer.
 */
export const backgroundTask = (): Promise<unknown> =>
  scheduler?.postTask
    ? scheduler.postTask(() => undefined, { priority: 'background' })
    : new Promise((resolve) => setTimeout(resolve, 0));

interface BackgroundScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<unknown>;
}
const scheduler = (globalThis as { scheduler?: Partial<BackgroundScheduler> }).scheduler;
