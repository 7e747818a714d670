/**
 * Plain-language filters: the model writes a query in Rivulet's filter language
 * (docs/filter-language.md), the engine parses it, and a query that does not parse goes back to
 * the model once with the error.
 */
import type { ChatMessage } from './chat';

/** The grammar summary given to the model (kept short: it is sent with every request). */
export const FILTER_LANGUAGE_SUMMARY = `Rivulet filter language (SQL-WHERE-like):
[WHERE] condition [ORDER BY field [ASC|DESC]] [LIMIT n]
Conditions: field op value, joined with AND / OR (AND binds tighter), NOT, parentheses.
Fields: id, feedId, pubDate (Unix seconds), title, author, link, guid, enclosure (URL text),
description (plain lower-cased article text; use LIKE), isRead, isSaved (booleans),
feed.id, feed.title, feed.siteUrl, feed.url, feed.groupId, group.id, group.title.
Operators: = != < > <= >=, LIKE / NOT LIKE (case-insensitive contains; % and _ are literal),
IN (a, b) / NOT IN, BETWEEN a AND b, IS NULL / IS NOT NULL.
Values: 'strings' (double a quote inside: 'it''s'), numbers, true, false, null.
Time: NOW(), UNIX_TIMESTAMP('2024-01-31'), DATE_SUB(NOW(), INTERVAL 7 DAY), DATE_ADD(...); units DAY, WEEK, MONTH, YEAR.
Examples:
isRead = false
feed.title = 'Rust Blog' OR group.title = 'News'
title LIKE 'rust' AND NOT author IN ('bot', 'admin')
pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY) AND isSaved = true ORDER BY pubDate DESC LIMIT 20`;

/** The user's groups and feeds, so the model can name them exactly. */
export interface FilterContext {
  groups: { id: number; title: string }[];
  feeds: { id: number; title: string; groupId: number }[];
}

/** Outcome of the engine's parse, as `query.check` answers it. */
export type CheckOutcome = { ok: true; total: number } | { ok: false; message: string };

/** What {@link writeFilterQuery} produced. */
export interface WrittenQuery {
  query: string;
  check: CheckOutcome;
  /** Model calls made: 1, or 2 when the first query was sent back. */
  attempts: number;
}

// Lists at most this many feeds: a large OPML would blow the prompt for little gain.
const MAX_FEEDS = 150;

/** System + user messages asking for one query. */
export function buildFilterMessages(description: string, ctx: FilterContext): ChatMessage[] {
  const groups = ctx.groups.map((g) => `${g.id}: ${g.title}`).join('\n') || '(none)';
  const feeds =
    ctx.feeds
      .slice(0, MAX_FEEDS)
      .map((f) => `${f.id}: ${f.title} (group ${f.groupId})`)
      .join('\n') || '(none)';
  return [
    {
      role: 'system',
      content:
        `You write filters for the Rivulet feed reader.\n\n${FILTER_LANGUAGE_SUMMARY}\n\n` +
        `The user's groups (id: title):\n${groups}\n\nThe user's feeds (id: title):\n${feeds}\n\n` +
        'Reply with the query only: one line, no explanation, no code fence.',
    },
    { role: 'user', content: description },
  ];
}

/** The query out of a model answer: strips fences, a leading "Query:" and surrounding quotes/backticks. */
export function extractQuery(answer: string): string {
  let text = answer.trim();
  const fence = /```[a-z]*\s*([\s\S]*?)```/i.exec(text);
  if (fence?.[1] !== undefined) text = fence[1].trim();
  text = text.replace(/^(query|filter)\s*:\s*/i, '').trim();
  if (/^`[^`]+`$/.test(text)) text = text.slice(1, -1).trim();
  return text;
}

/**
 * Asks the model for a query, parses it with `check`; if it does not parse, sends it back once
 * with the error and checks again. Returns the last query with its check (the caller shows it
 * for review, with the error when it still fails). Rejects only when a model call fails.
 */
export async function writeFilterQuery(
  description: string,
  ctx: FilterContext,
  deps: {
    complete: (messages: ChatMessage[]) => Promise<string>;
    check: (query: string) => Promise<CheckOutcome>;
  },
): Promise<WrittenQuery> {
  const messages = buildFilterMessages(description, ctx);
  const first = extractQuery(await deps.complete(messages));
  const firstCheck = await deps.check(first);
  if (firstCheck.ok) return { query: first, check: firstCheck, attempts: 1 };
  const retry: ChatMessage[] = [
    ...messages,
    { role: 'assistant', content: first },
    {
      role: 'user',
      content: `That query does not parse: ${firstCheck.message}\nReply with a corrected query only.`,
    },
  ];
  const second = extractQuery(await deps.complete(retry));
  return { query: second, check: await deps.check(second), attempts: 2 };
}
