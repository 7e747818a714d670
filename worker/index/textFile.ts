/**
 * The snapshot's text parts as a file in the worker's OPFS, beside the number files (folder
 * `rivulet-index`, `<database>.text.<token>`, the text record's token), where a text would
 * otherwise be part records in IndexedDB (textParts.ts). The text record then holds no rows, only
 * the author dictionary, the parts' sizes and `inFile`.
 *
 * Why a file: at 1M articles the text is ~130 MB (titles, authors, links). From 16 IndexedDB
 * records, a cold start spent ~1.9 s deserialising them and copying each into the joined arrays
 * before any title, author or link filter could answer (README "At 1,000,000 items"). In a bare
 * Chromium experiment on the benchmark VM (16 parts of the same shape, 146 MB): IndexedDB gets
 * and the copy 1.26–1.78 s; a synchronous read of the same bytes from a file, each part straight
 * into its place in the joined arrays, and the titles decoded by `TextDecoder`, 0.58–0.60 s.
 *
 * A block per part, after a header (magic, format, the token, how many blocks): the block's sizes
 * (rows, packed record bytes, characters of each title string, flags), then its title wide marks,
 * title ends and author codes as stored in memory, the packed records, the one-byte titles as
 * Latin-1 bytes and the wide titles as UTF-16LE. Blocks are read in order into the joined arrays
 * (`TextAssembler.addInPlace`), so no part is on the heap beside its place.
 */
import type { SyncFile } from '../search/chunkDir';
import type { NumberFiles, NumberSource } from './numbersFile';
import type { PackedTextColumns } from './stringColumns';
import { SNAPSHOT_FORMAT } from './snapshotFormat';
import { PartsTally, textParts, type PartSource, type TextAssembler, type TextPartsInfo } from './textParts';

const MAGIC = 0x31545652; // "RVT1" read as little-endian bytes
const HEADER = 96;
const TOKEN_MAX = HEADER - 32;
const BLOCK_HEAD = 24;
/** The one-byte titles hold a character in U+0080–U+009F, which `TextDecoder('latin1')` maps elsewhere. */
const NARROW_C1 = 1;
/** The wide titles hold a lone surrogate, which `TextDecoder('utf-16le')` replaces. */
const WIDE_LONE = 2;

/** The name of the text file of token `token`. */
export const textFileName = (files: NumberFiles, token: string): string => `${files.prefix}text.${token}`;

