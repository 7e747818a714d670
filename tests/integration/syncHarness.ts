/** Shared set-up for the sync integration tests: the real companion server and a transport through it. */
import { proxyFetchImpl } from '../../worker/subscriptions/net';
import { proxyTransport, type SyncTransport } from '../../worker/sync/transport';
import { startApp, type Running } from '../../server/testing';

/** Starts the companion server (no static files) and returns it with a /api/sync transport. */
export async function startCompanion(
  opts: { fetchTimeoutMs?: number } = {},
): Promise<{ app: Running; transport: SyncTransport }> {
  const app = await startApp({ distDir: '/nonexistent', fetchTimeoutMs: opts.fetchTimeoutMs ?? 3000 });
  return { app, transport: proxyTransport(proxyFetchImpl({ base: app.url })) };
}
