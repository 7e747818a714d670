/** The new domains across a real Comlink boundary: calls, job events and error codes. */
import * as Comlink from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type EngineApi } from '../../worker/api';
import { installErrorTransfer } from '../../worker/comlinkErrors';
import type { Engine } from '../../worker/engine';
import type { EngineEvent, JobProgress } from '../../worker/types';
import { netEngine, startNet, type Net } from './subscribeHarness';

let net: Net;
let engine: Engine;
let api: Comlink.Remote<EngineApi>;
const ports: { close(): void }[] = [];

beforeAll(async () => {
  net = await startNet();
  installErrorTransfer();
  engine = await netEngine(net);
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(createApi(engine), port1 as unknown as Comlink.Endpoint);
  api = Comlink.wrap<EngineApi>(port2 as unknown as Comlink.Endpoint);
});
afterAll(async () => {
  engine.close();
  for (const p of ports) p.close();
  await net.close();
});

describe('subscribe, refresh, OPML and jobs over Comlink', () => {
  it('works end to end with plain data and job events', async () => {
    const jobs: JobProgress[] = [];
    await api.onEvent(
      Comlink.proxy((ev: EngineEvent) => {
        if (ev.type === 'job') jobs.push(ev.job);
      }),
    );
    const [candidate] = await api.subscriptions.discover(net.at('/site/'));
    const preview = await api.subscriptions.preview(candidate!.url);
    const sub = await api.subscriptions.subscribe({ url: preview.url, newGroupTitle: 'Wire' });
    expect(sub).toMatchObject({ alreadySubscribed: false, added: 3 });
    const jobId = await api.refresh.start({ scope: 'all' });
    for (let i = 0; i < 500 && (await api.jobs.get(jobId))?.state === 'running'; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await api.jobs.get(jobId)).toMatchObject({ state: 'done', summary: { newItems: 0 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(jobs.filter((j) => j.id === jobId).at(-1)?.state).toBe('done');
    expect(await api.opml.export()).toContain('Wire');
    expect(await api.feeds.scores()).toEqual({ [sub.feedId]: 10 });
    expect(await api.feeds.nextUnread(null, 1)).toBe(sub.feedId);
    expect(await api.icons.getMany([])).toEqual({});
  });

  it('rejects with EngineErrors that keep their codes', async () => {
    const err = await api.subscriptions.discover(net.at('/site-nolink/')).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'EngineError', code: 'no_feed' });
    await expect(api.opml.import('not xml')).rejects.toMatchObject({ code: 'not_opml' });
    await expect(api.refresh.configure({ intervalSeconds: 1 })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(api.feeds.setUrl(1, 'ftp://x.test/')).rejects.toMatchObject({ code: 'bad_scheme' });
  });
});
