/**
 * Shared setup of the subscribe / refresh / OPML integration tests: the fixture feed server and
 * the real companion server on loopback ports, engines wired to that server, and small helpers
 * to wait for jobs and build feed bodies.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
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

/** What {@link useNet} gives a test file. */
export interface NetSuite {
  /** The file's servers (usable inside tests and hooks, once `beforeAll` has run). */
  net: Net;
  /** A new engine on the servers with the file's default options and these; closed after the test. */
  engine: (opts?: Partial<EngineOptions>) => Promise<Engine>;
  /** Closes `e` (an engine made some other way) after the test, with the file's own engines. */
  closeAfterTest: (e: Engine) => Engine;
}

/**
 * The set-up every networked integration file shares: starts the servers before the file
 * (`fetchTimeoutMs` as in {@link startNet}), closes each test's engines and resets the fixture
 * server after every test, and stops the servers after the file. `defaults` go to every engine.
 */
export function useNet(fetchTimeoutMs?: number, defaults: Partial<EngineOptions> = {}): NetSuite {
  let current: Net | undefined;
  const engines: Engine[] = [];
  const running = (): Net => {
    if (!current) throw new Error('The servers are not started: use the net inside tests or hooks.');
    return current;
  };
  beforeAll(async () => {
    current = await startNet(fetchTimeoutMs);
  });
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
    current?.feeds.reset();
  });
  afterAll(() => current?.close());
  const net: Net = {
    get feeds() {
      return running().feeds;
    },
    get app() {
      return running().app;
    },
    at: (pathAndQuery) => running().at(pathAndQuery),
    close: () => running().close(),
  };
  return {
    net,
    async engine(opts = {}) {
      const e = await netEngine(net, { ...defaults, ...opts });
      engines.push(e);
      return e;
    },
    closeAfterTest(e) {
      engines.push(e);
      return e;
    },
  };
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
