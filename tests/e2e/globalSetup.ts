import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createRivuletServer } from '../../server/app.ts';
import { startFeedServer } from '../fixtures/feedServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The companion server serving the built app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The fixture feed server. */
    feedsUrl: string;
  }
}

/** Starts the real companion server over dist/ and the fixture feed server for all e2e files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = createRivuletServer({ distDir: join(import.meta.dirname, '..', '..', 'dist') });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const feeds = await startFeedServer();
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('feedsUrl', feeds.url);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await feeds.close();
  };
}
