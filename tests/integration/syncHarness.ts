/** Shared set-up for the sync integration tests: the real companion server and a transport through it. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Engine, EngineOptions } from '../../worker/engine';
import { proxyFetchImpl } from '../../worker/subscriptions/net';
import { createTestEngine } from '../../worker/testing/createTestEngine';
import { proxyTransport, type SyncTransport } from '../../worker/sync/transport';
import { startApp, type Running } from '../../server/testing';

/** Starts the companion server (no static files) and returns it with a /api/sync transport. */
export async function startCompanion(
  opts: { fetchTimeoutMs?: number } = {},
): Promise<{ app: Running; transport: SyncTransport }> {
  const app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: opts.fetchTimeoutMs ?? 3000 });
  return { app, transport: proxyTransport(proxyFetchImpl({ base: app.url })) };
}

/**
 * The usual suite: one companion server for the file, engines closed after each test. Call at
 * the top of a test file; `engine()` makes a started test engine that fetches through the server.
 */
export function syncSuite(): {
  app: () => Running;
  engine: (opts?: Partial<EngineOptions>) => Promise<Engine>;
} {
  let app: Running | undefined;
  const engines: Engine[] = [];
  beforeAll(async () => {
    ({ app } = await startCompanion());
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    for (const e of engines.splice(0)) e.close();
  });
  const running = (): Running => {
    if (!app) throw new Error('syncSuite: the companion server is not started yet');
    return app;
  };
  return {
    app: running,
    async engine(opts = {}) {
      const e = createTestEngine({ fetch: { base: running().url }, ...opts });
      engines.push(e);
      await e.init();
      return e;
    },
  };
}
