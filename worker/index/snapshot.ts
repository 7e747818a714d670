/**
 * Persisting the index: one packed object of columns in `meta` (see snapshotFormat.ts), so a
 * cold start with 100k items is one `get` instead of 100k records. The snapshot records the
 * items change counter it reflects; a snapshot whose counter or row count disagrees with the
 * database is stale and the index is rebuilt from the items store. Beside it, a small summary
 * (counts at that counter) lets start-up answer counts before the snapshot is read. This module
 * loads; fromStore.ts rebuilds and catches up from the items store; snapshotWrite.ts writes.
 */
import type { Database } from '../db/database';
import { META_KEYS } from '../db/meta';
import type { MetaIndex } from './metaIndex';
import {
  isDateOrder,
  isSummary,
  joinText,
  textRows,
  toCounter,
  unpackSnapshot,
  unpackText,
  type IndexSummary,
} from './snapshotFormat';
import { isPointer, readPointedLater, type LaterHashes, type NumberFiles } from './numbersFile';
import { noteWritten, writeSnapshot } from './snapshotWrite';
import { partsOf, TextAssembler, textPartKey } from './textParts';
import { readTextFile } from './textFile';
import { applyFlagLog, logWithWrites, readFlagLog } from './flagLog';
import { catchUp, rebuild } from './fromStore';

export { SNAPSHOT_FORMAT, isSummary, toCounter, type IndexSummary } from './snapshotFormat';

/** How the index was loaded. */
export interface LoadResult {
  source: 'snapshot' | 'rebuild';
  counter: number;
  /** Set when a snapshot existed but could not be used (corrupt, stale or old format). */
  staleReason: string | null;
  /**
   * Changes applied from the flag log (flagLog.ts) on top of a snapshot taken before them: the
   * stored snapshot is behind, and a write should follow. 0 otherwise.
   */
  logged: number;
  /**
   * Articles read from the store past the ingests the log named, and rows dropped for the
   * deletions it named (`catchUp`); 0 otherwise.
   */
  caughtUp: number;
}

/**
 * Fills `index` from the snapshot when it is valid and current, else rebuilds it from the items
 * store (one read transaction, chunked by id) and writes a fresh snapshot.
 * Two steps (snapshotFormat.ts): the number columns first, then the text columns in a second
 * transaction. Between them `atNumbers` runs (awaited): the index then answers every list and
 * every filter that names no text field, while the larger text record waits its turn. If the
 * database moved on between the two reads (another tab wrote), the index is rebuilt.
 * Cost: two gets + one count on the fast path; a full items read on rebuild. The count walks the
 * whole store in Chromium (~300 ms at 100k) and slows the snapshot read that runs beside it, so
 * `countLater` skips it: the caller then runs `verifyCount` when the start-up rush is over.
 * Fails with the storage error texts (`Error fetching data`, …).
 */
export async function loadIndex(
  db: Database,
  index: MetaIndex,
  {
    countLater = false,
    atNumbers,
    files = null,
    partRows,
  }: {
    countLater?: boolean;
    atNumbers?: () => Promise<void>;
    files?: NumberFiles | null;
    /** Rows per part of the text a rebuild writes (textParts.ts). */
    partRows?: number;
  } = {},
): Promise<LoadResult> {
  const orderLater = atNumbers !== undefined;
  const readHead = () =>
    db.tx('fetch', 'r', ['meta', 'items'], async () => {
      // Requests run in the order issued: the snapshot arrives first and is loaded meanwhile.
      const meta = db.table('meta');
      const head = meta.bulkGet([META_KEYS.itemsCounter, META_KEYS.indexSnapshot]);
      // Read beside the snapshot (usually empty): the flag changes since it, if it is behind.
      const logged = readFlagLog(meta);
      const counting = countLater ? null : db.table('items').count();
      // If the snapshot read fails the transaction aborts and these reject unobserved: not errors.
      counting?.catch(() => undefined);
      logged.catch(() => undefined);
      const [counterRecord, snapshotRecord] = await head;
      const counter = toCounter(counterRecord?.value);
      const value: unknown = snapshotRecord?.value;
      const log = await logged;
      // Columns in a number file are read after the transaction (numbersFile.ts).
      const pointer = isPointer(value) ? value : null;
      const tried = value === undefined || pointer ? null : tryLoad(index, value, counter, orderLater, log);
      return { counter, pointer, tried, log, count: counting ? await counting : null };
    });
  let head = await readHead();
  let tried = head.tried;
  // A deferred start leaves the key hashes in the number file until its first pages are
  // answered (numbersFile.ts `readPointedLater`): only an ingest's duplicate check reads them.
  let hashes: LaterHashes | null = null;
  if (head.pointer) {
    let read = await readPointedLater(files, head.pointer, orderLater);
    // Another tab may have written a newer file and removed this one since the record was read.
    if (read === null && files) {
      const again = await readHead();
      if (again.pointer && again.pointer.file !== head.pointer.file) {
        head = again;
        read = await readPointedLater(files, again.pointer, orderLater);
      }
    }
    hashes = read?.hashes ?? null;
    try {
      tried =
        read === null
          ? { staleReason: 'index snapshot unreadable' }
          : tryLoad(index, read.snapshot, head.counter, orderLater, head.log, hashes !== null);
    } catch (err) {
      hashes?.close();
      throw err;
    }
  }
  try {
    return await finishLoad(db, index, head, tried, { atNumbers, files, partRows, hashes });
  } finally {
    hashes?.close();
  }
}