const encoder = new TextEncoder();
// Both keep a leading U+FEFF: a title may start with one.
const latin1 = new TextDecoder('latin1', { ignoreBOM: true });
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });
// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;
const C1 = /[\x80-\x9f]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string of code units below 256 as one byte each. O(length); ASCII (most titles) natively. */
function latin1Bytes(s: string, out: Uint8Array): Uint8Array {
  const bytes = out.subarray(0, s.length);
  if (!NOT_ASCII.test(s)) encoder.encodeInto(s, bytes);
  else for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

/** A string as UTF-16LE code units. O(length). */
function utf16Bytes(s: string, out: Uint16Array): Uint8Array {
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return new Uint8Array(out.buffer, 0, s.length * 2);
}

// Code units back to a string without a decoder (the rare texts a decoder would change).
function fromUnits(units: Uint8Array | Uint16Array): string {
  const out: string[] = [];
  for (let i = 0; i < units.length; i += 8192)
    out.push(String.fromCharCode(...(units.subarray(i, i + 8192) as unknown as number[])));
  return out.join('');
}

const bytesOf = (a: Uint32Array | Int32Array): Uint8Array =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Reusable scratch for encoding titles: grown to the largest part, not one array a part. */
class Scratch {
  narrow = new Uint8Array(0);
  wide = new Uint16Array(0);
  fit(narrow: number, wide: number): void {
    if (this.narrow.length < narrow) this.narrow = new Uint8Array(narrow);
    if (this.wide.length < wide) this.wide = new Uint16Array(wide);
  }
}

/** Writes one part as a block at `at`; returns the bytes written, -1 when a write came up short. */
function writeBlock(file: SyncFile, at: number, part: PackedTextColumns, scratch: Scratch): number {
  const { titles, authorCodes, refs } = part;
  const [narrow, wideText] = titles.text;
  scratch.fit(narrow.length, wideText.length);
  const flags = (C1.test(narrow) ? NARROW_C1 : 0) | (LONE.test(wideText) ? WIDE_LONE : 0);
  const head = new Uint32Array([titles.ends.length, refs.length, narrow.length, wideText.length, flags, 0]);
  const pieces = [
    bytesOf(head),
    titles.wide,
    bytesOf(titles.ends),
    bytesOf(authorCodes),
    refs,
    latin1Bytes(narrow, scratch.narrow),
    utf16Bytes(wideText, scratch.wide),
  ];
  let p = at;
  for (const bytes of pieces) {
    if (file.write(bytes, { at: p }) !== bytes.length) return -1;
    p += bytes.length;
  }
  return p - at;
}

/** What `writeTextFile` wrote: the file's name, the parts' sizes and the author dictionary. */
export interface WrittenTextFile {
  name: string;
  info: TextPartsInfo;
  authorNames: string[];
}

/**
 * Writes the live rows' text of `index` as the text file of `token`, `partRows` rows a block, each
 * part packed, encoded and written before the next is packed (one part on the heap at a time, as
 * with part records). Resolves what it wrote, or null when the file could not be written whole
 * (what was made is removed), or when the index's text changed while the file was opened: the
 * caller then writes part records. Locked like a number file: the lock is held on success until
 * the caller's `files.dir.unlock(name)`, once the record naming the file is stored.
 */
export async function writeTextFile(
  files: NumberFiles,
  token: string,
  index: PartSource,
  partRows: number,
): Promise<WrittenTextFile | null> {
  if (token.length > TOKEN_MAX || !/^[\x20-\x7e]*$/.test(token)) throw new Error('bad text file token');
  const textVersion = index.textVersion;
  const name = textFileName(files, token);
  if (!(await files.dir.lock(name))) return null;
  let result: WrittenTextFile | null = null;
  try {
    const file = await files.dir.open(name, true);
    if (!file || index.textVersion !== textVersion) {
      file?.close();
      return null;
    }
    try {
      file.truncate(0);
      // From here to the flush nothing awaits: the parts are the rows of one moment.
      const nextPart = textParts(index, partRows);
      const tally = new PartsTally();
      const scratch = new Scratch();
      let authorNames: string[] | null = null;
      let at = HEADER;
      for (let part = nextPart(); part; part = nextPart()) {
        authorNames ??= part.authorNames;
        const wrote = writeBlock(file, at, part, scratch);
        if (wrote < 0) return null;
        at += wrote;
        tally.add(part);
      }
      const header = new Uint8Array(HEADER);
      const view = new DataView(header.buffer);
      view.setUint32(0, MAGIC, true);
      view.setUint32(4, SNAPSHOT_FORMAT, true);
      view.setUint32(8, tally.info.count, true);
      view.setUint32(12, token.length, true);
      for (let i = 0; i < token.length; i++) header[32 + i] = token.charCodeAt(i);
      if (file.write(header, { at: 0 }) !== HEADER) return null;
      file.flush();
      if (file.getSize() !== at || !authorNames) return null;
      result = { name, info: tally.info, authorNames };
      return result;
    } finally {
      file.close();
    }
  } finally {
    if (!result) {
      await files.dir.remove(name).catch(() => false);
      files.dir.unlock(name);
    }
  }
}

/**
 * Reads the blocks of the text file of `token` into `assembler` (which then holds the joined
 * text, or is bad: `finish` says which). False when the file is not that write's: another token,
 * another number of blocks, a block that reads short or does not end where the file does.
 * Cost: O(bytes) read once into place, plus the titles decoded.
 */
export function readTextBlocks(
  file: NumberSource,
  token: string,
  info: TextPartsInfo,
  assembler: TextAssembler,
): boolean {
  const size = file.getSize();
  const header = new Uint8Array(HEADER);
  if (size < HEADER || file.read(header, { at: 0 }) !== HEADER) return false;
  const view = new DataView(header.buffer);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== SNAPSHOT_FORMAT) return false;
  if (view.getUint32(8, true) !== info.count) return false;
  if (view.getUint32(12, true) !== token.length) return false;
  for (let i = 0; i < token.length; i++) if (header[32 + i] !== token.charCodeAt(i)) return false;
  const scratch = new Scratch();
  const head = new Uint32Array(BLOCK_HEAD / 4);
  let at = HEADER;
  for (let b = 0; b < info.count; b++) {
    if (file.read(bytesOf(head), { at }) !== BLOCK_HEAD) return false;
    at += BLOCK_HEAD;
    const [rows = 0, refBytes = 0, narrow = 0, wide = 0, flags = 0] = head;
    const need = rows * 9 + refBytes + narrow + wide * 2;
    if (at + need > size) return false;
    let whole = true;
    const read = (into: Uint8Array): void => {
      whole &&= file.read(into, { at }) === into.length;
      at += into.length;
    };
    const placed = assembler.addInPlace(rows, refBytes, (place) => {
      read(place.wide);
      read(bytesOf(place.ends));
      read(bytesOf(place.codes));
      read(place.refs);
      scratch.fit(narrow, wide);
      const narrowBytes = scratch.narrow.subarray(0, narrow);
      read(narrowBytes);
      const wideUnits = scratch.wide.subarray(0, wide);
      read(new Uint8Array(wideUnits.buffer, 0, wide * 2));
      if (!whole) return null;
      return [
        flags & NARROW_C1 ? fromUnits(narrowBytes) : latin1.decode(narrowBytes),
        flags & WIDE_LONE ? fromUnits(wideUnits) : utf16.decode(wideUnits),
      ];
    });
    if (!placed || !whole) return false;
  }
  return at === size;
}

/**
 * The blocks of the text file of `token` (`assembler.info`'s parts) into `assembler`; false when
 * there is no such file or it is not that write's. The file is closed again before this resolves.
 */
export async function readTextFile(
  files: NumberFiles | null,
  token: string,
  assembler: TextAssembler,
): Promise<boolean> {
  const file = files ? await files.dir.open(textFileName(files, token), false) : null;
  if (!file) return false;
  try {
    return readTextBlocks(file, token, assembler.info, assembler);
  } finally {
    file.close();
  }
}
