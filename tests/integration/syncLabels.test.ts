import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { internalsOf } from '../../worker/testing/createTestEngine';
import type { JobProgress } from '../../worker/types';
import { readQueue } from '../../worker/sync/store';
import { RECHECK_EVERY } from '../../worker/sync/labelCheck';
import { startFeverServer, type FeverServer } from '../fixtures/feverServer';
import { greaderSeed, startGReaderServer, type GReaderServer } from '../fixtures/greaderServer';
import { syncSuite } from './syncHarness';

// Tags as Google Reader labels against the FreshRSS-like fixture (labels typed 'tag' beside
// folders), Miniflux (refuses labels: tags stay local) and Fever (no labels).

const { engine } = syncSuite();

async function sync(e: Engine): Promise<JobProgress> {
  const id = await e.sync.run();
  for (;;) {
    const job = await e.jobs.get(id);
    if (job && job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Local item id of a server item (by its guid). */
function local(e: Engine, protocol: string, remoteId: bigint | number): number {
  const ix = internalsOf(e).context.index;
  const id = ix.idsWhereFlags(() => true).find((i) => ix.guid(ix.rowOf(i)) === `${protocol}:${remoteId}`);
  if (id === undefined) throw new Error(`no local item for ${remoteId}`);
  return id;
}

/** Tag names on a local item, sorted. */
async function tagsOf(e: Engine, itemId: number): Promise<string[]> {
  const ix = internalsOf(e).context.index;
  const names = new Map((await e.tags.list()).map((t) => [t.id, t.name]));
  return ix
    .tags(ix.rowOf(itemId))
    .map((t) => names.get(t) ?? `?${t}`)
    .sort();
}

/** Waits until the label listener queued what a tag change asked for. */
async function queued(e: Engine, n: number): Promise<void> {
  await expect.poll(async () => (await readQueue(internalsOf(e).db)).length).toBeGreaterThanOrEqual(n);
}

async function tagId(e: Engine, name: string): Promise<number> {
  const tag = (await e.tags.list()).find((t) => t.name === name);
  if (!tag) throw new Error(`no tag ${name}`);
  return tag.id;
}

describe('tags as Google Reader labels (FreshRSS)', () => {
  let greader: GReaderServer;
  const item = (n: number) => greader.state.items[n - 1]!;
  beforeAll(async () => {
    greader = await startGReaderServer();
  });
  afterAll(async () => {
    await greader.close();
  });

  it('pulls labels as tags (never the folder), pushes tag changes, renames and deletes, and waits offline', async () => {
    greader.state = greaderSeed();
    // Item 88 is in the Work folder and carries a label also named Work; 89 and the read,
    // unstarred item 10 carry "Later" (10 is imported because of its label).
    greader.state.tags = ['Later', 'Work'];
    item(88).tags = ['Work'];
    item(89).tags = ['Later'];
    item(10).tags = ['Later'];
    const e = await engine();
    await e.sync.connect({ protocol: 'greader', url: greader.url, username: 'reader', password: 'secret' });
    expect((await sync(e)).state).toBe('done');
    expect((await e.sync.status()).labels).toBe(true);
    expect(await tagsOf(e, local(e, 'greader', item(88).id))).toEqual(['Work']);
    expect(await tagsOf(e, local(e, 'greader', item(89).id))).toEqual(['Later']);
    expect(await tagsOf(e, local(e, 'greader', item(10).id))).toEqual(['Later']);
    // Another item of the Work folder: the folder is a group, not a tag.
    expect(await tagsOf(e, local(e, 'greader', item(70).id))).toEqual([]);
    expect((await e.groups.list()).map((g) => g.title).sort()).toEqual(['Outdoors', 'Work']);
    expect((await e.tags.list()).map((t) => [t.name, t.total])).toEqual([
      ['Later', 2],
      ['Work', 1],
    ]);

    // Tag here → edit-tag a=user/-/label/Rust; untag → r=.
    greader.writes.length = 0;
    const rust = await e.tags.create('Rust');
    await e.tags.setOnItems([local(e, 'greader', item(90).id)], rust.id, true);
    await e.tags.setOnItems([local(e, 'greader', item(89).id)], await tagId(e, 'Later'), false);
    await queued(e, 2);
    await sync(e);
    expect(greader.writes.map((w) => [w.path, w.form.a ?? w.form.r, w.form.i?.length])).toEqual([
      ['/edit-tag', ['user/-/label/Rust'], 1],
      ['/edit-tag', ['user/-/label/Later'], 1],
    ]);
    expect(greader.writes[0]!.form.i).toEqual([
      `tag:google.com,2005:reader/item/${item(90).id.toString(16).padStart(16, '0')}`,
    ]);
    expect(item(90).tags).toEqual(['Rust']);
    expect(item(89).tags).toEqual([]);
    expect(greader.state.tags).toContain('Rust');
    expect((await e.sync.status()).pending).toBe(0);

    // Labels changed on the server (another device) come down; a new one becomes a tag.
    item(90).tags = ['Rust', 'Later'];
    item(10).tags = [];
    greader.state.tags = [...greader.state.tags, 'Fresh'];
    item(80).tags = ['Fresh'];
    greader.writes.length = 0;
    await sync(e);
    expect(await tagsOf(e, local(e, 'greader', item(90).id))).toEqual(['Later', 'Rust']);
    expect(await tagsOf(e, local(e, 'greader', item(10).id))).toEqual([]);
    expect(await tagsOf(e, local(e, 'greader', item(80).id))).toEqual(['Fresh']);
    // Nothing went back up.
    expect(greader.writes).toEqual([]);

    // Rename and delete here → rename-tag / disable-tag.
    await e.tags.rename(rust.id, 'Rustlang');
    await sync(e);
    expect(greader.writes.map((w) => [w.path, w.form.s, w.form.dest])).toEqual([
      ['/rename-tag', ['user/-/label/Rust'], ['user/-/label/Rustlang']],
    ]);
    expect(item(90).tags).toEqual(['Rustlang', 'Later']);
    greader.writes.length = 0;
    await e.tags.remove(await tagId(e, 'Fresh'));
    // One entry: the server takes a deleted label off every item itself.
    await queued(e, 1);
    await sync(e);
    expect(greader.writes[0]).toMatchObject({ path: '/disable-tag', form: { s: ['user/-/label/Fresh'] } });
    expect(greader.state.tags).not.toContain('Fresh');
    expect(item(80).tags).toEqual([]);

    // A tag named like a folder: deleting it takes the label off its items but never deletes
    // the folder (FreshRSS's disable-tag would pick the folder first).
    greader.writes.length = 0;
    await e.tags.remove(await tagId(e, 'Work'));
    await queued(e, 1);
    await sync(e);
    expect(greader.writes.map((w) => w.path)).toEqual(['/edit-tag']);
    expect(item(88).tags).toEqual([]);
    expect(greader.state.feeds.filter((f) => f.labels.includes('Work'))).toHaveLength(2);

    // Offline: the change waits in the queue and goes once the server is back.
    greader.mode = 'down';
    await e.tags.setOnItems([local(e, 'greader', item(88).id)], await tagId(e, 'Later'), true);
    await queued(e, 1);
    expect((await sync(e)).failures[0]?.reason).toMatch(/503/);
    expect((await e.sync.status()).pending).toBe(1);
    greader.mode = 'ok';
    await sync(e);
    expect(item(88).tags).toEqual(['Later']);
    expect((await e.sync.status()).pending).toBe(0);
  });

  it('an undone tag delete puts the label back on its articles, sent or not yet', async () => {
    greader.state = greaderSeed();
    greader.state.tags = ['Later'];
    item(89).tags = ['Later'];
    item(90).tags = ['Later'];
    const e = await engine();
    await e.sync.connect({ protocol: 'greader', url: greader.url, username: 'reader', password: 'secret' });
    await sync(e);
    const later = await tagId(e, 'Later');

    // Deleted and sent (the server dropped the label), then undone: the label comes back.
    const token = await e.tags.remove(later);
    await queued(e, 1);
    await sync(e);
    expect(greader.state.tags).not.toContain('Later');
    expect(item(89).tags).toEqual([]);
    greader.writes.length = 0;
    await e.state.undo(token);
    await queued(e, 1);
    await sync(e);
    expect(greader.writes.map((w) => [w.path, w.form.a])).toEqual([['/edit-tag', ['user/-/label/Later']]]);
    expect(item(89).tags).toEqual(['Later']);
    expect(item(90).tags).toEqual(['Later']);
    expect(await tagsOf(e, local(e, 'greader', item(89).id))).toEqual(['Later']);

    // Deleted and undone before any sync: the server ends with the label where it was.
    const again = await e.tags.remove(later);
    await e.state.undo(again);
    await queued(e, 2);
    await sync(e);
    expect(item(89).tags).toEqual(['Later']);
    expect(item(90).tags).toEqual(['Later']);
    expect((await e.sync.status()).pending).toBe(0);
    // And the next sync does not take the tag off here.
    await sync(e);
    expect((await e.tags.list()).map((t) => [t.name, t.total])).toEqual([['Later', 2]]);
  });
});

describe('a label stream FreshRSS answers from a category (labelCheck.ts)', () => {
  it('a tag named like an empty category keeps its articles, and follows the server again once the name is free', async () => {
    const greader = await startGReaderServer('reader', 'secret', greaderSeed());
    const item = (n: number) => greader.state.items[n - 1]!;
    try {
      greader.state.tags = ['Later'];
      item(89).tags = ['Later'];
      item(10).tags = ['Later'];
      const e = await engine();
      await e.sync.connect({ protocol: 'greader', url: greader.url, username: 'reader', password: 'secret' });
      expect((await sync(e)).state).toBe('done');
      const [a, b] = [local(e, 'greader', item(89).id), local(e, 'greader', item(10).id)];
      expect([await tagsOf(e, a), await tagsOf(e, b)]).toEqual([['Later'], ['Later']]);
      const items = (await e.counts()).items;
      // A category "Later" is made on another device and left empty: tag/list does not name it,
      // and the label's stream now answers the category (no article).
      greader.state.folders = ['Later'];
      greader.writes.length = 0;
      const contents = () => greader.requests.filter((r) => r.includes('/stream/items/contents')).length;
      const read = contents();
      expect((await sync(e)).state).toBe('done');
      // Found wrong once (one contents call); the next pass, nothing about it changed, reads nothing.
      expect(contents()).toBe(read + 1);
      expect((await sync(e)).state).toBe('done');
      expect(contents()).toBe(read + 1);
      expect([await tagsOf(e, a), await tagsOf(e, b)]).toEqual([['Later'], ['Later']]);
      expect((await e.tags.list()).map((t) => [t.name, t.total])).toEqual([['Later', 2]]);
      expect((await e.counts()).items).toBe(items);
      // Nothing was sent back: the server's labels are as they were.
      expect(greader.writes).toEqual([]);
      expect([item(89).tags, item(10).tags]).toEqual([['Later'], ['Later']]);
      // A label taken off on another device meanwhile, the wrong stream unchanged, comes down
      // when the stream is checked again (at least every RECHECK_EVERY passes): the article
      // itself says so.
      item(10).tags = [];
      for (let n = 0; n < RECHECK_EVERY && (await tagsOf(e, b)).length; n++) await sync(e);
      expect([await tagsOf(e, a), await tagsOf(e, b)]).toEqual([['Later'], []]);
      // Anything about the stream changing checks it at once: an article labelled here.
      await e.tags.addToItems([local(e, 'greader', item(88).id)], 'Later');
      await queued(e, 1);
      const before = contents();
      await sync(e);
      expect(contents()).toBeGreaterThan(before);
      // The category gone, the stream is the label's again: a label put on elsewhere comes down.
      greader.state.folders = [];
      item(10).tags = ['Later'];
      await sync(e);
      expect([await tagsOf(e, a), await tagsOf(e, b)]).toEqual([['Later'], ['Later']]);
    } finally {
      await greader.close();
    }
  });

  it('renaming or deleting such a tag reaches the label, never the empty category of its name', async () => {
    const greader = await startGReaderServer('reader', 'secret', greaderSeed());
    const item = (n: number) => greader.state.items[n - 1]!;
    try {
      greader.state.tags = ['Later', 'Maybe'];
      item(89).tags = ['Later'];
      item(88).tags = ['Maybe'];
      const e = await engine();
      await e.sync.connect({ protocol: 'greader', url: greader.url, username: 'reader', password: 'secret' });
      await sync(e);
      greader.state.folders = ['Later', 'Maybe'];
      greader.writes.length = 0;
      // FreshRSS's rename-tag and disable-tag would pick the empty categories.
      await e.tags.rename(await tagId(e, 'Later'), 'Soon');
      await e.tags.remove(await tagId(e, 'Maybe'));
      await queued(e, 2);
      expect((await sync(e)).state).toBe('done');
      expect(greader.writes.map((w) => w.path)).not.toContain('/rename-tag');
      expect(greader.writes.map((w) => w.path)).not.toContain('/disable-tag');
      expect(greader.state.folders).toEqual(['Later', 'Maybe']);
      expect([item(89).tags, item(88).tags]).toEqual([['Soon'], []]);
      // And the next pass keeps it so here.
      await sync(e);
      expect(await tagsOf(e, local(e, 'greader', item(89).id))).toEqual(['Soon']);
      expect(await tagsOf(e, local(e, 'greader', item(88).id))).toEqual([]);
    } finally {
      await greader.close();
    }
  });

  it('a category holding only a hidden feed is the same: the tags stay', async () => {
    const greader = await startGReaderServer('reader', 'secret', greaderSeed());
    try {
      greader.state.tags = ['Old'];
      const tagged = greader.state.items.slice(-3);
      for (const i of tagged) i.tags = ['Old'];
      const e = await engine();
      await e.sync.connect({ protocol: 'greader', url: greader.url, username: 'reader', password: 'secret' });
      await sync(e);
      greader.state.feeds.push({
        id: 'feed/30',
        title: 'Attic',
        url: 'https://example.net/attic.xml',
        htmlUrl: '',
        labels: ['Old'],
        hidden: true,
      });
      await sync(e);
      for (const i of tagged) expect(await tagsOf(e, local(e, 'greader', i.id))).toEqual(['Old']);
    } finally {
      await greader.close();
    }
  });
});

describe('accounts without labels', () => {
  it('Miniflux refuses labels: tags stay here, nothing is lost, nothing stays queued', async () => {
    const miniflux = await startGReaderServer('reader', 'secret', undefined, 'miniflux');
    try {
      const e = await engine();
      await e.sync.connect({
        protocol: 'greader',
        url: miniflux.url,
        username: 'reader',
        password: 'secret',
      });
      await sync(e);
      const id = local(e, 'greader', miniflux.state.items.at(-1)!.id);
      const tag = await e.tags.create('Keep');
      await e.tags.setOnItems([id], tag.id, true);
      await queued(e, 1);
      expect((await sync(e)).state).toBe('done');
      expect(await e.sync.status()).toMatchObject({ labels: false, pending: 0, lastError: '' });
      expect(await tagsOf(e, id)).toEqual(['Keep']);
      // Later tag changes are not queued at all.
      await e.tags.setOnItems([id], tag.id, false);
      await e.tags.setOnItems([id], tag.id, true);
      expect((await e.sync.status()).pending).toBe(0);
    } finally {
      await miniflux.close();
    }
  });

  it('Fever has no labels: the status says so and tagging queues nothing', async () => {
    const fever: FeverServer = await startFeverServer();
    try {
      const e = await engine();
      await e.sync.connect({ protocol: 'fever', url: fever.url, username: 'reader', password: 'secret' });
      await sync(e);
      expect((await e.sync.status()).labels).toBe(false);
      const id = local(e, 'fever', 120);
      const tag = await e.tags.create('Local');
      await e.tags.setOnItems([id], tag.id, true);
      await e.state.markRead([id], true);
      // The read change is queued; the tag is not.
      await queued(e, 1);
      expect((await readQueue(internalsOf(e).db)).map((q) => q.op)).toEqual(['read']);
      expect(await tagsOf(e, id)).toEqual(['Local']);
    } finally {
      await fever.close();
    }
  });
});
