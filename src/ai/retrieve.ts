/**
 * Retrieval for the feed assistant: merges ranked result lists (full-text search, weighted
 * keywords) and favours recent articles, keeping the top few.
 */
import type { ItemRow } from '../engine/contract';

/** How many articles ground an answer. */
export const TOP_SOURCES = 8;

// Half-life of the recency bonus: an article this old gets half the bonus of a new one.
const HALF_LIFE_DAYS = 30;
// The recency bonus at most equals the relevance of a 2nd-ranked hit, so relevance dominates.
const RECENCY_WEIGHT = 0.5;

/**
 * Scores each article by reciprocal rank summed over the lists (an article found by both
 * searches ranks higher) plus a recency bonus decaying with age, and returns the best `limit`,
 * best first (newer first on ties). `now` in Unix seconds. Pure; linear in the list sizes.
 */
export function rankSources(lists: ItemRow[][], now: number, limit = TOP_SOURCES): ItemRow[] {
  const scored = new Map<number, { row: ItemRow; score: number }>();
  for (const list of lists) {
    list.forEach((row, rank) => {
      const hit = scored.get(row.id) ?? { row, score: 0 };
      hit.score += 1 / (rank + 1);
      scored.set(row.id, hit);
    });
  }
  for (const hit of scored.values()) {
    const ageDays = Math.max(0, now - hit.row.pubDate) / 86_400;
    hit.score += RECENCY_WEIGHT * 0.5 ** (ageDays / HALF_LIFE_DAYS);
  }
  return [...scored.values()]
    .sort((a, b) => b.score - a.score || b.row.pubDate - a.row.pubDate)
    .slice(0, limit)
    .map((h) => h.row);
}

/**
 * Turns citations `[n]` of an answer into Markdown links to the cited article (`href(id)`);
 * numbers outside 1…ids.length and things that already are links stay as they are. Pure.
 */
export function linkCitations(answer: string, ids: number[], href: (id: number) => string): string {
  return answer.replace(/\[(\d{1,2})\](?![(\]])/g, (whole, n: string) => {
    const id = ids[Number(n) - 1];
    return id === undefined ? whole : `[[${n}]](${href(id)})`;
  });
}
