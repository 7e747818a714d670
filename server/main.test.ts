import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listen, rawRequest } from './testing.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = mkdtempSync(path.join(tmpdir(), 'rivulet-main-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>main test</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repo,
    env: { ...process.env, DIST_DIR: dist, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('server/main.ts', () => {
  it('prints one line with its address, serves, and exits 0 on SIGINT despite open connections', async () => {
    const s = start({ PORT: '0' });
    try {
      await waitFor(() => s.stdout().includes('\n'), 15_000);
      const m = /^Rivulet is running at http:\/\/127\.0\.0\.1:(\d+)\/\n$/.exec(s.stdout());
      expect(m, s.stdout() + s.stderr()).not.toBeNull();
      const port = Number(m?.[1]);
      const page = await rawRequest(port, '/f/1');
      expect(page.body.toString()).toContain('main test');

      // A keep-alive socket and an in-flight proxied fetch that never finishes.
      const stalled = await listen(http.createServer((_req, res) => res.writeHead(200).flushHeaders()));
      const agent = new http.Agent({ keepAlive: true });
      await new Promise<void>((resolve) =>
        http.get({ port, path: '/', agent }, (r) => r.resume().on('end', resolve)),
      );
      const pending = http.get({ port, path: `/api/fetch?url=${encodeURIComponent(stalled.url)}` });
      pending.on('error', () => undefined);
      await new Promise((r) => setTimeout(r, 100));

      const t0 = Date.now();
      s.child.kill('SIGINT');
      expect(await exitOf(s.child)).toBe(0);
      expect(Date.now() - t0).toBeLessThan(2500);
      expect(s.stdout().split('\n').filter(Boolean)).toHaveLength(1);
      agent.destroy();
      await stalled.close();
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 30_000);

  it('exits 0 on SIGTERM', async () => {
    const s = start({ PORT: '0' });
    try {
      await waitFor(() => s.stdout().includes('\n'), 15_000);
      s.child.kill('SIGTERM');
      expect(await exitOf(s.child)).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 30_000);

  it('explains a taken port and exits non-zero', async () => {
    const blocker = await listen(http.createServer());
    const s = start({ PORT: String(blocker.port) });
    try {
      expect(await exitOf(s.child)).not.toBe(0);
      expect(s.stderr()).toContain(`port ${blocker.port}`);
      expect(s.stderr()).toContain('already in use');
      expect(s.stdout()).toBe('');
    } finally {
      s.child.kill('SIGKILL');
      await blocker.close();
    }
  }, 30_000);

  it('refuses a malformed PORT', async () => {
    const s = start({ PORT: 'abc' });
    expect(await exitOf(s.child)).toBe(1);
    expect(s.stderr()).toContain('PORT');
  }, 30_000);

  it('refuses a malformed RIVULET_ALLOW_PRIVATE_NETWORKS instead of guessing', async () => {
    const s = start({ PORT: '0', RIVULET_ALLOW_PRIVATE_NETWORKS: 'maybe' });
    expect(await exitOf(s.child)).toBe(1);
    expect(s.stderr()).toContain('RIVULET_ALLOW_PRIVATE_NETWORKS must be 1 or 0');
    expect(s.stdout()).toBe('');
  }, 30_000);
});
