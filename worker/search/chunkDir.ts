/**
 * The folder the text store's chunk files live in (fileChunks.ts): the interface the store
 * works against, and its one real implementation over OPFS (`opfsChunkDir`), which only a
 * dedicated worker has (synchronous access handles). Tests use fakeOpfs.ts.
 */

import { readThrough } from './readThrough';

/** The part of `FileSystemSyncAccessHandle` the store uses. */
export interface SyncFile {
  read(buffer: Uint8Array, options: { at: number }): number;
  write(buffer: Uint8Array, options: { at: number }): number;
  getSize(): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

/** A folder of chunk files (OPFS in the worker, `opfsChunkDir`; a fake in tests). */
export interface ChunkDir {
  /** Opens file `name` (creating it when `create`); null when it does not exist. */
  open(name: string, create: boolean): Promise<SyncFile | null>;
  /** Removes `name`; false when it is open somewhere or already gone. */
  remove(name: string): Promise<boolean>;
  /** Names of the files in the folder. */
  list(): Promise<string[]>;
  /** Takes the writer lock of `name` when nobody holds it (held until `unlock` or the worker ends). */
  lock(name: string): Promise<boolean>;
  unlock(name: string): void;
  /** Names whose writer lock some tab holds now (a file being made or written is locked first). */
  held(): Promise<Set<string>>;
}

/**
 * The OPFS folder `folder` (default: the text store's chunk files; the index snapshot's number
 * files live in `rivulet-index`), or null where synchronous access handles do not exist (the
 * main thread, Node tests, older browsers): the store then keeps its chunks in memory. Web Lock
 * names of its files are the folder, a colon and the file's name.
 */
export async function opfsChunkDir(folder = 'rivulet-text'): Promise<ChunkDir | null> {
  const LOCK_PREFIX = `${folder}:`;
  const nav = (
    globalThis as {
      navigator?: { storage?: Partial<StorageManager>; locks?: LockManager };
    }
  ).navigator;
  const Handle = (globalThis as { FileSystemFileHandle?: typeof FileSystemFileHandle }).FileSystemFileHandle;
  if (!nav?.storage?.getDirectory || typeof Handle?.prototype.createSyncAccessHandle !== 'function')
    return null;
  const root = await nav.storage.getDirectory.call(nav.storage);
  const dir = await root.getDirectoryHandle(folder, { create: true });
  const held = new Map<string, () => void>();
  type OpenSync = (options?: { mode: string }) => Promise<FileSystemSyncAccessHandle>;
  return {
    async open(name, create) {
      let handle: FileSystemFileHandle;
      try {
        handle = await dir.getFileHandle(name, { create });
      } catch (err) {
        if (err instanceof DOMException && (err.name === 'NotFoundError' || err.name === 'TypeMismatchError'))
          return null;
        throw err;
      }
      const withMode = handle as unknown as { createSyncAccessHandle: OpenSync };
      const openSync: OpenSync = (options) => withMode.createSyncAccessHandle(options);
      try {
        // 'readwrite-unsafe' (Chromium 121+) lets every tab's engine worker open the same file;
        // the default mode locks it to one handle. Browsers that do not know the option ignore it
        // (or throw, then the default mode is tried): there a second tab cannot open a file the
        // first holds, so its `restore` fails and it rebuilds into a file of its own.
        return readingThrough(await openSync({ mode: 'readwrite-unsafe' }));
      } catch (err) {
        if (err instanceof DOMException && err.name === 'NotFoundError') return null;
        try {
          return readingThrough(await openSync());
        } catch {
          throw err;
        }
      }
    },
    async remove(name) {
      try {
        await dir.removeEntry(name);
        return true;
      } catch {
        return false;
      }
    },
    async list() {
      const names: string[] = [];
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
      return names;
    },
    lock(name) {
      const locks = nav.locks;
      if (!locks) return Promise.resolve(false);
      return new Promise<boolean>((resolve, reject) => {
        locks
          .request(`${LOCK_PREFIX}${name}`, { ifAvailable: true }, (lock) => {
            resolve(lock !== null);
            return lock ? new Promise<void>((release) => held.set(name, release)) : undefined;
          })
          .catch(reject);
      });
    },
    unlock(name) {
      held.get(name)?.();
      held.delete(name);
    },
    async held() {
      const names = new Set<string>();
      const snapshot = await nav.locks?.query();
      for (const lock of snapshot?.held ?? [])
        if (lock.name?.startsWith(LOCK_PREFIX)) names.add(lock.name.slice(LOCK_PREFIX.length));
      return names;
    },
  };
}

/**
 * `file` with its reads going through `readThrough`: what `opfsChunkDir` hands out, so every
 * large read of a start (the text file, the number file, the text store's arrays) takes the
 * faster way without its reader knowing.
 */
export function readingThrough(file: SyncFile): SyncFile {
  return {
    read: (buffer, { at }) => readThrough(file, buffer, at),
    write: (buffer, options) => file.write(buffer, options),
    getSize: () => file.getSize(),
    truncate: (size) => file.truncate(size),
    flush: () => file.flush(),
    close: () => file.close(),
  };
}
