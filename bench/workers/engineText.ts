/**
 * The engine's full-text structures (worker/search: the TextStore of description texts and the
 * SearchIndex over title, author and text) built from the corpus in a worker of their own, so
 * the harness can read their heap the way it reads MiniSearch's: worker heap growth after a
 * forced GC (CDP), not the engine's own byte count. Documents are added as the engine's
 * TextIndex adds them (store.put → search.add, the same merge rule while adding, one merge at
 * the end as the engine's idle merge does).
 */
import * as Comlink from 'comlink';
import { SearchIndex } from '../../worker/search/searchIndex';
import { TextStore } from '../../worker/search/textStore';
import { FEED_COUNT, feedItems, firstItemId, type CorpusSpec } from '../corpus';

let store: TextStore | null = null;
let search: SearchIndex | null = null;

const api = {
  /**
   * Builds both structures feed by feed (documents generated untimed, then added); returns build
   * ms, documents and the engine's own byte count for comparison. Stops adding once `maxMs` of
   * build time is spent (the answer says how many documents went in).
   */
  build(spec: CorpusSpec, maxMs = Infinity): { ms: number; docs: number; selfCountedBytes: number } {
    store = new TextStore();
    search = new SearchIndex();
    let ms = 0;
    let docs = 0;
    for (let f = 0; f < FEED_COUNT && ms < maxMs; f++) {
      const items = feedItems(spec, f);
      const first = firstItemId(spec.size, f);
      const start = performance.now();
      items.forEach((it, i) => {
        const slot = store!.put(first + i, it.plain);
        search!.add(slot, {
          title: it.title,
          author: it.author ?? '',
          text: it.plain,
          feedId: f + 1,
          pubDate: it.pubDate,
        });
      });
      if (search.pendingSize() > Math.max(100_000, search.mainBytes() / 3)) search.merge();
      ms += performance.now() - start;
      docs += items.length;
    }
    const start = performance.now();
    search.merge();
    ms += performance.now() - start;
    return { ms, docs, selfCountedBytes: store.bytes().allocated + search.bytes() };
  },

  /** Drops the text store, keeping the search index (to read the index's share of the heap). */
  dropStore(): void {
    store = null;
  },

  /** Drops everything (before other memory measurements). */
  drop(): void {
    store = null;
    search = null;
  },
};

export type EngineTextWorker = typeof api;
Comlink.expose(api);
