import type { Page } from 'playwright-core';

/**
 * The files of one OPFS folder of the app's origin as name → bytes, read from the page (outside
 * the workers). The workers remove files while this runs (clean-ups after a write, a clear-all),
 * so a file listed and gone before it is read was not there: it is left out, not an error (a CI
 * run failed on that NotFoundError). The folder is made if it is missing.
 */
export const opfsFolderFiles = (page: Page, folder: string): Promise<Record<string, number>> =>
  page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle(name, { create: true });
    const out: Record<string, number> = {};
    for await (const [file, handle] of (
      dir as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
    ).entries()) {
      try {
        out[file] = (await handle.getFile()).size;
      } catch (err) {
        if ((err as DOMException).name !== 'NotFoundError') throw err;
      }
    }
    return out;
  }, folder);
