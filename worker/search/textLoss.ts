import { ChunkFileError } from './fileChunks';
import type { TextIndex } from './textIndex';

/**
 * Runs `read`, a reader of the text store (`description LIKE`, quoted-phrase checks, related
 * articles), once the store is in step, and answers what it read from a whole store:
 * - when `read` meets a chunk file that lost its contents, it waits for the store to be rebuilt
 *   (`TextIndex.recover`) and runs `read` once more; a second loss reaches the caller;
 * - when another reader's loss emptied the store for its rebuild while `read` ran, `read` may
 *   have found nothing, so it runs again once the rebuild is done.
 * `wait` is how the store is waited for: `fresh` by default (`description LIKE` passes
 * `freshText`, which at a cold start does not wait for the search index).
 */
export async function readText<T>(
  text: Pick<TextIndex, 'fresh' | 'recover' | 'rebuilt'>,
  read: () => T | Promise<T>,
  wait: () => Promise<void> = () => text.fresh(),
): Promise<T> {
  // Taken before waiting: a rebuild may start between `wait` resolving and this resuming.
  const rebuilt = text.rebuilt;
  await wait();
  try {
    const out = await read();
    if (text.rebuilt === rebuilt) return out;
  } catch (err) {
    if (!(err instanceof ChunkFileError)) throw err;
    await text.recover(err);
    return read();
  }
  await wait();
  return read();
}
