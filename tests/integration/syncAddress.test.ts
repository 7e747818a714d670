/**
 * Issue 14, failure 5: the server's root gave "the server redirects to …/i/?rid=…; use that
 * address instead" (the web UI). FreshRSS and Miniflux are recognised and their API address is
 * named (the login form turns it into a one-click fix).
 */
import { describe, expect, it } from 'vitest';
import type { EngineError } from '../../worker/errors';
import { startFeverServer } from '../fixtures/feverServer';
import { startGReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

const suite = syncSuite();
const engine = () => suite.engine();
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: EngineError) => err,
  );

describe('the server root instead of the API address', () => {
  it('FreshRSS, Google Reader API: names /api/greader.php, which then works', async () => {
    const server = await startGReaderServer();
    try {
      const e = await engine();
      const err = await failure(
        e.sync.connect({
          protocol: 'greader',
          url: `${server.origin}/`,
          username: 'reader',
          password: 'secret',
        }),
      );
      expect(err?.code).toBe('sync_not_api');
      expect(err?.details).toEqual({ server: 'freshrss', suggestion: `${server.origin}/api/greader.php` });
      expect(err?.message).toContain('/api/greader.php');
      expect(err?.message).not.toMatch(/redirects/);
      const ok = await e.sync.connect({
        protocol: 'greader',
        url: `${server.origin}/api/greader.php`,
        username: 'reader',
        password: 'secret',
      });
      expect(ok.feeds).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('FreshRSS, Fever API: the root redirects to the web UI; names /api/fever.php', async () => {
    const server = await startFeverServer('reader', 'secret', undefined, 'freshrss');
    try {
      const e = await engine();
      const err = await failure(
        e.sync.connect({
          protocol: 'fever',
          url: `${server.origin}/`,
          username: 'reader',
          password: 'secret',
        }),
      );
      expect(err?.details).toEqual({ server: 'freshrss', suggestion: `${server.origin}/api/fever.php` });
    } finally {
      await server.close();
    }
  });

  it('Miniflux: names /fever/ for Fever; its root is the Google Reader API address', async () => {
    const fever = await startFeverServer();
    const greader = await startGReaderServer('reader', 'secret', undefined, 'miniflux');
    try {
      const e = await engine();
      const err = await failure(
        e.sync.connect({
          protocol: 'fever',
          url: `${fever.origin}/`,
          username: 'reader',
          password: 'secret',
        }),
      );
      expect(err?.details).toEqual({ server: 'miniflux', suggestion: `${fever.origin}/fever/` });
      const ok = await e.sync.connect({
        protocol: 'greader',
        url: `${greader.origin}/`,
        username: 'reader',
        password: 'secret',
      });
      expect(ok.feeds).toBe(3);
    } finally {
      await fever.close();
      await greader.close();
    }
  });
});
