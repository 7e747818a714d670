/**
 * The full-text anchor: MiniSearch with default options (fields title + text) over the same
 * documents the engine indexes, in its own worker so its heap can be read on its own.
 */
import * as Comlink from 'comlink';
import MiniSearch from 'minisearch';
import { FEED_COUNT, feedItems, type CorpusSpec } from '../corpus';

interface Doc {
  id: number;
  title: string;
  text: string;
}

let index: MiniSearch<Doc> | null = null;

const api = {
  /**
   * Builds the index feed by feed (documents are generated untimed, then added, then dropped, so
   * the heap afterwards holds the index and not the corpus). Returns build ms and documents.
   * Ids are the engine's (feeds in order), so a partial index holds the first feeds' items.
   */
  build(spec: CorpusSpec, maxMs = Infinity): { ms: number; docs: number } {
    index = new MiniSearch<Doc>({ fields: ['title', 'text'] });
    let ms = 0;
    let id = 0;
    // At 1M items a full build takes minutes on this machine: past `maxMs` no more feeds are
    // added, and the answer says how many documents the index holds.
    for (let f = 0; f < FEED_COUNT && ms < maxMs; f++) {
      const docs = feedItems(spec, f).map((it) => ({ id: ++id, title: it.title, text: it.plain }));
      const start = performance.now();
      index.addAll(docs);
      ms += performance.now() - start;
    }
    return { ms, docs: id };
  },

  /** Runs one query (default search options; `prefix` turns on prefix matching); returns ms and hits. */
  search(q: string, prefix: boolean): { ms: number; hits: number } {
    if (!index) throw new Error('MiniSearch index not built');
    const start = performance.now();
    const hits = (prefix ? index.search(q, { prefix: true }) : index.search(q)).length;
    return { ms: performance.now() - start, hits };
  },

  /** Adds documents to the built index (new articles arriving); returns ms. */
  add(docs: Doc[]): { ms: number } {
    if (!index) throw new Error('MiniSearch index not built');
    const start = performance.now();
    index.addAll(docs);
    return { ms: performance.now() - start };
  },

  /** Drops the index (before memory measurements of other parts). */
  drop(): void {
    index = null;
  },
};

export type MiniSearchAnchor = typeof api;
Comlink.expose(api);
