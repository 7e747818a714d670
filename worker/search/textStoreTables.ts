/**
 * The shapes of the text store's slot tables (textStore.ts): what persistence writes beside the
 * chunks (persist.ts) and what a load hands back, and the tables of an empty store.
 */

/** Slot tables of a store (what persistence writes beside the chunks). */
export interface TextStoreTables {
  /** Bytes used in each chunk. */
  used: Int32Array;
  ids: Float64Array;
  chunkOf: Int32Array;
  start: Int32Array;
  length: Int32Array;
  alive: Uint8Array;
  /**
   * Per slot, 1 when its text is `foldSafe` (tokenize.ts). Absent in tables stored before it was
   * kept (then not known: 0 for every slot); a head without it and a tail with it join with 0s.
   */
  safe?: Uint8Array;
  /** Byte counts of the stored text (the scan's rare-byte choice); recounted when absent. */
  histogram?: Float64Array;
}

/** The per-slot columns that never change once written (until a renumbering). */
export type SlotColumns = Pick<TextStoreTables, 'ids' | 'chunkOf' | 'start' | 'length' | 'safe'>;

/** Plain columns of a store with its chunks (the in-memory persistence). */
export interface TextStoreData extends TextStoreTables {
  chunks: Uint8Array[];
}

/** The tables of a store with no slots and no chunks. */
export function emptyTables(): TextStoreTables {
  const ints = () => new Int32Array(0);
  return {
    used: ints(),
    ids: new Float64Array(0),
    chunkOf: ints(),
    start: ints(),
    length: ints(),
    alive: new Uint8Array(0),
  };
}