// The rest of `loadIndex` once the numbers are read (or found unusable): the deferred checks
// and reads after the first pages, then the text; or a rebuild.
async function finishLoad(
  db: Database,
  index: MetaIndex,
  head: { counter: number; count: number | null },
  tried: ReturnType<typeof tryLoad> | null,
  {
    atNumbers,
    files,
    partRows,
    hashes,
  }: {
    atNumbers: (() => Promise<void>) | undefined;
    files: NumberFiles | null;
    partRows: number | undefined;
    hashes: LaterHashes | null;
  },
): Promise<LoadResult> {
  const { counter } = head;
  const { rows, textToken, tailToken, staleReason, orderOk, numbersCounter, logged = 0 } = tried ?? {};
  const written = tried?.written ?? [];
  const removed = tried?.removed ?? [];
  const behind = written.length + removed.length;
  const count = head.count ?? rows;
  let reason: string | null = staleReason ?? null;
  // After ingests or deletions the store holds other rows than the snapshot: counted once the
  // catch-up is done.
  if (rows !== undefined && (rows === count || behind > 0)) {
    // The number columns lack what ingests since wrote, and still hold what deletions removed:
    // nothing answers from them before the catch-up.
    if (behind === 0) await atNumbers?.();
    // The order's full check, deferred past the first pages (unpackSnapshot's `orderLater`). A
    // broken order is rebuilt like any unreadable snapshot; pages answered from it meanwhile
    // were wrong only in their order, and only on such a (corrupt) start. So are key hashes the
    // file no longer gives (it cannot be removed while open, so only a broken file does that).
    const taken = hashes?.read();
    const hashesOk = !hashes || (taken != null && index.takeKeyHashes(taken));
    reason =
      orderOk?.() === false || !hashesOk
        ? 'index snapshot unreadable'
        : await loadText(
            db,
            index,
            counter,
            numbersCounter ?? counter,
            rows,
            textToken ?? '',
            tailToken ?? '',
            files,
          );
    if (reason === null && behind > 0) {
      reason = await catchUp(db, index, counter, { written, removed }, head.count);
      if (reason === null) await atNumbers?.();
    }
    if (reason === null) return { source: 'snapshot', counter, staleReason: null, logged, caughtUp: behind };
  } else if (rows !== undefined) reason = 'index snapshot out of date';
  const rebuilt = await rebuild(db, index);
  await writeSnapshot(db, index, rebuilt, files, partRows !== undefined ? { partRows } : {});
  return { source: 'rebuild', counter: rebuilt, staleReason: reason, logged: 0, caughtUp: 0 };
}

// Loads the number columns of a readable snapshot into the index as of `counter` (rows loaded;
// every string reads '' until `loadText`), or says why not. A snapshot taken before `counter`
// is brought up to it from the flag log (`log`, as read) when every change since was one of
// flags or tags; otherwise it is out of date. With `orderLater` the date order is taken after a
// range check only; `orderOk` runs the full check.
function tryLoad(
  index: MetaIndex,
  value: unknown,
  counter: number,
  orderLater: boolean,
  log: readonly unknown[],
  hashesLater = false,
): {
  rows?: number;
  textToken?: string;
  tailToken?: string;
  staleReason?: string;
  orderOk?: () => boolean;
  numbersCounter?: number;
  logged?: number;
  /** Articles ingests since the snapshot added or changed (read from the store once the text is in). */
  written?: number[];
  /** Articles deletions since the snapshot removed (dropped once the text is in). */
  removed?: number[];
} {
  const unpacked = unpackSnapshot(value, { orderLater, hashesLater });
  if (!unpacked.ok)
    return {
      staleReason:
        unpacked.reason === 'old format' ? 'index snapshot of an older format' : 'index snapshot unreadable',
    };
  const since = logWithWrites(log, unpacked.counter, counter);
  if (since === null) return { staleReason: 'index snapshot out of date' };
  index.load(unpacked.columns, unpacked.order, { hashesLater });
  applyFlagLog(index, since.entries);
  const { order, columns } = unpacked;
  return {
    numbersCounter: unpacked.counter,
    logged: since.entries.length + since.writes,
    written: since.written,
    removed: since.removed,
    rows: columns.ids.length,
    textToken: unpacked.textToken,
    tailToken: unpacked.tailToken,
    ...(orderLater ? { orderOk: () => isDateOrder(order, columns.pubDates, columns.ids) } : {}),
  };
}

