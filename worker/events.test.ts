import { describe, expect, it, vi } from 'vitest';
import { EventHub } from './events';
import { MemoryChannelHub } from './testing/memoryChannel';
import type { EngineEvent } from './types';

const added: EngineEvent = { type: 'items-added', feedIds: [1], count: 2 };

describe('EventHub', () => {
  it('a throwing or rejecting listener neither breaks the others nor the caller', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hub = new EventHub(null, () => Promise.resolve());
    const good = vi.fn();
    hub.on(() => {
      throw new Error('sync boom');
    });
    hub.on(() => Promise.reject(new Error('tab gone')));
    hub.on(good);
    hub.emit(added, 1);
    expect(good).toHaveBeenCalledWith(added);
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('remote events are applied in order before listeners hear them; junk messages are ignored', async () => {
    const channels = new MemoryChannelHub();
    const sender = new EventHub(channels.channel(), () => Promise.resolve());
    const order: string[] = [];
    const receiverChannel = channels.channel();
    const receiver = new EventHub(receiverChannel, async (event, counter) => {
      order.push(`apply ${event.type} ${counter}`);
      await new Promise((r) => setTimeout(r, 5));
    });
    receiver.on((event) => order.push(`hear ${event.type}`));
    channels.channel().postMessage({ nonsense: true });
    sender.emit(added, 7);
    sender.emit({ type: 'groups-changed' }, 8);
    await new Promise((r) => setTimeout(r, 5));
    await receiver.settled();
    expect(order).toEqual([
      'apply items-added 7',
      'hear items-added',
      'apply groups-changed 8',
      'hear groups-changed',
    ]);
    sender.close();
    receiver.close();
  });

  it('a failed refresh is logged and the event is still delivered', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const channels = new MemoryChannelHub();
    const sender = new EventHub(channels.channel(), () => Promise.resolve());
    const receiver = new EventHub(channels.channel(), () => Promise.reject(new Error('db gone')));
    const heard = vi.fn();
    receiver.on(heard);
    sender.emit(added, 1);
    await new Promise((r) => setTimeout(r, 5));
    await receiver.settled();
    expect(heard).toHaveBeenCalledWith(added);
    expect(error).toHaveBeenCalledWith('Rivulet: cross-tab refresh failed', expect.any(Error));
    error.mockRestore();
  });
});
