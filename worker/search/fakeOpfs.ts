/**
 * Tests only: an in-memory stand-in for the OPFS folder the text store's chunk files live in,
 * behaving like Chromium's `FileSystemSyncAccessHandle` in 'readwrite-unsafe' mode: reads and
 * writes at offsets (a read past the end returns fewer bytes, a write past it zero-fills the
 * gap), getSize, truncate, flush, close (a closed handle throws); several handles may be open on
 * one file; removing a file some handle has open is refused (NoModificationAllowedError), as the
 * browser refuses it. Locks stand for the Web Locks the worker takes (one holder per name).
 */
import type { ChunkDir, SyncFile } from './chunkDir';

class FakeFile {
  bytes = new Uint8Array(0);
  size = 0;
  handles = 0;
  /** Gone from under its open handles (`lose`): they read and write nothing. */
  lost = false;

  ensure(size: number): void {
    if (size <= this.bytes.length) return;
    const next = new Uint8Array(Math.max(size, this.bytes.length * 2));
    next.set(this.bytes.subarray(0, this.size));
    this.bytes = next;
  }
}

/** A fake OPFS folder; `files` is inspectable (and changeable) by tests. */
export class FakeChunkDir implements ChunkDir {
  readonly files = new Map<string, FakeFile>();
  private readonly locks = new Set<string>();
  /** Bytes read through every handle (tests check that scans read the file, not the heap). */
  bytesRead = 0;

  private opensHeld: Promise<void> | null = null;

  /**
   * Holds every `open(name, true)` of a new file between making the entry and opening its
   * handle (the browser's two steps, getFileHandle then createSyncAccessHandle) until the
   * returned function runs. A file removed in that gap gets a handle whose writes store nothing,
   * as Chromium's does.
   */
  holdOpens(): () => void {
    let release = () => {};
    this.opensHeld = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.opensHeld = null;
      release();
    };
  }

  async open(name: string, create: boolean): Promise<SyncFile | null> {
    let file = this.files.get(name);
    if (!file) {
      if (!create) return null;
      file = new FakeFile();
      this.files.set(name, file);
      if (this.opensHeld) {
        await this.opensHeld;
        if (this.files.get(name) !== file) return this.handle(file, true);
      }
    }
    return this.handle(file);
  }

  remove(name: string): Promise<boolean> {
    const file = this.files.get(name);
    if (!file || file.handles > 0) return Promise.resolve(false);
    this.files.delete(name);
    return Promise.resolve(true);
  }

  list(): Promise<string[]> {
    return Promise.resolve([...this.files.keys()]);
  }

  lock(name: string): Promise<boolean> {
    if (this.locks.has(name)) return Promise.resolve(false);
    this.locks.add(name);
    return Promise.resolve(true);
  }

  unlock(name: string): void {
    this.locks.delete(name);
  }

  held(): Promise<Set<string>> {
    return Promise.resolve(new Set(this.locks));
  }

  /**
   * Takes `name` away from under the handles open on it, which then read and write nothing (a
   * write comes back short, as a handle on a removed file does in Chromium). How a file could be
   * lost while open is not known; the text index is tested to recover from it.
   */
  lose(name: string): void {
    const file = this.files.get(name);
    if (!file) return;
    file.lost = true;
    this.files.delete(name);
  }

  /** The file's bytes (a copy), or null. */
  contents(name: string): Uint8Array | null {
    const file = this.files.get(name);
    return file ? file.bytes.slice(0, file.size) : null;
  }

  /** Replaces a file's bytes (a test damaging or swapping a file). */
  setContents(name: string, bytes: Uint8Array): void {
    const file = this.files.get(name) ?? new FakeFile();
    file.bytes = bytes.slice();
    file.size = bytes.length;
    this.files.set(name, file);
  }

  private handle(file: FakeFile, removed = false): SyncFile {
    file.handles++;
    let open = true;
    const check = () => {
      if (!open) throw new DOMException('The access handle was closed', 'InvalidStateError');
    };
    return {
      read: (buffer, { at }) => {
        check();
        if (file.lost) return 0;
        const n = Math.max(0, Math.min(buffer.length, file.size - at));
        buffer.set(file.bytes.subarray(at, at + n));
        this.bytesRead += n;
        return n;
      },
      write: (buffer, { at }) => {
        check();
        if (removed || file.lost) return 0;
        file.ensure(at + buffer.length);
        if (at > file.size) file.bytes.fill(0, file.size, at);
        file.bytes.set(buffer, at);
        file.size = Math.max(file.size, at + buffer.length);
        return buffer.length;
      },
      getSize: () => {
        check();
        return file.size;
      },
      truncate: (size) => {
        check();
        file.ensure(size);
        if (size > file.size) file.bytes.fill(0, file.size, size);
        file.size = size;
      },
      flush: () => check(),
      close: () => {
        if (open) file.handles--;
        open = false;
      },
    };
  }
}
