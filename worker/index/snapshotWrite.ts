/**
 * Writing the index snapshot (the load is in snapshot.ts, the stored shapes in snapshotFormat.ts):
 * the numbers record (or the number file it names), the counts summary, and the text records as
 * little of them as the change since the last write or load allows. Each index remembers what it
 * last wrote or loaded (`noteWritten`), which decides what the next write may keep.
 */
import { META_KEYS } from '../db/meta';
import type { Database } from '../db/database';
import type { MetaIndex, TextMark } from './metaIndex';
import {
  collectNumberFiles,
  isPointer,
  numberFile,
  writeNumberFile,
  type NumberFiles,
  type SnapshotPointer,
} from './numbersFile';
import {
  packNumbers,
  packText,
  SNAPSHOT_FORMAT,
  toCounter,
  type IndexSummary,
  type PackedSnapshot,
} from './snapshotFormat';
import {
  packTextPart,
  PartsTally,
  TEXT_PART_RANGE,
  TEXT_PART_ROWS,
  textPartKey,
  textParts,
} from './textParts';
import { textFileName, writeTextFile, type WrittenTextFile } from './textFile';
import type { PackedTextColumns } from './stringColumns';

/** What each index last wrote or loaded of the text records. */
export interface WrittenText {
  /** The text record's token, and its tail's ('' for none). */
  token: string;
  tailToken: string;
  /** The index's text version then. */
  textVersion: number;
  /** The index rows the text record holds, and how many of them were live (its rows). */
  mark: TextMark;
  baseLive: number;
  /** The change counter and the index's version the stored numbers were taken at. */
  counter: number;
  version: number;
}
const written = new WeakMap<MetaIndex, WrittenText>();

/** Notes what `index` holds of the stored text records after a load (snapshot.ts `loadText`). */
export function noteWritten(index: MetaIndex, what: WrittenText): void {
  written.set(index, what);
}

/**
 * A tail may hold up to this share of the text record's rows; past it the whole text is written
 * again. Each whole write (O(rows)) is so paid for by at least a sixteenth of the rows appended,
 * and a tail stays small to write and to join at a cold start.
 */
const TAIL_SHARE = 1 / 16;

/** The stored tokens of the text record and its tail (`META_KEYS.indexSnapshotTextToken`). */
interface StoredTokens {
  text: string;
  tail: string;
}

function toTokens(value: unknown): StoredTokens | null {
  const v = value as Partial<StoredTokens> | undefined;
  return typeof v?.text === 'string' && typeof v.tail === 'string' ? { text: v.text, tail: v.tail } : null;
}

/**
 * Writes the snapshot and its counts summary if the stored counter still equals `counter` (the
 * index reflects the database); otherwise skips, because the snapshot would claim changes it
 * lacks. Returns whether it wrote. The text columns are written as little as the change allows:
 * - only flags or tags changed (reading, starring, tagging): the numbers record alone;
 * - rows were only appended after the rows the stored text record holds (a refresh; rows
 *   appended and removed again count as never there): the numbers and a tail text record of the
 *   appended rows, while it holds at most `TAIL_SHARE` of the text record's rows;
 * - else (a row the text record holds was rewritten or removed, rows were renumbered, another
 *   tab wrote its own text record meanwhile): everything.
 * With `files` the number columns go to a new number file first and the record names it
 * (numbersFile.ts); the file is removed again when the record is not written, and older files
 * are removed after (in the background).
 * Cost: copying and packing the number columns + the appended rows' strings (all strings on
 * the last path, packed and put a part at a time: textParts.ts) + the puts (+ the file write).
 */
