/**
 * OPML import (as a job, through the real proxy) and export, including a round trip into a
 * fresh engine.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { parseOpml } from '../../worker/opml/format';
import { recordEvents, useNet, waitJob } from './subscribeHarness';

const { net, engine } = useNet(5_000);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function nestedOpml(): string {
  const o = (title: string, path: string) =>
    `<outline type="rss" text="${esc(title)}" title="${esc(title)}" xmlUrl="${esc(net.at(path))}"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>My feeds</title></head>
  <body>
    <outline text="Nature">
      ${o('Riverbank', '/feeds/rss.xml')}
      <outline text="Birds &amp; more">
        ${o('Workshop', '/feeds/atom.xml')}
        ${o('Riverbank again', '/feeds/rss.xml')}
      </outline>
    </outline>
    <outline text="Broken">
      ${o('Server error', '/status/500')}
    </outline>
    ${o('Podcast', '/feeds/podcast.xml')}
    ${o('Already here', '/feeds/feed.json')}
  </body>
</opml>`;
}

describe('opml.import', () => {
  it('creates groups, skips duplicates, fetches with progress and reports failures', async () => {
    const e = await engine();
    const existingGroup = await e.groups.save({ title: 'nature' });
    const already = await e.subscriptions.subscribe({ url: net.at('/feeds/feed.json') });
    const events = recordEvents(e);
    const id = await e.opml.import(nestedOpml());
    const job = await waitJob(e, id);
    expect(job).toMatchObject({ kind: 'opml-import', state: 'done', total: 6, done: 6, failed: 1 });
    expect(job.summary).toMatchObject({ added: 3, skipped: 2, failed: 1, newItems: 3 + 2 + 2 });
    expect(job.failures).toHaveLength(1);
    expect(job.failures[0]).toMatchObject({
      url: net.at('/status/500'),
      title: 'Server error',
      reason: 'The server answered HTTP 500 Internal Server Error',
    });

    const groups = await e.groups.list();
    expect(groups.map((g) => g.title).sort()).toEqual(['Broken', 'Nature / Birds & more', 'nature']);
    const feeds = await e.feeds.list();
    const byTitle = new Map(feeds.map((f) => [f.title, f]));
    const groupOf = (title: string) => groups.find((g) => g.id === byTitle.get(title)?.groupId)?.title;
    // An existing group of the same title (case aside) is reused, not duplicated.
    expect(byTitle.get('Riverbank')!.groupId).toBe(existingGroup);
    expect(groupOf('Workshop')).toBe('Nature / Birds & more');
    expect(groupOf('Server error')).toBe('Broken');
    expect(byTitle.get('Podcast')!.groupId).toBe(-1);
    expect(feeds.filter((f) => f.url === net.at('/feeds/rss.xml'))).toHaveLength(1);
    expect(feeds.filter((f) => f.url === net.at('/feeds/feed.json')).map((f) => f.id)).toEqual([
      already.feedId,
    ]);
    expect(byTitle.get('Server error')).toMatchObject({ httpStatus: 500, errorCode: 'http_status' });
    expect(await e.items.count()).toBe(2 + 3 + 2 + 2);
    // What undoing the import removes: the four feeds it subscribed (the failing one too, which
    // stays subscribed with its error) and the two groups it created, not the reused one.
    const imported = feeds.filter((f) => f.id !== already.feedId).map((f) => f.id);
    expect([...job.summary!.feedIds!].sort()).toEqual(imported.sort());
    const created = groups.filter((g) => g.id !== existingGroup).map((g) => g.id);
    expect([...job.summary!.groupIds!].sort()).toEqual(created.sort());

    const progress = events.jobs.filter((j) => j.id === id);
    expect(progress[0]).toMatchObject({ state: 'running', total: 6 });
    expect(progress.at(-1)).toEqual(job);
    const dones = progress.map((p) => p.done);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
  });

  it('rejects invalid OPML at once and changes nothing', async () => {
    const e = await engine();
    const events = recordEvents(e);
    const html = '<!doctype html><html><body>not a list</body></html>';
    await expect(e.opml.import(html)).rejects.toMatchObject({ code: 'not_opml' });
    await expect(e.opml.import('<rss version="2.0"><channel></channel></rss>')).rejects.toMatchObject({
      code: 'not_opml',
      message: expect.stringMatching(/feed/) as unknown,
    });
    await expect(e.opml.import('<opml version="2.0"><body><outline text="x"')).rejects.toMatchObject({
      code: 'parse_error',
    });
    await expect(
      e.opml.import('<opml version="2.0"><head/><body><outline text="Empty"/></body></opml>'),
    ).rejects.toMatchObject({ code: 'empty_opml' });
    await expect(e.opml.import(42 as never)).rejects.toMatchObject({ code: 'not_opml' });
    expect(await e.feeds.count()).toBe(0);
    expect(await e.groups.count()).toBe(0);
    expect(await e.jobs.list()).toEqual([]);
    expect(events.all).toEqual([]);
  });

  it('a cancelled import keeps only the feeds that finished their first fetch', async () => {
    const e = await engine();
    const outlines = [
      `<outline text="Fast" xmlUrl="${esc(net.at('/feeds/rss.xml'))}"/>`,
      ...Array.from(
        { length: 8 },
        (_, i) => `<outline text="Slow ${i}" xmlUrl="${esc(net.at(`/slow?ms=3000&n=${i}`))}"/>`,
      ),
    ];
    const id = await e.opml.import(`<opml version="2.0"><body>${outlines.join('')}</body></opml>`);
    await new Promise((r) => setTimeout(r, 300));
    await e.jobs.cancel(id);
    const job = (await e.jobs.get(id))!;
    expect(job.state).toBe('cancelled');
    expect(job.summary).toMatchObject({ added: 1, failed: 0 });
    const feeds = await e.feeds.list();
    expect(feeds.map((f) => f.title)).toEqual(['Fast']);
    // The feeds removed on cancel are not among those an undo would remove.
    expect(job.summary!.feedIds).toEqual([feeds[0]!.id]);
    expect(await e.items.count()).toBe(3);
  });
});

describe('opml.export', () => {
  it('round-trips feeds and groups into a fresh engine', async () => {
    const e = await engine();
    const g1 = await e.groups.save({ title: 'Rivers & <Lakes>' });
    const g2 = await e.groups.save({ title: 'Tools' });
    await e.feeds.save({ url: net.at('/feeds/rss.xml'), title: 'Riverbank "notes"', groupId: g1 });
    await e.feeds.save({ url: net.at('/feeds/atom.xml?a=1&b=2'), title: 'Workshop', groupId: g2 });
    await e.feeds.save({
      url: net.at('/feeds/feed.json'),
      title: 'JSON',
      groupId: g2,
      siteUrl: 'https://j.example/',
    });
    await e.feeds.save({ url: net.at('/feeds/podcast.xml'), title: 'Podcast' });
    const text = await e.opml.export();
    expect(() => parseOpml(text)).not.toThrow();
    expect(text).toContain('Rivers &amp; &lt;Lakes&gt;');
    expect(text).toContain('htmlUrl="https://j.example/"');

    const fresh = await engine();
    const job = await waitJob(fresh, await fresh.opml.import(text));
    expect(job.summary).toMatchObject({ added: 4, skipped: 0, failed: 0, newItems: 3 + 2 + 2 + 2 });
    const shape = async (x: Engine) => {
      const groups = new Map((await x.groups.list()).map((g) => [g.id, g.title]));
      return (await x.feeds.list())
        .map((f) => ({ url: f.url, title: f.title, group: groups.get(f.groupId) ?? null }))
        .sort((a, b) => a.url.localeCompare(b.url));
    };
    expect(await shape(fresh)).toEqual(await shape(e));
    expect((await fresh.groups.list()).map((g) => g.title).sort()).toEqual(['Rivers & <Lakes>', 'Tools']);
    // And importing the same export again skips everything.
    const again = await waitJob(fresh, await fresh.opml.import(text));
    expect(again.summary).toEqual({
      added: 0,
      skipped: 4,
      failed: 0,
      newItems: 0,
      feedIds: [],
      groupIds: [],
    });
  });

  it('exports an empty subscription list as valid OPML', async () => {
    const e = await engine();
    const text = await e.opml.export();
    expect(text).toMatch(/<opml[\s>]/);
    expect(() => parseOpml(text)).not.toThrow();
  });
});
