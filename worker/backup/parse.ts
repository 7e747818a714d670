/**
 * Reading a backup file completely before anything is written: every line is parsed and
 * checked, counts are compared with the header, and the records are kept in memory ("staged")
 * for the restore. A file that fails any check is refused with an EngineError saying why, and
 * nothing has been touched.
 */
import { EngineError } from '../errors';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  SETTINGS_STORE,
  decodeValue,
  type BackupHeader,
  type RecordLine,
} from './format';
import { checkRecord } from './records';

/** A fully read and checked backup, ready to restore. */
export interface StagedBackup {
  header: BackupHeader;
  /** Records by store (keys beside values for stores without in-record keys). */
  records: Map<string, RecordLine[]>;
  /** The `@settings` value, when the file has one. */
  settings: unknown;
  /** Stores in the file this database does not have (their records are left out). */
  unknownStores: string[];
}

const NOT_BACKUP = 'This file is not a Rivulet backup.';

/** Splits a text stream into lines; reports whether the last line ended with a newline. */
async function* linesOf(
  stream: ReadableStream<string>,
): AsyncGenerator<{ line: string; last: boolean; ended: boolean }> {
  const reader = stream.getReader();
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      yield { line: rest.slice(0, nl), last: false, ended: true };
      rest = rest.slice(nl + 1);
      nl = rest.indexOf('\n');
    }
  }
  if (rest !== '') yield { line: rest, last: true, ended: false };
}

function readHeader(line: string): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line.replace(/^\uFEFF/, ''));
  } catch {
    throw new EngineError('not_backup', NOT_BACKUP);
  }
  const h = value as Partial<BackupHeader> | null;
  if (typeof h !== 'object' || h === null || h.format !== BACKUP_FORMAT)
    throw new EngineError('not_backup', NOT_BACKUP);
  if (typeof h.version !== 'number' || !Number.isInteger(h.version) || h.version < 1)
    throw new EngineError('not_backup', `${NOT_BACKUP} (its version is unreadable)`);
  if (h.version > BACKUP_VERSION)
    throw new EngineError(
      'newer_version',
      `This backup was made by a newer version of Rivulet (format ${h.version}; this one reads up to ${BACKUP_VERSION}). Update Rivulet, then restore it.`,
    );
  const counts = h.counts as Record<string, unknown> | undefined;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts))
    throw new EngineError('not_backup', `${NOT_BACKUP} (its header has no record counts)`);
  for (const [store, n] of Object.entries(counts))
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      throw new EngineError('not_backup', `${NOT_BACKUP} (the count of "${store}" is unreadable)`);
  return {
    format: BACKUP_FORMAT,
    version: h.version,
    createdAt: typeof h.createdAt === 'number' ? h.createdAt : 0,
    schemaVersion: typeof h.schemaVersion === 'number' ? h.schemaVersion : 0,
    counts: counts as Record<string, number>,
  };
}

/**
 * Reads and checks a whole backup file (streamed, decoded as UTF-8). `knownStores` are the
 * stores of this database with whether their records hold their key. Cost: one pass over the
 * file; memory ≈ the parsed records. Fails (EngineError) with `not_backup`, `newer_version`,
 * `truncated` (a cut last line, or fewer records than the header says), `corrupt_backup` (a
 * damaged line, a record that does not fit its store, or more records than announced).
 */
export async function readBackup(
  file: Blob,
  knownStores: ReadonlyMap<string, { inbound: boolean }>,
): Promise<StagedBackup> {
  if (!(file instanceof Blob)) throw new EngineError('not_backup', 'No backup file was given.');
  if (file.size === 0) throw new EngineError('not_backup', `${NOT_BACKUP} (the file is empty)`);
  let header: BackupHeader | null = null;
  const records = new Map<string, RecordLine[]>();
  const seen = new Map<string, number>();
  const unknown = new Set<string>();
  let settings: unknown = undefined;
  let lineNo = 0;
  let blankTail = false;
  const stream = file.stream().pipeThrough(new TextDecoderStream('utf-8'));
  for await (const { line, ended } of linesOf(stream)) {
    lineNo++;
    if (!header) {
      header = readHeader(line);
      continue;
    }
    if (line.trim() === '') {
      blankTail = true;
      continue;
    }
    if (blankTail)
      throw new EngineError('corrupt_backup', `The backup is damaged: line ${lineNo - 1} is empty.`);
    let parsed: RecordLine;
    try {
      parsed = JSON.parse(line) as RecordLine;
    } catch {
      throw ended
        ? new EngineError('corrupt_backup', `The backup is damaged: line ${lineNo} is not readable.`)
        : new EngineError('truncated', 'The backup file is cut short: its last line is incomplete.');
    }
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.store !== 'string')
      throw new EngineError('corrupt_backup', `The backup is damaged: line ${lineNo} names no store.`);
    const { store } = parsed;
    const count = (seen.get(store) ?? 0) + 1;
    seen.set(store, count);
    if (count > (header.counts[store] ?? 0))
      throw new EngineError(
        'corrupt_backup',
        `The backup is damaged: it holds more "${store}" records than its header says (${header.counts[store] ?? 0}).`,
      );
    const value = decodeValue(parsed.value);
    if (store === SETTINGS_STORE) {
      settings = value;
      continue;
    }
    const known = knownStores.get(store);
    if (!known) {
      unknown.add(store);
      continue;
    }
    const problem = checkRecord(store, value, known.inbound, parsed.key);
    if (problem)
      throw new EngineError('corrupt_backup', `The backup is damaged: line ${lineNo}: ${problem}.`);
    const list = records.get(store) ?? [];
    list.push(known.inbound ? { store, value } : { store, key: decodeValue(parsed.key), value });
    records.set(store, list);
  }
  if (!header) throw new EngineError('not_backup', `${NOT_BACKUP} (the file is empty)`);
  for (const [store, expected] of Object.entries(header.counts)) {
    const found = seen.get(store) ?? 0;
    if (found !== expected)
      throw new EngineError(
        'truncated',
        `The backup is incomplete: it should hold ${expected} "${store}" records but has ${found}.`,
      );
  }
  checkReferences(records);
  return { header, records, settings, unknownStores: [...unknown].sort() };
}

// Items must belong to a feed of the backup, and ids must be unique, or a replace would break.
function checkReferences(records: Map<string, RecordLine[]>): void {
  for (const store of ['groups', 'feeds', 'items']) {
    const ids = new Set<number>();
    for (const r of records.get(store) ?? []) {
      const id = (r.value as { id: number }).id;
      if (ids.has(id))
        throw new EngineError('corrupt_backup', `The backup is damaged: "${store}" id ${id} appears twice.`);
      ids.add(id);
    }
  }
  const feeds = new Set((records.get('feeds') ?? []).map((r) => (r.value as { id: number }).id));
  for (const r of records.get('items') ?? []) {
    const item = r.value as { id: number; feedId: number };
    if (!feeds.has(item.feedId))
      throw new EngineError(
        'corrupt_backup',
        `The backup is damaged: item ${item.id} belongs to feed ${item.feedId}, which the backup does not hold.`,
      );
  }
}