export async function writeSnapshot(
  db: Database,
  index: MetaIndex,
  counter: number,
  files: NumberFiles | null = null,
  { partRows = TEXT_PART_ROWS }: { partRows?: number } = {},
): Promise<boolean> {
  let textVersion = index.textVersion;
  let version = index.version;
  const last = written.get(index);
  // Nothing changed since this index last wrote (or loaded) the snapshot at this counter, and the
  // stored records are still those: a write would store what is there. A hidden tab asks for a
  // write at every switch away, and at 1M rows each write is a ~19 MB number file.
  if (last && last.counter === counter && last.version === version) {
    const stored = toTokens(
      (await db.tx('fetch', 'r', ['meta'], () => db.table('meta').get(META_KEYS.indexSnapshotTextToken)))
        ?.value,
    );
    if (stored?.text === last.token && stored.tail === last.tailToken && index.version === version)
      return true;
  }
  const appended =
    last && last.textVersion !== textVersion
      ? index.appendedSince(last.mark, last.baseLive * TAIL_SHARE)
      : null;
  let kind: 'keep' | 'tail' | 'full' =
    last?.textVersion === textVersion ? 'keep' : last && appended ? 'tail' : 'full';
  // The mark is taken before anything is packed, in the same task: the text record holds these
  // rows (its parts are packed later, in the transaction; `textParts` refuses a change between).
  let mark = kind === 'full' ? index.textBase() : null;
  // Packed (narrowed) at once, so the index's copies of the columns go; null once a number file
  // holds them: at 1M rows they are ~20 MB the text's parts need not share the heap with.
  let numbers: PackedSnapshot | null = packedNumbers(index, counter);
  let liveRows = numbers.ids.length;
  const tail = kind === 'tail' && appended && appended.length > 0 ? index.packedText(appended) : null;
  const summary = summaryOf(index, counter);
  const fileToken = files ? crypto.randomUUID() : '';
  let fileName: string | null = null;
  if (files) {
    try {
      fileName = await writeNumberFile(files, fileToken, numberFile(numbers, fileToken));
    } catch (err) {
      console.warn('Rivulet: index number file not written; the record keeps the columns', err);
    }
    if (fileName !== null) numbers = null;
  }
  // A whole text goes to a file of its own where there is a folder (textFile.ts), written like
  // the number file before the transaction; when it cannot be, the transaction writes part records.
  let textFile: WrittenTextFile | null = null;
  const textFileToken = crypto.randomUUID();
  if (files && kind === 'full') {
    try {
      textFile = await writeTextFile(files, textFileToken, index, partRows);
    } catch (err) {
      console.warn('Rivulet: index text file not written; the text goes to part records', err);
    }
  }
  let named = false;
  let textNamed = false;
  let repacked = false;
  const tokens = await db
    .tx('update', 'rw', ['meta'], async () => {
      const meta = db.table('meta');
      const [storedCounter, storedTokens] = await meta.bulkGet([
        META_KEYS.itemsCounter,
        META_KEYS.indexSnapshotTextToken,
      ]);
      if (toCounter(storedCounter?.value) !== counter) return null;
      const stored = toTokens(storedTokens?.value);
      // Another tab wrote its own text record (its rows may be in another order) or tail
      // meanwhile: write everything, all of it packed now, together.
      const mine = stored !== null && last !== undefined && stored.text === last.token;
      if (kind !== 'full' && (!mine || (kind === 'keep' && stored.tail !== last.tailToken))) {
        repacked = true;
        kind = 'full';
        textVersion = index.textVersion;
        version = index.version;
        mark = index.textBase();
        numbers = packedNumbers(index, counter);
        liveRows = numbers.ids.length;
      }
      // The text file holds the rows of the moment before this transaction: kept unless the
      // text was packed again just now.
      textNamed = textFile !== null && !repacked;
      const next: StoredTokens =
        kind === 'full'
          ? { text: textNamed ? textFileToken : crypto.randomUUID(), tail: '' }
          : kind === 'tail'
            ? { text: last!.token, tail: tail ? crypto.randomUUID() : '' }
            : { text: last!.token, tail: last!.tailToken };
      // The file holds the columns packed before this transaction; when they were packed again
      // just now (the whole-write fallback above) the record takes them itself.
      named = fileName !== null && !repacked;
      const pointer: SnapshotPointer = {
        format: SNAPSHOT_FORMAT,
        counter,
        textToken: next.text,
        tailToken: next.tail,
        file: fileToken,
      };
      const records: { key: string; value: unknown }[] = [
        {
          key: META_KEYS.indexSnapshot,
          value: named || !numbers ? pointer : { ...numbers, textToken: next.text, tailToken: next.tail },
        },
        { key: META_KEYS.indexSummary, value: summary },
      ];
      if (kind === 'full')
        records.push(
          textNamed && textFile
            ? await textFileHead(db, textFile, counter, next.text)
            : await putTextParts(db, index, partRows, counter, next.text),
        );
      if (kind === 'tail' && tail)
        records.push({ key: META_KEYS.indexSnapshotTextTail, value: packText(tail, counter, next.tail) });
      if (kind !== 'keep') records.push({ key: META_KEYS.indexSnapshotTextToken, value: next });
      await meta.bulkPut(records);
      // A tail no numbers record names any more is dead weight.
      if (kind !== 'keep' && next.tail === '') await meta.delete(META_KEYS.indexSnapshotTextTail);
      return next;
    })
    .finally(() => {
      if (!files) return;
      if (fileName !== null) {
        files.dir.unlock(fileName);
        if (!named) void files.dir.remove(fileName);
      }
      if (textFile) {
        files.dir.unlock(textFile.name);
        if (!textNamed) void files.dir.remove(textFile.name);
      }
    });
  if (files && (named || textNamed))
    void removeOldNumberFiles(db, files).catch((err: unknown) =>
      console.warn('Rivulet: old index number files not removed', err),
    );
  if (tokens === null) return false;
  written.set(index, {
    token: tokens.text,
    tailToken: tokens.tail,
    textVersion,
    mark: mark ?? last!.mark,
    baseLive: kind === 'full' ? liveRows : last!.baseLive,
    counter,
    version,
  });
  return true;
}

