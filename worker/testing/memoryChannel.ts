import type { EngineChannel } from '../events';

/**
 * An in-memory stand-in for BroadcastChannel: every channel made by one hub hears what the
 * others post (never its own messages), asynchronously, in order — like the real thing.
 */
export class MemoryChannelHub {
  private readonly members = new Set<MemoryChannel>();

  /** A new member channel (one per simulated tab). */
  channel(): EngineChannel {
    const channel = new MemoryChannel(this.members);
    this.members.add(channel);
    return channel;
  }
}

class MemoryChannel implements EngineChannel {
  private readonly listeners = new Set<(ev: MessageEvent) => void>();
  private closed = false;

  constructor(private readonly members: Set<MemoryChannel>) {}

  postMessage(message: unknown): void {
    if (this.closed) throw new Error('channel closed');
    const data = structuredClone(message);
    for (const member of this.members) {
      if (member === this) continue;
      setTimeout(() => member.receive(data), 0);
    }
  }

  addEventListener(_type: 'message', listener: (ev: MessageEvent) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (ev: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.members.delete(this);
  }

  private receive(data: unknown): void {
    if (this.closed) return;
    const ev = new MessageEvent('message', { data });
    for (const listener of this.listeners) listener(ev);
  }
}
