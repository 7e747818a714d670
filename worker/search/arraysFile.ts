/**
 * Typed arrays as one file of the text store's folder (chunkDir.ts), after a header that names the
 * file and the arrays' lengths, so a file put in place of another, or cut, or of other sizes is
 * refused rather than read.
 *
 * For tables a start reads whole and a write rarely replaces: the text store's slot columns
 * (persist.ts, the head). At 1M articles they are ~21 MB, which IndexedDB gave back in ~290 ms
 * (its values are deserialised on the worker's thread, and a text filter waited for them); a
 * synchronous read of the same bytes from a file goes straight into the arrays.
 */
import { backgroundTask } from '../backgroundTask';
import type { ChunkDir, SyncFile } from './chunkDir';

export type Column = Float64Array | Int32Array | Uint16Array | Uint8Array;

const HEADER_BYTES = 256;
const MAGIC = 'rivulet arrays 1';
const encoder = new TextEncoder();

// The header of file `name` holding arrays of these lengths; null when it does not fit.
function header(name: string, arrays: readonly Column[]): Uint8Array | null {
  const kinds = arrays.map((a) => `${a.BYTES_PER_ELEMENT}x${a.length}`).join(',');
  const text = encoder.encode(`${MAGIC}\n${name}\n${kinds}\n`);
  if (text.length > HEADER_BYTES) return null;
  const out = new Uint8Array(HEADER_BYTES);
  out.set(text);
  return out;
}

const bytesOf = (a: Column): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * Writes `arrays` as file `name` of `dir`, made anew. Resolves true with the file's writer lock
 * held (the caller unlocks it once the record naming the file is stored, so no clean-up takes it
 * meanwhile), or false, the file removed and unlocked, when it could not be written whole (no
 * lock, no room, a short write).
 */
export async function writeArraysFile(
  dir: ChunkDir,
  name: string,
  arrays: readonly Column[],
): Promise<boolean> {
  const head = header(name, arrays);
  if (!head || !(await dir.lock(name))) return false;
  let file: SyncFile | null = null;
  let ok = false;
  try {
    file = await dir.open(name, true);
    if (file) {
      file.truncate(0);
      let at = 0;
      ok = true;
      for (const bytes of [head, ...arrays.map(bytesOf)]) {
        if (file.write(bytes, { at }) !== bytes.length) {
          ok = false;
          break;
        }
        at += bytes.length;
      }
      if (ok) file.flush();
    }
  } catch (err) {
    console.warn(`Rivulet: ${name} not written`, err);
    ok = false;
  } finally {
    file?.close();
  }
  if (!ok) {
    await dir.remove(name).catch(() => false);
    dir.unlock(name);
  }
  return ok;
}

/**
 * Fills `into` (arrays of the lengths the file must hold) from file `name` of `dir`. False when
 * the file is missing, of another size, or its header is not this name's and these lengths'.
 * Throws what opening the file throws (another tab holding it open: a transient failure the
 * caller tries again). With `stepBytes`, reads at most that many bytes a task, yielding between
 * (the file is never written once named, so the steps read one file).
 */
export async function readArraysFile(
  dir: ChunkDir,
  name: string,
  into: readonly Column[],
  stepBytes = Infinity,
): Promise<boolean> {
  const head = header(name, into);
  if (!head) return false;
  const file = await dir.open(name, false);
  if (!file) return false;
  try {
    let size = HEADER_BYTES;
    for (const a of into) size += a.byteLength;
    if (file.getSize() !== size) return false;
    const got = new Uint8Array(HEADER_BYTES);
    if (file.read(got, { at: 0 }) !== HEADER_BYTES || got.some((b, i) => b !== head[i])) return false;
    let at = HEADER_BYTES;
    let sinceYield = 0;
    for (const a of into) {
      const bytes = bytesOf(a);
      for (let from = 0; from < bytes.length; from += stepBytes) {
        const part = bytes.subarray(from, Math.min(bytes.length, from + stepBytes));
        if (file.read(part, { at: at + from }) !== part.length) return false;
        sinceYield += part.length;
        if (sinceYield >= stepBytes) {
          sinceYield = 0;
          await backgroundTask();
        }
      }
      at += bytes.length;
    }
    return true;
  } finally {
    file.close();
  }
}
