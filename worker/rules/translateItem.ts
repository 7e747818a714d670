/**
 * The translate rule action for one article: the reader's paragraphs (shared/paragraphs.ts over a
 * linkedom document of the article), the reader's prompt (shared/translatePrompt.ts), one call
 * per batch, and the complete translation cached under the reader's key (`ai.putTranslation`),
 * so the reader shows it on opening. The reader takes a cached translation when its paragraph
 * count matches the article it renders (sanitised with DOMPurify there; here the description is
 * parsed as it is, which finds the same blocks for the markup feeds send).
 */
import { blockText, type BlockNode, translatableBlocks } from '../../shared/paragraphs';
import { batches, buildTranslateMessages, parseNumbered } from '../../shared/translatePrompt';
import type { AiApi } from '../ai/aiApi';
import type { StoredItem } from '../db/schema';
import type { FetchImpl } from '../formats/fetcher';
import { chat, RuleAiError } from './ruleAi';
import type { RuleAiEndpoint } from './types';

interface LinkedomWindow {
  document: { body: { firstElementChild: BlockNode | null } };
}

/** The translatable paragraph texts of article HTML, read in the worker. */
export async function paragraphsOf(html: string): Promise<string[]> {
  // linkedom loads on first use (it is the whole-article extractor's parser too). Its types name
  // the DOM lib, which the worker's config lacks: the document is read as element-shaped.
  const parse = (await import('linkedom')).parseHTML as unknown as (html: string) => LinkedomWindow;
  const { document } = parse(`<!doctype html><html><body><div>${html}</div></body></html>`);
  const root = document.body.firstElementChild;
  return root ? translatableBlocks(root).map(blockText) : [];
}

/** Translates one article into `target` and caches it; nothing when cached or already in that language. */
export async function translateItem(input: {
  fetchImpl: FetchImpl;
  ai: () => AiApi;
  item: StoredItem;
  endpoint: Exclude<RuleAiEndpoint, { kind: 'none' }>;
  target: { tag: string; english: string };
}): Promise<void> {
  const { item, endpoint, target } = input;
  const check = await input.ai().checkTranslation(item.id, target.tag);
  if (check.cached || check.same) return;
  const paragraphs = await paragraphsOf(item.description);
  if (paragraphs.length === 0) return;
  const texts = paragraphs.map(() => '');
  for (const batch of batches(paragraphs)) {
    const messages = buildTranslateMessages(batch, target.english || target.tag, target.tag);
    const answer = await chat(input.fetchImpl, endpoint, messages, 0.2);
    for (const [i, text] of parseNumbered(answer, paragraphs.length)) texts[i] = text;
  }
  if (texts.some((t) => t === '')) throw new RuleAiError('the translation came back incomplete');
  await input.ai().putTranslation(item.id, target.tag, texts, endpoint.model);
}
