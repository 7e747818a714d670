/**
 * Shared setup of the subscribe / refresh / OPML integration tests: the fixture feed server and
 * the real companion server on loopback ports, engines wired to that server, and small helpers
 * to wait for jobs and build feed bodies.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type Running } from '../../server/testing.ts';
import type { Engine, EngineOptions } from '../../worker/engine';
import { createTestEngine } from '../../worker/testing/createTestEngine';
import type { EngineEvent, JobProgress } from '../../worker/types';
import { startFeedServer, type FeedServer } from '../fixtures/feedServer.ts';

/** The two servers of a test file. */
export interface Net {
  feeds: FeedServer;
  app: Running;
  /** Absolute URL on the fixture server. */
  at(pathAndQuery: string): string;
  close(): Promise<void>;
}

/** Starts the fixture server and a companion server (proxy timeout `fetchTimeoutMs`, default 10 s). */
export async function startNet(fetchTimeoutMs = 10_000): Promise<Net> {
  const feeds = await startFeedServer();
  const distDir = mkdtempSync(path.join(tmpdir(), 'rivulet-dist-'));
  const app = await startApp({ distDir, fetchTimeoutMs });
  return {
    feeds,
    app,
    at: (p) => `${feeds.url}${p}`,
    close: async () => {
      await app.close();
      await feeds.close();
    },
  };
}

/** An initialised engine whose fetches go through `net`'s companion server. */
export async function netEngine(net: Net, opts: Partial<EngineOptions> = {}): Promise<Engine> {
  const engine = createTestEngine({ fetch: { base: net.app.url }, ...opts });
  await engine.init();
  return engine;
}

/** Records every event an engine emits (and the job events separately). */
export function recordEvents(engine: Engine): { all: EngineEvent[]; jobs: JobProgress[] } {
  const out = { all: [] as EngineEvent[], jobs: [] as JobProgress[] };
  engine.onEvent((event) => {
    out.all.push(event);
    if (event.type === 'job') out.jobs.push(event.job);
  });
  return out;
}

/** Polls until the job is no longer running; fails after `timeoutMs`. */
export async function waitJob(engine: Engine, id: string, timeoutMs = 15_000): Promise<JobProgress> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await engine.jobs.get(id);
    if (!job) throw new Error(`job ${id} is unknown`);
    if (job.state !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${id} still running: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An RSS 2.0 document with these items (guid = id). */
export function rssOf(title: string, items: Array<{ id: string; title: string; body?: string }>): string {
  const entries = items
    .map(
      (i) =>
        `<item><guid>${i.id}</guid><title>${i.title}</title><link>https://example.test/${i.id}</link>` +
        `<pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><description>${i.body ?? i.title}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>https://example.test/</link>${entries}</channel></rss>`;
}
