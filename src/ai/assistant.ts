import type { ItemRow } from '../engine/contract';
import { withEngine } from '../queries/engine';
import { articleMarkdown } from './articleText';
import { completeChat } from './chat';
import type { AiEndpoint } from './endpoint';
import { keywordsToSearch, localKeywords, parseModelKeywords, type WeightedKeyword } from './keywords';
import { buildKeywordMessages } from './prompts';
import { rankSources } from './retrieve';

/** What retrieval found for a question. */
export interface Retrieved {
  keywords: WeightedKeyword[];
  /** Where the keywords came from. */
  keywordSource: 'model' | 'local';
  rows: ItemRow[];
}

/**
 * Keywords for the question: the model's weighted JSON keywords when AI is available and the
 * answer is usable, else the local extraction (also when the model call fails — retrieval must
 * never fail because of the model). Aborts with `signal`.
 */
export async function questionKeywords(
  question: string,
  ep: AiEndpoint,
  signal: AbortSignal,
): Promise<{ keywords: WeightedKeyword[]; source: 'model' | 'local' }> {
  if (ep.kind !== 'none') {
    try {
      const answer = await completeChat(ep, buildKeywordMessages(question), { signal, idleMs: 30_000 });
      const parsed = parseModelKeywords(answer);
      if (parsed) return { keywords: parsed, source: 'model' };
    } catch (err) {
      if (signal.aborted) throw err;
      console.warn('Feed assistant: keyword extraction failed, using local keywords', err);
    }
  }
  const local = localKeywords(question);
  return { keywords: local.length > 0 ? local : [{ keyword: question, weight: 1 }], source: 'local' };
}

/**
 * Retrieval: weighted keyword search and plain full-text search of the keywords (30 each),
 * merged with a recency bonus, top 8. Cost: two engine calls.
 */
export async function retrieve(question: string, ep: AiEndpoint, signal: AbortSignal): Promise<Retrieved> {
  const { keywords, source } = await questionKeywords(question, ep, signal);
  const [weighted, text] = await withEngine((e) =>
    Promise.all([
      e.query.keywords(keywords, { limit: 30 }).then((p) => p.rows),
      e.search.run(keywordsToSearch(keywords), { limit: 30, anyIfNone: true }).then((p) => p.rows),
    ]),
  );
  return {
    keywords,
    keywordSource: source,
    rows: rankSources([weighted, text], Math.floor(Date.now() / 1000)),
  };
}

/** The retrieved articles' bodies as Markdown, in order (missing ones skipped). */
export async function loadSources(rows: ItemRow[], feedTitle: (feedId: number) => string) {
  const items = await withEngine((e) => Promise.all(rows.map((r) => e.items.get(r.id))));
  return items.flatMap((it) =>
    it
      ? [
          {
            id: it.id,
            title: it.title,
            feedTitle: feedTitle(it.feedId),
            pubDate: it.pubDate,
            markdown: articleMarkdown(it),
          },
        ]
      : [],
  );
}
