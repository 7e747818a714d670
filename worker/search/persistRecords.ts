/**
 * The text index's records in `meta` (their keys and the validity record) and what the load
 * (persist.ts) and the write (persistWrite.ts) share about them.
 */
import type { StoreTable } from '../db/database';
import { META_KEYS } from '../db/meta';
import { GRAM_BLOCK, type ChunkGrams } from './chunkGrams';

/**
 * Layout version; bump when the records change shape (2: postings as lists or bitmaps, 1 MiB
 * text chunks; 3: the search index as a merged segment and a tail, read after the tables; 4: the
 * per-document arrays with the segment).
 */
export const TEXT_INDEX_FORMAT = 4;

export const KEY_VALID = META_KEYS.textIndexValid;
export const KEY_HEAD = 'textIndex:head';
export const KEY_HEAD_TAIL = 'textIndex:headTail';
/** The head's tail may hold up to this share of the head's slots; past it the head is written again. */
export const HEAD_TAIL_SHARE = 1 / 16;
export const KEY_SEARCH = 'textIndex:search';
export const KEY_TAIL = 'textIndex:searchTail';
export const chunkKey = (n: number) => `textIndex:chunk:${n}`;
export const gramKey = (b: number) => `textIndex:grams:${b}`;
export const gramBlocks = (chunks: number) => Math.ceil(chunks / GRAM_BLOCK);

/**
 * Reads the stored records of the blocks `grams` has not read yet (chunkGrams.ts `defer`), of
 * `among` when given, and gives them to it (`install`), in the caller's transaction over `meta`:
 * the load's read when a scan first needs the sets, and a write's before it stores such a block
 * again. No read when none is unread.
 */
export async function readGramBlocks(
  meta: StoreTable<'meta'>,
  grams: ChunkGrams,
  among?: Iterable<number>,
): Promise<void> {
  const blocks = grams.pendingBlocks(among);
  if (blocks.length === 0) return;
  const records = await meta.bulkGet(blocks.map(gramKey));
  grams.install(
    blocks,
    records.map((r) => r?.value),
  );
}

export interface ValidRecord {
  format: number;
  counter: number;
  lineage: string;
  chunkCount: number;
  /** Where the chunks are (absent in records written before file chunks: memory). */
  backing?: 'memory' | 'file';
  /**
   * Random per write of the search segment, which carries it too, as does its tail: the search
   * index is read in a transaction of its own after the tables (so a text filter need not wait
   * for it), and the stamps tell whether the two records are still the ones these tables go with.
   */
  searchStamp: string;
  /** Random per write of the tail, which carries it too. */
  tailStamp: string;
  /**
   * The items whose stored text is their whole article (absent in older records). Whole
   * articles are stored and cleared without a change of the items counter, so a start compares
   * this list with the whole articles stored now and reads again only the difference.
   */
  wholeIds?: Float64Array;
  /**
   * The generation of the chunks' trigram sets (chunkGrams.ts `gen`), which their records carry
   * too (absent in older records: ''). The sets are read after the tables, when first needed,
   * and a record of another generation describes chunks written afresh since.
   */
  gramGen?: string;
}

export function isValidRecord(v: unknown): v is ValidRecord {
  const r = v as Partial<ValidRecord> | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    r.format === TEXT_INDEX_FORMAT &&
    typeof r.counter === 'number' &&
    typeof r.lineage === 'string' &&
    typeof r.chunkCount === 'number' &&
    typeof r.searchStamp === 'string' &&
    typeof r.tailStamp === 'string' &&
    (r.wholeIds === undefined || r.wholeIds instanceof Float64Array) &&
    (r.gramGen === undefined || typeof r.gramGen === 'string')
  );
}

export const randomStamp = (): string => Math.random().toString(36).slice(2);
