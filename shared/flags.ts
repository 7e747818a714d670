/**
 * Bits of an item's `flags` field, stored in IndexedDB, kept in the engine's in-memory index and
 * read by the UI to draw read and saved marks. Stored values: never renumber.
 */

/** The item has been read. */
export const FLAG_READ = 1;
/** The item is saved (starred). */
export const FLAG_SAVED = 2;
/**
 * The item is hidden (a rule's "hide" action): it leaves every list, filter and count except
 * the Hidden list (`items.page({ scope: 'hidden' })`).
 */
export const FLAG_HIDDEN = 4;
