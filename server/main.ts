/**
 * Entry point of the companion server: `node --import tsx server/main.ts`.
 * Env: PORT (4173), HOST (127.0.0.1), DIST_DIR (<repo>/dist), FETCH_TIMEOUT_MS (20000),
 * FETCH_MAX_BYTES (10 MB), RIVULET_ALLOW_PRIVATE_NETWORKS (0). Prints exactly one line when
 * listening; exits 0 on SIGINT/SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_BYTES } from './api.ts';
import { createRivuletServer } from './app.ts';
import { allowPrivateNetworksFromEnv } from './privateNetworks.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`rivulet: ${name} must be a non-negative integer, got "${raw}".`);
    process.exit(1);
  }
  return n;
}

const port = intFromEnv('PORT', 4173);
const host = process.env.HOST || '127.0.0.1';
const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));

function allowPrivateNetworks(): boolean {
  try {
    return allowPrivateNetworksFromEnv();
  } catch (err) {
    console.error(`rivulet: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

const server = createRivuletServer({
  distDir,
  allowPrivateNetworks: allowPrivateNetworks(),
  fetchTimeoutMs: intFromEnv('FETCH_TIMEOUT_MS', DEFAULT_FETCH_TIMEOUT_MS),
  maxBytes: intFromEnv('FETCH_MAX_BYTES', DEFAULT_MAX_BYTES),
});

server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    console.error(
      `rivulet: port ${port} on ${host} is already in use. Stop the other program or set PORT=<another port>.`,
    );
  } else if (err.code === 'EACCES') {
    console.error(`rivulet: not allowed to listen on ${host}:${port}. Try a port above 1024 (PORT=...).`);
  } else {
    console.error(`rivulet: could not start the server: ${err.message}`);
  }
  process.exit(1);
});

server.listen(port, host, () => {
  const { port: actual } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`Rivulet is running at http://${shownHost}:${actual}/`);
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // Stop accepting, drop idle keep-alive sockets now, and give in-flight requests a moment.
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 1000).unref();
  setTimeout(() => process.exit(0), 1800).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