/** The counts summary of `index` at `counter`. Hidden items are in no count (see MetaIndex.rowsByDate). */
function summaryOf(index: MetaIndex, counter: number): IndexSummary {
  return {
    counter,
    items: index.liveCount() - index.hiddenCount(),
    unread: index.unreadCount(),
    saved: index.savedCount(),
    unreadByFeed: index.unreadByFeed(),
  };
}

/**
 * True when `index` has changed only in flags or tags since it last wrote or loaded the snapshot
 * (reading, starring, tagging): the stored text still holds its rows, and the flag log names every
 * change since (flagLog.ts), so a start brings the stored numbers up to date from the log.
 */
export function onlyFlagsSinceWrite(index: MetaIndex): boolean {
  const last = written.get(index);
  return last !== undefined && last.textVersion === index.textVersion;
}

/**
 * Writes the counts summary alone, at `counter`, if the stored counter still equals it (else
 * skips, as `writeSnapshot` does). Whether it wrote. With the flag log this is all a start needs to
 * answer counts at once after flag changes (snapshot.ts `readSummary`); the numbers follow from the
 * log. Each flag change already moves the stored summary in its own transaction (flagLog.ts
 * `SummaryTally`), so this mostly stores what is there; it is put anyway because a tally leaves a
 * summary that was already behind as it was. Cost: one small get and one small put, against a
 * number file of ~19 MB at 1M articles.
 */
export async function writeSummary(db: Database, index: MetaIndex, counter: number): Promise<boolean> {
  const summary = summaryOf(index, counter);
  return db.tx('update', 'rw', ['meta'], async () => {
    const meta = db.table('meta');
    if (toCounter((await meta.get(META_KEYS.itemsCounter))?.value) !== counter) return false;
    await meta.put({ key: META_KEYS.indexSummary, value: summary });
    return true;
  });
}

// The live rows' number columns as the numbers record stores them (its tokens still '').
function packedNumbers(index: MetaIndex, counter: number): PackedSnapshot {
  const { columns, order } = index.packable(false);
  return packNumbers(columns, order, counter, '', '');
}

/**
 * Inside a write transaction: removes the part records of the text written before and puts the
 * live rows' text as token `token`, `partRows` rows a part, each part packed once the one before
 * is stored (textParts.ts). Returns the head record for the caller to put with the others; the
 * head holds the first part and how many follow.
 */
async function putTextParts(
  db: Database,
  index: MetaIndex,
  partRows: number,
  counter: number,
  token: string,
): Promise<{ key: string; value: unknown }> {
  const meta = db.table('meta');
  await meta.where(':id').between(TEXT_PART_RANGE[0], TEXT_PART_RANGE[1]).delete();
  const nextPart = textParts(index, partRows);
  const head = nextPart()!;
  const tally = new PartsTally();
  tally.add(head, true);
  for (let part = nextPart(); part; part = nextPart()) {
    tally.add(part);
    await meta.put({ key: textPartKey(tally.info.count), value: packTextPart(part, token) });
  }
  return { key: META_KEYS.indexSnapshotText, value: packText(head, counter, token, tally.info) };
}

/**
 * Inside a write transaction: the head record of a text written to a file (the part records of
 * the text written before go).
 */
async function textFileHead(
  db: Database,
  file: WrittenTextFile,
  counter: number,
  token: string,
): Promise<{ key: string; value: unknown }> {
  await db.table('meta').where(':id').between(TEXT_PART_RANGE[0], TEXT_PART_RANGE[1]).delete();
  const empty: PackedTextColumns = {
    titles: { text: ['', ''], wide: new Uint8Array(0), ends: new Uint32Array(0) },
    authorNames: file.authorNames,
    authorCodes: new Int32Array(0),
    refs: new Uint8Array(0),
  };
  return { key: META_KEYS.indexSnapshotText, value: packText(empty, counter, token, file.info, true) };
}

/**
 * Removes the number and text files of `db` that its stored records do not name (all of them
 * when they name none, after a clear-all), sparing the ones some tab is writing. Resolves how many
 * went. Fails with the storage error texts.
 */
export function removeOldNumberFiles(db: Database, files: NumberFiles): Promise<number> {
  return collectNumberFiles(files, async () => {
    const [numbers, text] = await db.tx('fetch', 'r', ['meta'], () =>
      db.table('meta').bulkGet([META_KEYS.indexSnapshot, META_KEYS.indexSnapshotText]),
    );
    const keep: string[] = [];
    const pointer: unknown = numbers?.value;
    if (isPointer(pointer)) keep.push(files.prefix + pointer.file);
    const head = text?.value as { inFile?: unknown; token?: unknown } | undefined;
    if (head?.inFile === true && typeof head.token === 'string') keep.push(textFileName(files, head.token));
    return keep;
  });
}
