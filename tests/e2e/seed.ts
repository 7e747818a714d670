import type { Page, Worker } from 'playwright-core';
import { waitForValue } from './pages/wait';

/** What `seedApp` creates; ids are the engine's. */
export interface Seeded {
  groupIds: number[];
  feedIds: number[];
  itemCount: number;
}

export interface SeedSpec {
  groups?: number;
  feedsPerGroup?: number;
  itemsPerFeed?: number;
  /** Share of items marked read (0..1), deterministic. */
  readRatio?: number;
  /** Extra items with given fields, ingested into the first feed. */
  items?: Array<{ title: string; description?: string; link?: string; pubDate?: number; author?: string }>;
}

/** The engine worker of the page (the app creates it lazily; wait until it exists). */
export async function engineWorker(page: Page): Promise<Worker> {
  return waitForValue('the engine worker to start in the page', async () => {
    for (const w of page.workers()) {
      if (await w.evaluate(() => '__rivuletEngine' in self).catch(() => false)) return w;
    }
    return undefined;
  });
}

/**
 * Seeds groups, feeds and items through the real engine inside the page's worker (bulk ingest,
 * far faster than the UI), then reloads the page so every query starts from the seeded state.
 */
export async function seedApp(page: Page, spec: SeedSpec): Promise<Seeded> {
  const worker = await engineWorker(page);
  const seeded = await worker.evaluate(async (s: SeedSpec) => {
    interface SeedEngine {
      groups: { save(g: { title: string }): Promise<number> };
      feeds: { save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number> };
      items: { ingest(feedId: number, items: unknown[]): Promise<{ added: number[] }> };
      state: { markRead(ids: number[], read: boolean): Promise<void> };
      flushSnapshot(): Promise<boolean>;
    }
    const engine = (self as unknown as { __rivuletEngine: SeedEngine }).__rivuletEngine;
    const groupIds: number[] = [];
    const feedIds: number[] = [];
    let itemCount = 0;
    const now = Math.floor(Date.now() / 1000);
    const readIds: number[] = [];
    let n = 0;
    for (let g = 0; g < (s.groups ?? 1); g++) {
      const groupId = await engine.groups.save({ title: `Group ${g + 1}` });
      groupIds.push(groupId);
      for (let f = 0; f < (s.feedsPerGroup ?? 1); f++) {
        const feedNo = feedIds.length + 1;
        const feedId = await engine.feeds.save({
          url: `https://feeds.example/${feedNo}.xml`,
          title: `Feed ${feedNo}`,
          groupId,
          siteUrl: `https://feeds.example/${feedNo}`,
        });
        feedIds.push(feedId);
        const items = [];
        for (let i = 0; i < (s.itemsPerFeed ?? 0); i++) {
          n++;
          items.push({
            guid: `f${feedNo}-i${i}`,
            title: `Item ${n} of feed ${feedNo}`,
            author: `Author ${n % 7}`,
            description: `<p>Body of item ${n}. Lorem ipsum dolor sit amet.</p>`,
            pubDate: now - n * 60,
            link: `https://feeds.example/${feedNo}/${i}`,
            enclosure: null,
          });
        }
        for (let i = 0; i < items.length; i += 5000) {
          const { added } = await engine.items.ingest(feedId, items.slice(i, i + 5000));
          itemCount += added.length;
          const ratio = s.readRatio ?? 0;
          added.forEach((id, k) => {
            if ((k * 7919) % 100 < ratio * 100) readIds.push(id);
          });
        }
      }
    }
    if (s.items?.length && feedIds[0] !== undefined) {
      const { added } = await engine.items.ingest(
        feedIds[0],
        s.items.map((it, k) => ({
          guid: `extra-${k}`,
          title: it.title,
          author: it.author ?? '',
          description: it.description ?? '',
          pubDate: it.pubDate ?? now - k,
          link: it.link ?? `https://feeds.example/extra/${k}`,
          enclosure: null,
        })),
      );
      itemCount += added.length;
    }
    for (let i = 0; i < readIds.length; i += 5000)
      await engine.state.markRead(readIds.slice(i, i + 5000), true);
    await engine.flushSnapshot();
    return { groupIds, feedIds, itemCount };
  }, spec);
  await page.reload();
  return seeded;
}

/**
 * Forgets every AI summary and article translation the engine cached (the `summaries` store),
 * so a test, and its retry, starts from no cache whatever an earlier attempt saved.
 */
export async function forgetAiCache(page: Page): Promise<number> {
  const worker = await engineWorker(page);
  return worker.evaluate(async () => {
    interface AiEngine {
      items: { page(q: { scope: 'all'; limit: number }): Promise<{ rows: Array<{ id: number }> }> };
      ai: { deleteSummaries(ids: number[]): Promise<number> };
    }
    const engine = (self as unknown as { __rivuletEngine: AiEngine }).__rivuletEngine;
    const { rows } = await engine.items.page({ scope: 'all', limit: 1000 });
    return engine.ai.deleteSummaries(rows.map((r) => r.id));
  });
}
