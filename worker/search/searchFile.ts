/**
 * The search index's merged segment (searchIndex.ts `SearchMain`) as a file of the text store's
 * folder (`<database>.search.<stamp>`, arraysFile.ts), named by the `textIndex:search` record
 * instead of held in it, when the chunks are files too.
 *
 * Why: at 1M articles the segment is ~63 MB (48 MB of postings, the per-document arrays, a small
 * dictionary). IndexedDB gave the record back in 566–596 ms, deserialised on the worker's thread
 * in one task (a closing page's worker could not stop inside it and ran on into the next page's
 * start); the same bytes read from a file with a sync handle took 182–187 ms (four fresh workers
 * each, over a kept 1M profile). It is read in steps of a few megabytes, each its own task.
 */
import { readArraysFile, writeArraysFile, type Column } from './arraysFile';
import type { ChunkDir } from './chunkDir';
import type { SearchMain } from './searchIndex';

/** The name of the segment file of `stamp` in the chunks' folder. */
export const searchFileName = (prefix: string, stamp: string): string => `${prefix}search.${stamp}`;

/** Array lengths of a segment in a file: the dictionary's UTF-8 bytes, offsets, postings, documents. */
export interface SearchSizes {
  terms: number;
  offsets: number;
  data: number;
  docs: number;
}

/** What the segment's record holds when the segment is a file. */
export interface SearchInFile {
  lineage: string;
  stamp: string;
  file: string;
  sizes: SearchSizes;
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function isSearchInFile(v: unknown): v is SearchInFile {
  const r = v as Partial<SearchInFile> | undefined;
  const s = r?.sizes as Partial<SearchSizes> | undefined;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.lineage === 'string' &&
    typeof r.stamp === 'string' &&
    typeof r.file === 'string' &&
    typeof s === 'object' &&
    s !== null &&
    count(s.terms) &&
    count(s.offsets) &&
    count(s.data) &&
    count(s.docs)
  );
}

/** A segment file written and locked, not yet named by a stored record. */
export interface SearchFile {
  dir: ChunkDir;
  name: string;
  stamp: string;
  sizes: SearchSizes;
  /** The search index's `mainVersion` the segment is of. */
  mainVersion: number;
}

/** Bytes read a task (~30 ms at 1M on the bench machine's first-touch cost), so the read can be left between steps. */
const READ_STEP_BYTES = 8 << 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

const arraysOf = (main: SearchMain, terms: Uint8Array): Column[] => [
  terms,
  main.offsets,
  main.data,
  main.docLen,
  main.pubDate,
  main.feedId,
];

/**
 * Writes `main` (of the index's `mainVersion`) as the segment file of `stamp`; resolves it,
 * locked, or null when it could not be written (the record then holds the segment, as before).
 * A dictionary that would not come back the same from UTF-8 (a lone surrogate) stays in the record.
 */
export async function writeSearchFile(
  folder: { dir: ChunkDir; prefix: string },
  stamp: string,
  main: SearchMain,
  mainVersion: number,
): Promise<SearchFile | null> {
  const terms = encoder.encode(main.terms);
  if (terms.length !== main.terms.length && decoder.decode(terms) !== main.terms) return null;
  const name = searchFileName(folder.prefix, stamp);
  if (!(await writeArraysFile(folder.dir, name, arraysOf(main, terms)))) return null;
  const sizes = {
    terms: terms.length,
    offsets: main.offsets.length,
    data: main.data.length,
    docs: main.docLen.length,
  };
  return { dir: folder.dir, name, stamp, sizes, mainVersion };
}

/**
 * The segment the record names, read from its file in `folder` (this database's prefix); null
 * when the record names another database's or another stamp's file, or the file is missing, cut
 * or of other sizes. Throws what opening the file throws (another tab holding it open: a
 * transient failure the caller tries again).
 */
export async function readSearchFile(
  record: SearchInFile,
  folder: { dir: ChunkDir; prefix: string },
): Promise<SearchMain | null> {
  if (record.file !== searchFileName(folder.prefix, record.stamp)) return null;
  const { sizes } = record;
  const terms = new Uint8Array(sizes.terms);
  const main = {
    offsets: new Int32Array(sizes.offsets),
    data: new Uint8Array(sizes.data),
    docLen: new Uint16Array(sizes.docs),
    pubDate: new Float64Array(sizes.docs),
    feedId: new Int32Array(sizes.docs),
  };
  if (
    !(await readArraysFile(folder.dir, record.file, arraysOf({ ...main, terms: '' }, terms), READ_STEP_BYTES))
  )
    return null;
  let text: string;
  try {
    text = decoder.decode(terms);
  } catch {
    return null;
  }
  return { terms: text, ...main };
}
