/**
 * The prompt that translates list titles many at a time: numbered lines out, numbered lines back
 * (read with the article translation's parser), so one request covers a screenful of rows.
 */
import type { ChatMessage } from '../../ai/chat';
import { type NumberedPrompt, numberedMessages } from '../prompt';

/** The first line of the system message; the AI fixture server recognises title calls by it. */
export const TITLES_INSTRUCTION = 'You translate headlines.';

/** Most titles in one request. */
export const TITLES_PER_REQUEST = 40;
/** Most characters of titles in one request. */
export const TITLE_CHARS_PER_REQUEST = 4000;

/** Splits titles into requests of at most `per` titles and `chars` characters (in order). */
export function titleBatches<T extends { title: string }>(
  titles: readonly T[],
  per = TITLES_PER_REQUEST,
  chars = TITLE_CHARS_PER_REQUEST,
): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let size = 0;
  for (const t of titles) {
    if (cur.length > 0 && (cur.length >= per || size + t.title.length > chars)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(t);
    size += t.title.length;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

const TITLE_PROMPT: NumberedPrompt = {
  instruction: TITLES_INSTRUCTION,
  noun: 'headline',
  extra: 'Keep each one a short headline. A headline already in that language comes back unchanged.',
  rules: 'Write nothing else: no notes, no quotes, no Markdown. Keep names, numbers and code as they are.',
};

/** Messages translating `titles` into `language` (an English name such as "German", with its tag). */
export function buildTitleMessages(titles: readonly string[], language: string, tag: string): ChatMessage[] {
  // One headline per line: line breaks inside a title would split it.
  const lines = titles.map((title) => title.replace(/\s+/g, ' ').trim());
  return numberedMessages(TITLE_PROMPT, lines, language, tag, 0, '\n');
}
