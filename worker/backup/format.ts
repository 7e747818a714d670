/**
 * The backup file format (NDJSON, UTF-8):
 *   line 1: {"format":"rivulet-backup","version":1,"createdAt":<ms>,"schemaVersion":n,"counts":{store: n}}
 *   then one line per record: {"store":"<name>","value":{…}} (and "key" for stores without an
 *   in-record key). Store names starting with "@" are not IndexedDB stores: "@settings" carries
 *   the page's localStorage settings. Values that JSON cannot carry (typed arrays, dates) are
 *   tagged objects, see `encodeLine` / `decodeValue`.
 */

/** The `format` every backup header carries. */
export const BACKUP_FORMAT = 'rivulet-backup';
/** The format version this engine writes and the newest it reads. */
export const BACKUP_VERSION = 1;
/** The pseudo-store of the page's settings (localStorage `app-settings`). */
export const SETTINGS_STORE = '@settings';

/** The first line of a backup. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the backup was made, ms since the epoch. */
  createdAt: number;
  /** The database schema version of the engine that wrote it. */
  schemaVersion: number;
  /** Records per store, pseudo-stores included; a restore refuses a file that disagrees. */
  counts: Record<string, number>;
}

/** One record line. */
export interface RecordLine {
  store: string;
  value: unknown;
  /** The primary key, only for stores whose records do not hold their own key. */
  key?: unknown;
}

// Meta entries that are derived from the stores and rebuilt on start (index snapshot, text
// index, change counter): backing them up would only make files bigger and could go stale.
// `restoredSettings` is a restore's settings waiting for the page and `restoreStarted` the note of a
// restore under way (backup.ts), `rulePending:…` the new articles the rules have yet to run on
// and `flagPending:…` the bulk marks not yet written to the end (their ids mean nothing in another
// database): never part of a file. The rules' log (`ruleLog`) is backed up:
// a replace restore keeps its item ids, a merge renumbers them (mergeExtras.ts).
const DERIVED_META =
  /^(indexSnapshot|itemsCounter|textIndex:|restoredSettings$|restoreStarted$|rulePending:|flagPending:)/;
// Anything that looks like a credential stays in this browser: the sync `accounts` store holds
// the token a server login returns; other names are guards for stores yet to come.
const SECRET = /account|secret|token|password|passwd|credential|api.?key|private.?key/i;

/** Whether a store (by name) is left out of backups: secrets only. */
export function isSecretStore(name: string): boolean {
  return SECRET.test(name);
}

/** Whether a `meta` entry holds credentials (kept in this browser, also across a restore). */
export function isSecretMetaKey(key: string): boolean {
  return SECRET.test(key);
}

/** Whether a `meta` entry is left out of backups: derived caches and secrets. */
export function isSkippedMetaKey(key: string): boolean {
  return DERIVED_META.test(key) || SECRET.test(key);
}

const TYPED = {
  Uint8Array,
  Int8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
} as const;
type TypedName = keyof typeof TYPED;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// JSON.stringify calls Date#toJSON before the replacer sees the value, so dates are tagged
// from the holder's raw property instead.
function replacer(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw instanceof Date) return { $date: raw.getTime() };
  if (ArrayBuffer.isView(raw) && !(raw instanceof DataView)) {
    const name = raw.constructor.name as TypedName;
    if (name in TYPED)
      return { $typed: name, b64: toBase64(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)) };
  }
  if (raw instanceof ArrayBuffer) return { $typed: 'ArrayBuffer', b64: toBase64(new Uint8Array(raw)) };
  return value;
}

/** One NDJSON line (with its newline) for a header or record; typed arrays and dates tagged. */
export function encodeLine(line: BackupHeader | RecordLine): string {
  return `${JSON.stringify(line, replacer)}\n`;
}

/** Reverses the tags `encodeLine` wrote; untagged values pass through. Deep; O(value size). */
export function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  if (typeof o.$date === 'number' && Object.keys(o).length === 1) return new Date(o.$date);
  if (typeof o.$typed === 'string' && typeof o.b64 === 'string' && Object.keys(o).length === 2) {
    const bytes = fromBase64(o.b64);
    if (o.$typed === 'ArrayBuffer') return bytes.buffer;
    const Ctor: (typeof TYPED)[TypedName] | undefined = TYPED[o.$typed as TypedName];
    if (Ctor) return new Ctor(bytes.buffer as ArrayBuffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = decodeValue(v);
  return out;
}
