import { describe, expect, it, vi } from 'vitest';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import type { TrackedState } from './diff';
import { confirmAbsences } from './feverCheck';
import type { RemoteItem, SyncProtocol } from './protocol';

const item = (id: string, read: boolean, saved: boolean) => ({ id, read, saved }) as RemoteItem;
const tracked = (remoteId: string, server: number): TrackedState => ({
  itemId: Number(remoteId),
  remoteId,
  server,
  local: server,
});

describe('Fever lists that leave articles out (FreshRSS: main stream only)', () => {
  it('asks only for the tracked articles the lists would turn read or unsaved by absence, and keeps what they say', async () => {
    const items = vi.fn((ids: string[]) =>
      Promise.resolve(
        ids.flatMap((id) =>
          id === '1' ? [item('1', false, false)] : id === '2' ? [item('2', true, true)] : [],
        ),
      ),
    );
    const client = { protocol: 'fever' as SyncProtocol, items };
    const unread = new Set(['4']);
    const saved = new Set<string>();
    await confirmAbsences(
      client,
      [
        tracked('1', 0), // unread, left out of unread_item_ids: a category-only feed's
        tracked('2', FLAG_SAVED | FLAG_READ), // saved, left out of saved_item_ids
        tracked('3', 0), // unread, gone from the server altogether
        tracked('4', 0), // listed: nothing to ask
        tracked('5', FLAG_READ), // read and not saved: absence changes nothing
      ],
      unread,
      saved,
    );
    expect(items).toHaveBeenCalledWith(['1', '2', '3']);
    expect([...unread].sort()).toEqual(['1', '4']);
    expect([...saved]).toEqual(['2']);
  });

  it('asks nothing when nothing would change, or of a Google Reader API server', async () => {
    const items = vi.fn(() => Promise.resolve([]));
    await confirmAbsences({ protocol: 'fever', items }, [tracked('1', 0)], new Set(['1']), new Set());
    await confirmAbsences({ protocol: 'greader', items }, [tracked('1', 0)], new Set(), new Set());
    expect(items).not.toHaveBeenCalled();
  });
});
