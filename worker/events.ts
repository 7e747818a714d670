/**
 * Change events: delivered to this tab's listeners and posted on a BroadcastChannel so other
 * tabs (other workers over the same IndexedDB) can refresh their index and tell their UI.
 */
import type { EngineEvent } from './types';

/** Name of the cross-tab channel. */
export const CHANNEL_NAME = 'rivulet-engine';

/** The part of BroadcastChannel the engine uses (a real one in the worker, a fake in tests). */
export interface EngineChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  close(): void;
}

/** What travels on the channel: the event plus who sent it and the change counter it follows. */
export interface WireMessage {
  v: 1;
  origin: string;
  counter: number;
  event: EngineEvent;
}

/** A listener of engine events. May be a Comlink proxy, so it may return a promise. */
export type EventListener = (event: EngineEvent) => unknown;

function isWireMessage(data: unknown): data is WireMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<WireMessage>;
  return m.v === 1 && typeof m.origin === 'string' && typeof m.event?.type === 'string';
}

/**
 * Fans events out to listeners and across tabs. Remote events are handled one at a time, in
 * arrival order, by `onRemote` (which refreshes the index) before listeners hear of them.
 */
export class EventHub {
  private readonly listeners = new Set<EventListener>();
  private readonly origin = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private queue: Promise<void> = Promise.resolve();
  private readonly onMessage = (ev: MessageEvent) => {
    const data: unknown = ev.data;
    if (!isWireMessage(data) || data.origin === this.origin) return;
    this.queue = this.queue
      .then(() => this.onRemote(data.event, data.counter))
      .catch((err: unknown) => console.error('Rivulet: cross-tab refresh failed', err))
      .then(() => this.deliver(data.event));
  };

  constructor(
    private readonly channel: EngineChannel | null,
    private readonly onRemote: (event: EngineEvent, counter: number) => Promise<void>,
  ) {
    channel?.addEventListener('message', this.onMessage);
  }

  /** Subscribes; returns the unsubscribe function. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Tells this tab's listeners and every other tab. `counter` = items counter after the change. */
  emit(event: EngineEvent, counter: number): void {
    this.deliver(event);
    try {
      this.channel?.postMessage({ v: 1, origin: this.origin, counter, event } satisfies WireMessage);
    } catch (err) {
      console.error('Rivulet: could not broadcast event', err);
    }
  }

  /** Tells this tab's listeners only (for what concerns this tab alone, such as its lost connection). */
  local(event: EngineEvent): void {
    this.deliver(event);
  }

  /** Resolves once every remote event received so far has been applied and delivered. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Stops listening to the channel and closes it. */
  close(): void {
    this.channel?.removeEventListener('message', this.onMessage);
    this.channel?.close();
    this.listeners.clear();
  }

  private deliver(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        // A Comlink proxy returns a promise that rejects when the tab is gone: log, never throw.
        Promise.resolve(listener(event)).catch((err: unknown) =>
          console.warn('Rivulet: event listener failed', err),
        );
      } catch (err) {
        console.warn('Rivulet: event listener failed', err);
      }
    }
  }
}
