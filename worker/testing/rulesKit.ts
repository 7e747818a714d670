/**
 * What the rules domain's tests share (rules/rules.test.ts, rules/ruleTags.test.ts): an engine at a
 * fixed time with two feeds, the events it sends, a rule's input and articles to ingest.
 */
import type { Engine } from '../engine';
import type { RuleInput } from '../rules/rules';
import type { EngineEvent } from '../types';
import { createTestEngine } from './createTestEngine';
import { incoming } from './fixtures';

export const NOW = 1_000_000_000;
export const DAY = 86_400;

/** A rule's input: marks articles with 'rust' in the title read, unless told otherwise. */
export const rule = (over: Partial<RuleInput> = {}): RuleInput => ({
  name: 'r',
  query: "title LIKE 'rust'",
  actions: [{ type: 'markRead' }],
  enabled: true,
  ...over,
});

/** An engine at NOW with the feeds News and Blog, and every event it sends from then on. */
export async function rulesEngine(): Promise<{
  engine: Engine;
  news: number;
  blog: number;
  events: EngineEvent[];
}> {
  const engine = createTestEngine({ now: () => NOW });
  await engine.init();
  const news = await engine.feeds.save({ url: 'https://news.test/rss', title: 'News' });
  const blog = await engine.feeds.save({ url: 'https://blog.test/rss', title: 'Blog' });
  const events: EngineEvent[] = [];
  engine.onEvent((e) => events.push(e));
  return { engine, news, blog, events };
}

/** Ingests articles into `feedId`, `age` seconds before NOW; resolves the ids added. */
export async function ingestAt(
  engine: Engine,
  feedId: number,
  items: Array<{ guid: string; title: string; author?: string; age?: number }>,
): Promise<number[]> {
  return (
    await engine.items.ingest(
      feedId,
      items.map((i) =>
        incoming({ guid: i.guid, title: i.title, author: i.author ?? '', pubDate: NOW - (i.age ?? 0) }),
      ),
    )
  ).added;
}

/** The error `p` fails with (fails when it does not). */
export async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a failure');
}
