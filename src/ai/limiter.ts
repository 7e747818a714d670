/**
 * A tiny concurrency limiter for AI calls: at most `max` tasks run at once, the rest wait in
 * order. A waiting task whose signal aborts leaves the queue without ever starting; a running
 * one is told through the same signal (the task must honour it).
 */
export class Limiter {
  private running = 0;
  private readonly queue: { start: () => void; signal: AbortSignal }[] = [];
  private readonly listeners = new Set<() => void>();
  /** Tasks started since creation (the "requests made" count shown to the user). */
  started = 0;

  constructor(readonly max: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Calls `fn` on every change of the counts; returns the unsubscribe function. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Runs `task` when a slot is free. Rejects with the signal's reason (an AbortError) if aborted
   * while waiting; otherwise settles like the task.
   */
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(abortError(signal));
        return;
      }
      const entry = {
        signal,
        start: () => {
          signal.removeEventListener('abort', onAbort);
          this.running++;
          this.started++;
          this.emit();
          task()
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              this.next();
            });
        },
      };
      const onAbort = () => {
        const at = this.queue.indexOf(entry);
        if (at !== -1) this.queue.splice(at, 1);
        this.emit();
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(entry);
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.max && this.queue.length > 0) this.queue.shift()?.start();
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}
