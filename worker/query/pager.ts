/**
 * Paging over a computed result list (filter results, search results, keyword rankings) with
 * cursors that stay stable while a list is open: the first page stores the whole id list under
 * a token; later pages continue in that same list even when the index changed meanwhile (so
 * marking an item read never makes the next page skip or repeat rows). When the list was evicted
 * (or the cursor is from another session), the list is recomputed and paging continues after the
 * cursor's last id, or at its offset if that id is gone.
 */
import { toItemRow } from '../db/itemRow';
import type { ItemsStore } from '../db/itemsStore';
import { EngineError } from '../errors';
import type { ItemRow, Page } from '../types';

/** Largest page a caller may ask for. */
export const MAX_PAGE = 500;
// Retained lists: each is an Int32Array of ids (≤ 400 KB at 100k results).
const RETAINED = 12;

interface Listing {
  key: string;
  ids: Int32Array;
}

interface CursorParts {
  token: string;
  offset: number;
  lastId: number;
}

function encodeCursor(c: CursorParts): string {
  return `${c.token}.${c.offset.toString(36)}.${c.lastId.toString(36)}`;
}

function decodeCursor(cursor: string): CursorParts {
  const m = /^([a-z0-9]{1,24})\.([a-z0-9]{1,10})\.([a-z0-9]{1,12})$/.exec(cursor);
  if (!m) throw new EngineError('bad_cursor', `Invalid page cursor: ${cursor.slice(0, 40)}`);
  return {
    token: m[1] as string,
    offset: parseInt(m[2] as string, 36),
    lastId: parseInt(m[3] as string, 36),
  };
}

/** Keeps the retained lists of one domain. */
export class Pager {
  private readonly listings = new Map<string, Listing>();
  private serial = 0;

  constructor(private readonly items: ItemsStore) {}

  /**
   * One page of rows. `key` names the list (query text + options); `compute` produces it when
   * there is no retained list for the cursor. Rows are read fresh (current flags) with one
   * bulkGet; ids deleted meanwhile are skipped. Fails: EngineError('bad_cursor'), storage errors.
   */
  async page(
    key: string,
    cursor: string | null | undefined,
    limit: number,
    compute: () => Int32Array | Promise<Int32Array>,
  ): Promise<Page<ItemRow>> {
    const size = Math.min(Math.max(Math.floor(limit), 1), MAX_PAGE);
    let listing: Listing | undefined;
    let offset = 0;
    let token: string;
    if (cursor) {
      const c = decodeCursor(cursor);
      token = c.token;
      listing = this.listings.get(c.token);
      if (listing && listing.key === key) {
        offset = c.offset;
        this.touch(c.token, listing);
      } else {
        listing = { key, ids: await compute() };
        const at = listing.ids.indexOf(c.lastId);
        offset = at >= 0 ? at + 1 : Math.min(c.offset, listing.ids.length);
        token = this.remember(listing);
      }
    } else {
      listing = { key, ids: await compute() };
      token = this.remember(listing);
    }
    const ids = Array.from(listing.ids.subarray(offset, offset + size));
    const records = await this.items.byIds(ids);
    const end = offset + ids.length;
    const lastId = ids[ids.length - 1] ?? 0;
    return {
      rows: records.map(toItemRow),
      next: end < listing.ids.length ? encodeCursor({ token, offset: end, lastId }) : null,
      total: listing.ids.length,
    };
  }

  private remember(listing: Listing): string {
    const token = (++this.serial).toString(36) + Math.floor(Math.random() * 36 ** 4).toString(36);
    this.touch(token, listing);
    return token;
  }

  private touch(token: string, listing: Listing): void {
    this.listings.delete(token);
    this.listings.set(token, listing);
    while (this.listings.size > RETAINED) this.listings.delete(this.listings.keys().next().value as string);
  }
}
