import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine } from '../testing/createTestEngine';
import type { JobProgress } from '../types';

// No network: every fetch fails at once (the feeds stay subscribed with their error).
const offline = { impl: () => Promise.reject(new TypeError('offline')) };
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

async function engine(): Promise<Engine> {
  const e = createTestEngine({ fetch: offline });
  engines.push(e);
  await e.init();
  return e;
}

async function waitJob(e: Engine, id: string): Promise<JobProgress> {
  for (let i = 0; i < 500; i++) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${id} did not finish`);
}

const shape = async (e: Engine) => {
  const groups = await e.groups.list();
  const titleOf = new Map(groups.map((g) => [g.id, g.title]));
  return {
    groups: groups.map((g) => g.title).sort(),
    feeds: (await e.feeds.list())
      .map((f) => ({ url: f.url, title: f.title, group: titleOf.get(f.groupId) ?? null }))
      .sort((a, b) => a.url.localeCompare(b.url)),
  };
};

describe('opml export and import of empty groups', () => {
  it('round-trips groups without feeds into a fresh engine', async () => {
    const e = await engine();
    await e.groups.save({ title: 'Read later' });
    await e.groups.save({ title: 'Empty & <odd>' });
    const full = await e.groups.save({ title: 'Full' });
    await e.feeds.save({ url: 'https://a.example/feed', title: 'A', groupId: full });
    await e.feeds.save({ url: 'https://b.example/feed', title: 'B' });
    const text = await e.opml.export();
    expect(text).toContain('title="Read later"');
    expect(text).toContain('Empty &amp; &lt;odd&gt;');

    const fresh = await engine();
    const job = await waitJob(fresh, await fresh.opml.import(text));
    expect(job.state).toBe('done');
    expect(await shape(fresh)).toEqual(await shape(e));
    // Importing again creates no second copy of the empty groups.
    await waitJob(fresh, await fresh.opml.import(text));
    expect((await fresh.groups.list()).map((g) => g.title).sort()).toEqual([
      'Empty & <odd>',
      'Full',
      'Read later',
    ]);
  });

  it('imports a file of empty folders only, and still refuses one with neither feeds nor titled folders', async () => {
    const e = await engine();
    const only = '<opml version="2.0"><head/><body><outline text="Later" title="Later"/></body></opml>';
    const job = await waitJob(e, await e.opml.import(only));
    expect(job).toMatchObject({ state: 'done', summary: { added: 0, skipped: 0, failed: 0 } });
    expect((await e.groups.list()).map((g) => g.title)).toEqual(['Later']);
    const notes = '<opml version="2.0"><head/><body><outline text="a note"/></body></opml>';
    await expect(e.opml.import(notes)).rejects.toMatchObject({ code: 'empty_opml' });
  });

  it('lists feeds already followed that the file puts in another group, with that group, and moves none', async () => {
    const e = await engine();
    const news = await e.groups.save({ title: 'News' });
    const a = await e.feeds.save({ url: 'https://a.example/feed', title: 'A', groupId: news });
    const b = await e.feeds.save({ url: 'https://b.example/feed', title: 'B' });
    const c = await e.feeds.save({ url: 'https://c.example/feed', title: 'C', groupId: news });
    const file = `<opml version="2.0"><head/><body>
      <outline text="Tech"><outline xmlUrl="https://a.example/feed"/><outline xmlUrl="https://b.example/feed"/></outline>
      <outline text="news"><outline xmlUrl="https://c.example/feed"/></outline>
      <outline xmlUrl="https://a.example/feed"/>
    </body></opml>`;
    const job = await waitJob(e, await e.opml.import(file));
    const tech = (await e.groups.list()).find((g) => g.title === 'Tech')!.id;
    // C is already in its group ("news" is "News"); the ungrouped repeat of A names no group.
    expect(job.summary?.elsewhere).toEqual([
      { feedId: a, groupId: tech },
      { feedId: b, groupId: tech },
    ]);
    expect(job.summary?.groupIds).toEqual([tech]);
    const groupOf = new Map((await e.feeds.list()).map((f) => [f.id, f.groupId]));
    expect([groupOf.get(a), groupOf.get(b), groupOf.get(c)]).toEqual([news, -1, news]);
  });
});