// The second step: the text columns of the `rows` rows loaded at `counter` (the text record,
// and when `tailToken` names one, its tail after it). Null when they are in, else why not (the
// index must then be rebuilt). `numbersCounter` is the counter the stored numbers were taken at
// (before `counter` when the flag log brought them up to it: the next write must not skip).
async function loadText(
  db: Database,
  index: MetaIndex,
  counter: number,
  numbersCounter: number,
  rows: number,
  textToken: string,
  tailToken: string,
  files: NumberFiles | null,
): Promise<string | null> {
  const keys: string[] = [META_KEYS.itemsCounter, META_KEYS.indexSnapshotText];
  if (tailToken !== '') keys.push(META_KEYS.indexSnapshotTextTail);
  const read = await db.tx('fetch', 'r', ['meta'], async () => {
    const meta = db.table('meta');
    const [counterRecord, textRecord, tailRecord] = await meta.bulkGet(keys);
    if (toCounter(counterRecord?.value) !== counter) return 'index snapshot out of date';
    if (textRecord === undefined || (tailToken !== '' && tailRecord === undefined))
      return 'index snapshot unreadable';
    const tailRows = tailToken === '' ? 0 : textRows(tailRecord?.value);
    if (tailRows < 0 || tailRows > rows) return 'index snapshot unreadable';
    const parts = partsOf(textRecord.value);
    if (parts === 'bad' || (parts && parts.rows !== rows - tailRows)) return 'index snapshot unreadable';
    const text = unpackText(textRecord.value, parts ? textRows(textRecord.value) : rows - tailRows);
    const tail = tailToken === '' ? null : unpackText(tailRecord?.value, tailRows);
    for (const part of [text, tail]) {
      if (part && !part.ok)
        return part.reason === 'old format'
          ? 'index snapshot of an older format'
          : 'index snapshot unreadable';
    }
    if (!text.ok || text.token !== textToken || (tail?.ok && tail.token !== tailToken))
      return 'index snapshot out of date';
    const assembler = parts ? new TextAssembler(parts, textToken, text.columns) : null;
    const inFile = (textRecord.value as { inFile?: unknown }).inFile === true;
    if (assembler && !inFile)
      // Every part is asked for at once and copied into place as it arrives (in order), so the
      // parts are not all on the heap beside their join.
      await Promise.all(
        Array.from({ length: parts!.count }, (_, i) =>
          meta.get(textPartKey(i + 1)).then((record) => assembler.add(record?.value)),
        ),
      );
    return { columns: text.columns, assembler, inFile, tail: tail?.ok ? tail.columns : null, tailRows };
  });
  if (typeof read === 'string') return read;
  const { tail, tailRows, assembler, inFile } = read;
  let columns = read.columns;
  if (assembler) {
    // A text in a file (textFile.ts) is read after the transaction: its file is immutable, and
    // the record read above named it.
    if (inFile && !(await readTextFile(files, textToken, assembler))) return 'index snapshot unreadable';
    const joined = assembler.finish();
    if (!joined) return 'index snapshot unreadable';
    columns = joined;
  }
  // Refused when rows changed since the numbers' load, or when the joined records do not parse
  // as the rows' (a text file's blocks are not parsed one by one: TextAssembler.addInPlace).
  if (!index.attachText(tail ? joinText(columns, tail) : columns))
    return 'index text unreadable, or the index changed while it loaded';
  noteWritten(index, {
    token: textToken,
    tailToken,
    textVersion: index.textVersion,
    mark: index.textBase(rows - tailRows),
    baseLive: rows - tailRows,
    counter: numbersCounter,
    version: index.version,
  });
  return null;
}

/**
 * The counts summary, only when it matches the database's current change counter (else null:
 * counts must wait for the index). Cost: two small gets. Fails with the storage error texts.
 */
export async function readSummary(db: Database): Promise<IndexSummary | null> {
  return db.tx('fetch', 'r', ['meta'], async () => {
    const meta = db.table('meta');
    const [counter, summary] = await meta.bulkGet([META_KEYS.itemsCounter, META_KEYS.indexSummary]);
    const value: unknown = summary?.value;
    return isSummary(value) && value.counter === toCounter(counter?.value) ? value : null;
  });
}
