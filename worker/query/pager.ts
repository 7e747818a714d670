/**
 * Paging over a computed result list (filter results, search results, keyword rankings) with
 * cursors that stay stable while a list is open: the first page stores the whole id list under
 * a token; later pages continue in that same list even when the index changed meanwhile (so
 * marking an item read never makes the next page skip or repeat rows). When the list was evicted
 * (or the cursor is from another session), the list is recomputed and paging continues after the
 * cursor's last id, or at its offset if that id is gone.
 */
import { EngineError } from '../errors';
import type { ItemRow, Page } from '../types';

/** Largest page a caller may ask for. */
export const MAX_PAGE = 500;
// Retained lists: at most this many, and beyond the newest one at most RETAINED_BYTES in all
// (an id list is 4 bytes per result, a search's lazily ordered list ~12; a common word at 1M
// articles matches ~660k, so twelve such lists would hold ~95 MB of the worker's heap).
const RETAINED = 12;
const RETAINED_BYTES = 24 << 20;
// A list computed for a page is computed again when it can no longer tell before it is read
// (see `page`); after this many tries the page is empty (the index renumbering its rows every
// time, which nothing does).
const COMPUTE_ATTEMPTS = 3;

/** An ordered list of item ids whose order may be worked out as it is read (search results). */
export interface IdList {
  readonly length: number;
  /** Ids at `[start, end)` (clamped), or null when the list can no longer tell (recompute it). */
  slice(start: number, end: number): Int32Array | null;
  /** Position of `id`, or -1 (may order the whole list first). Null as for `slice`. */
  indexOf(id: number): number | null;
  /** Bytes the list holds (for the retention budget). */
  readonly bytes: number;
}

interface Listing {
  key: string;
  ids: IdList;
}

/** `ids` as an IdList (an IdList as it is). */
export function asList(ids: Int32Array | IdList): IdList {
  if (!(ids instanceof Int32Array)) return ids;
  return {
    length: ids.length,
    slice: (start, end) => ids.subarray(start, end),
    indexOf: (id) => ids.indexOf(id),
    bytes: ids.byteLength,
  };
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

  /** `rows` reads list rows by id, in order, skipping missing ids (the engine's RowCache). */
  constructor(private readonly rows: (ids: number[]) => Promise<ItemRow[]>) {}

  /**
   * One page of rows. `key` names the list (query text + options); `compute` produces it when
   * there is no retained list for the cursor. Rows are read fresh (current flags) with one
   * read of the rows not already in memory (items/rowCache.ts); ids deleted meanwhile are skipped. Fails: EngineError('bad_cursor'), storage errors.
   */
  async page(
    key: string,
    cursor: string | null | undefined,
    limit: number,
    compute: () => Int32Array | IdList | Promise<Int32Array | IdList>,
  ): Promise<Page<ItemRow>> {
    const size = Math.min(Math.max(Math.floor(limit), 1), MAX_PAGE);
    let listing: Listing | undefined;
    let offset = 0;
    let token = '';
    let ids: Int32Array | null = null;
    let after: CursorParts | null = null;
    if (cursor) {
      after = decodeCursor(cursor);
      token = after.token;
      listing = this.listings.get(after.token);
      if (listing && listing.key === key) {
        offset = after.offset;
        ids = listing.ids.slice(offset, offset + size);
        if (ids) this.touch(after.token, listing);
      }
    }
    if (!ids) {
      // No retained list for the cursor (or it can no longer tell): computed now, and read at
      // once. Between `compute` and that read there are microtask hops, in which the index may
      // renumber its rows (a compaction set off by another call's deletion): such a list cannot
      // tell either, and is computed again rather than read as an empty page.
      for (let attempt = 1; ; attempt++) {
        const list = asList(await compute());
        // After a cursor: past its last id, or at its offset when that id is gone.
        const at = after ? list.indexOf(after.lastId) : -1;
        const from = after && at !== null ? (at >= 0 ? at + 1 : Math.min(after.offset, list.length)) : 0;
        const got = at === null ? null : list.slice(from, from + size);
        if (got || attempt === COMPUTE_ATTEMPTS) {
          listing = { key, ids: list };
          offset = from;
          ids = got ?? new Int32Array(0);
          break;
        }
      }
      token = this.remember(listing);
    }
    const rows = await this.rows(Array.from(ids));
    const end = offset + ids.length;
    const lastId = ids[ids.length - 1] ?? 0;
    return {
      rows,
      next: end < listing!.ids.length ? encodeCursor({ token, offset: end, lastId }) : null,
      total: listing!.ids.length,
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
    let bytes = 0;
    for (const l of this.listings.values()) bytes += l.ids.bytes;
    // Oldest first out; the newest list always stays.
    for (const [t, l] of this.listings) {
      if (
        this.listings.size <= 1 ||
        (this.listings.size <= RETAINED && bytes - listing.ids.bytes <= RETAINED_BYTES)
      )
        break;
      this.listings.delete(t);
      bytes -= l.ids.bytes;
    }
  }
}
