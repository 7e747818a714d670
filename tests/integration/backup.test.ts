/**
 * Backup and restore through the engine over fake-indexeddb: a round trip into an empty
 * database gives back exactly what was saved; merge combines; bad files change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine';
import { createTestEngine, internalsOf } from '../../worker/testing/createTestEngine';
import { seedEngine } from '../../worker/testing/seed';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';

const engines: Engine[] = [];
async function fresh(): Promise<Engine> {
  const e = createTestEngine();
  engines.push(e);
  await e.init();
  return e;
}
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

const SETTINGS = {
  general: { startPage: 'all', retentionDays: 30 },
  automation: { filters: [{ id: 'f1', name: 'Rust', query: 'title:rust', createdAt: 5 }] },
};

/** The whole backup as one Blob, assembled from the engine's chunks as the page does. */
async function backupOf(e: Engine, settings: unknown = SETTINGS): Promise<{ blob: Blob; text: string }> {
  const { id } = await e.backup.start({ settings });
  const parts: string[] = [];
  for (let chunk = await e.backup.next(id); chunk !== null; chunk = await e.backup.next(id))
    parts.push(chunk);
  const text = parts.join('');
  return { blob: new Blob([text], { type: 'application/x-ndjson' }), text };
}

/** Everything a person owns, store by store (derived caches left out). */
async function dump(e: Engine) {
  const t = (name: string) => internalsOf(e).db.dexie.table(name).toArray();
  const meta = (await t('meta')).filter(
    // restoredSettings: a restore's settings waiting for the page (checked on their own below);
    // rulePending: what the rules still owe new articles (worker/rules/pending.ts).
    (m: { key: string }) =>
      !/^(indexSnapshot|itemsCounter|textIndex:|restoredSettings$|rulePending:)/.test(m.key),
  );
  return { groups: await t('groups'), feeds: await t('feeds'), items: await t('items'), meta };
}

async function seeded(seed = 7): Promise<Engine> {
  const e = await fresh();
  await seedEngine(e, { groups: 2, feedsPerGroup: 2, itemsPerFeed: 40, seed, ungroupedFeeds: 1 });
  return e;
}

describe('backup format', () => {
  it('starts with a header whose counts match the lines', async () => {
    const e = await seeded();
    const { text } = await backupOf(e);
    const lines = text.trimEnd().split('\n');
    const header = JSON.parse(lines[0]!) as {
      format: string;
      version: number;
      counts: Record<string, number>;
    };
    expect(header).toMatchObject({ format: 'rivulet-backup', version: 1 });
    expect(header.counts).toMatchObject({ groups: 2, feeds: 5, items: 200, '@settings': 1 });
    const perStore: Record<string, number> = {};
    for (const line of lines.slice(1)) {
      const { store } = JSON.parse(line) as { store: string };
      perStore[store] = (perStore[store] ?? 0) + 1;
    }
    expect(perStore).toEqual(Object.fromEntries(Object.entries(header.counts).filter(([, n]) => n > 0)));
    // Every store of the database is covered, except the sync login (a secret).
    const stores = internalsOf(e)
      .db.dexie.tables.map((t) => t.name)
      .filter((n) => n !== 'accounts');
    expect(Object.keys(header.counts).sort()).toEqual([...stores, '@settings'].sort());
    // Derived caches never go into a file.
    expect(text).not.toContain('indexSnapshot');
    expect(text).not.toContain('textIndex:');
  });
});

describe('replace restore', () => {
  it('into an empty database gives back identical groups, feeds, items, states and settings', async () => {
    const source = await seeded();
    const before = await dump(source);
    const { blob } = await backupOf(source);
    const target = await fresh();
    const preview = await target.backup.inspect(blob);
    expect(preview.header.counts.items).toBe(200);
    expect(preview.hasSettings).toBe(true);
    const progress: number[] = [];
    const result = await target.backup.restore(preview.id, 'replace', (done) => progress.push(done));
    expect(result.settings).toEqual(SETTINGS);
    expect(progress.at(-1)).toBe(
      before.groups.length + before.feeds.length + before.items.length + before.meta.length,
    );
    expect(await dump(target)).toEqual(before);
    const [a, b] = [await source.counts(), await target.counts()];
    expect(b).toEqual(a);
    expect(await target.state.savedIds()).toEqual(await source.state.savedIds());
    expect(await target.state.unreadIds()).toEqual(await source.state.unreadIds());
    // The restored engine keeps working: a page, and ids continue after the restored ones.
    expect((await target.items.page({ scope: 'all', limit: 5 })).total).toBe(200);
    const gid = await target.groups.save({ title: 'After restore' });
    expect(gid).toBeGreaterThan(Math.max(...before.groups.map((g: { id: number }) => g.id)));
  });

  it('carries the settings in the same transaction, reports the commit last, and hands them over once', async () => {
    const source = await seeded(5);
    const { blob } = await backupOf(source);
    const target = await seeded(6);
    const preview = await target.backup.inspect(blob);
    const phases: string[] = [];
    const result = await target.backup.restore(
      preview.id,
      'replace',
      (_done, _total, phase) => void phases.push(phase),
      'restore-1',
      'backup.ndjson',
    );
    expect(result.restoreId).toBe('restore-1');
    // The note "restore under way" went out in the same commit.
    expect(await target.backup.startedRestore()).toBeNull();
    // Writes, then the commit under way, then committed: nothing reaches "done" before the commit.
    expect(phases.slice(-2)).toEqual(['commit', 'done']);
    expect(new Set(phases.slice(0, -2))).toEqual(new Set(['write']));
    // Until the page says it applied them, the settings wait beside the data (a restart finds them).
    const again = createTestEngine({ dbName: internalsOf(target).db.dexie.name });
    engines.push(again);
    await again.init();
    expect(await again.backup.pendingSettings()).toMatchObject({
      restoreId: 'restore-1',
      mode: 'replace',
      settings: SETTINGS,
      file: 'backup.ndjson',
    });
    await again.backup.settingsApplied('another-restore');
    expect(await target.backup.pendingSettings()).not.toBeNull();
    await again.backup.settingsApplied('restore-1');
    expect(await target.backup.pendingSettings()).toBeNull();
    // Never part of a backup file.
    await target.backup.restore((await target.backup.inspect(blob)).id, 'merge', undefined, 'restore-2');
    expect((await backupOf(target)).text).not.toContain('restore-2');
  });

  it('replaces what was there and survives a restart (index rebuilt from the new data)', async () => {
    const source = await seeded(1);
    const { blob } = await backupOf(source);
    const target = await seeded(2);
    const preview = await target.backup.inspect(blob);
    await target.backup.restore(preview.id, 'replace');
    expect(await dump(target)).toEqual(await dump(source));
    await target.flushSnapshot();
    const again = createTestEngine({ dbName: internalsOf(target).db.dexie.name });
    engines.push(again);
    await again.init();
    expect(await again.counts()).toEqual(await source.counts());
  });

  it('keeps the store intact when the quota is hit half-way', async () => {
    const source = await seeded(3);
    const { blob } = await backupOf(source);
    const target = await seeded(4);
    const before = await dump(target);
    const items = internalsOf(target).db.dexie.table('items');
    items.bulkPut = (() =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))) as never;
    const preview = await target.backup.inspect(blob);
    await expect(target.backup.restore(preview.id, 'replace')).rejects.toMatchObject({
      code: 'quota_exceeded',
    });
    expect(await dump(target)).toEqual(before);
    expect(await target.backup.pendingSettings()).toBeNull();
    // The failure was reported where it happened: no "interrupted" note is left for the next start.
    expect(await target.backup.startedRestore()).toBeNull();
  });

  it('a restore that never committed leaves its note for the next start, which forgets it once told', async () => {
    const target = await seeded(7);
    // What restore() writes in its own transaction before the restore's; a crash keeps it.
    const note = {
      restoreId: 'restore-9',
      mode: 'replace',
      file: 'old.ndjson',
      startedAt: 1_700_000_000_000,
    };
    await internalsOf(target).db.dexie.table('meta').put({ key: 'restoreStarted', value: note });
    const again = createTestEngine({ dbName: internalsOf(target).db.dexie.name });
    engines.push(again);
    await again.init();
    expect(await again.backup.startedRestore()).toEqual(note);
    await again.backup.forgetStartedRestore('another-restore');
    expect(await again.backup.startedRestore()).toEqual(note);
    await again.backup.forgetStartedRestore('restore-9');
    expect(await again.backup.startedRestore()).toBeNull();
    // Never part of a backup file either.
    await internalsOf(target).db.dexie.table('meta').put({ key: 'restoreStarted', value: note });
    expect((await backupOf(target)).text).not.toContain('restore-9');
  });
});

describe('merge restore', () => {
  it('adds what is missing, keeps ids of what is there, and combines read/saved marks', async () => {
    const source = await seeded(5);
    const { blob } = await backupOf(source);
    const target = await fresh();
    // The target already follows one of the backup's feeds under another id, with one item.
    const feed = (await source.feeds.list())[0]!;
    const item = (await internalsOf(source)
      .db.dexie.table('items')
      .where('feedId')
      .equals(feed.id)
      .first()) as {
      guid: string;
      dedupeKey: string;
      flags: number;
    };
    const ownGroup = await target.groups.save({ title: 'Mine' });
    const ownFeed = await target.feeds.save({ url: feed.url, title: 'Mine too', groupId: ownGroup });
    await target.items.ingest(ownFeed, [
      { guid: item.guid, title: 'x', author: '', description: '', pubDate: 1, link: '', enclosure: null },
    ]);
    const preview = await target.backup.inspect(blob);
    const result = await target.backup.restore(preview.id, 'merge');
    expect(result.mode).toBe('merge');
    const feeds = await target.feeds.list();
    expect(feeds).toHaveLength(5);
    expect(feeds.find((f) => f.url === feed.url)?.id).toBe(ownFeed);
    expect((await target.groups.list()).map((g) => g.title).sort()).toEqual(
      ['Mine', ...(await source.groups.list()).map((g) => g.title)].sort(),
    );
    expect((await target.counts()).items).toBe(200);
    expect((await target.counts()).saved).toBe((await source.counts()).saved);
    const kept = (await internalsOf(target)
      .db.dexie.table('items')
      .where('[feedId+dedupeKey]')
      .equals([ownFeed, item.dedupeKey])
      .first()) as {
      flags: number;
      title: string;
    };
    expect(kept.title).toBe('x');
    expect(kept.flags).toBe(item.flags);
    // Merging the same file again changes nothing.
    const again = await target.backup.inspect(blob);
    const second = await target.backup.restore(again.id, 'merge');
    expect(second.written).toEqual({
      groups: 0,
      feeds: 0,
      items: 0,
      highlights: 0,
      fullTexts: 0,
      summaries: 0,
      meta: 0,
    });
  });
});

describe('merge restore of what hangs on articles', () => {
  /** Local id of the item titled `title`. */
  async function byTitle(e: Engine, title: string): Promise<number> {
    const rows = (await internalsOf(e).db.dexie.table('items').toArray()) as { id: number; title: string }[];
    const row = rows.find((r) => r.title === title);
    if (!row) throw new Error(`no item ${title}`);
    return row.id;
  }

  it('brings highlights with notes, whole articles, tags, rules and the rules’ log, renumbered', async () => {
    const source = await fresh();
    const feed = await source.feeds.save({ url: 'https://example.org/merge.xml', title: 'Merge' });
    await source.items.ingest(
      feed,
      ['Alpha rust', 'Beta', 'Gamma rust'].map((title, i) => ({
        guid: title,
        title,
        author: '',
        description: `<p>${title} body text</p>`,
        pubDate: 1_700_000_000 + i,
        link: `https://example.org/${i}`,
        enclosure: null,
      })),
    );
    const alpha = await byTitle(source, 'Alpha rust');
    const rule = await source.rules.save({
      name: 'rust',
      query: "title LIKE 'rust'",
      actions: [{ type: 'tag', tag: 'ai' }, { type: 'save' }],
      enabled: true,
    });
    await source.rules.runOnce(rule.id);
    await source.highlights.add({
      itemId: alpha,
      color: 'green',
      note: 'a note',
      quote: { exact: 'body', prefix: 'Alpha rust ', suffix: ' text' },
      position: { start: 11, end: 15 },
    });
    await internalsOf(source).db.dexie.table('fullTexts').put({
      itemId: alpha,
      feedId: feed,
      status: 'ok',
      html: '<p>Whole</p>',
      text: 'Whole',
      url: 'https://example.org/0',
      reason: '',
      httpStatus: 0,
      fetchedAt: 1,
    });
    const { blob } = await backupOf(source);

    // The target has its own feed and articles first, so every id of the backup moves.
    const target = await fresh();
    const own = await target.feeds.save({ url: 'https://example.org/own.xml', title: 'Own' });
    await target.items.ingest(own, [
      { guid: 'o1', title: 'Own 1', author: '', description: '', pubDate: 1, link: '', enclosure: null },
      { guid: 'o2', title: 'Own 2', author: '', description: '', pubDate: 2, link: '', enclosure: null },
    ]);
    const preview = await target.backup.inspect(blob);
    const result = await target.backup.restore(preview.id, 'merge');
    expect(result.written).toMatchObject({ items: 3, highlights: 1, fullTexts: 1 });

    const mAlpha = await byTitle(target, 'Alpha rust');
    const mGamma = await byTitle(target, 'Gamma rust');
    expect(mAlpha).not.toBe(alpha);
    const [highlight] = (await target.highlights.list()).rows;
    expect(highlight).toMatchObject({ itemId: mAlpha, note: 'a note', color: 'green' });
    expect(await internalsOf(target).db.dexie.table('fullTexts').get(mAlpha)).toMatchObject({
      text: 'Whole',
    });
    expect(await target.rules.list()).toEqual(await source.rules.list());
    const [run] = await target.rules.log(rule.id);
    expect(run?.itemIds.sort()).toEqual([mAlpha, mGamma].sort());
    expect((await target.tags.list()).map((t) => [t.name, t.total])).toEqual([['ai', 2]]);
    // The merged log still undoes its run here: tags and saves come off the right articles.
    await target.rules.undoRun(run!.id);
    expect((await target.tags.list()).map((t) => [t.name, t.total])).toEqual([['ai', 0]]);
    expect((await target.counts()).saved).toBe(0);

    // Merging the same file again adds no second highlight, run or article (the saved marks
    // the undo took off come back: a mark on either side stays).
    const again = await target.backup.inspect(blob);
    expect((await target.backup.restore(again.id, 'merge')).written).toMatchObject({
      groups: 0,
      feeds: 0,
      items: 2,
      highlights: 0,
      fullTexts: 0,
      meta: 0,
    });
    expect((await target.highlights.list()).total).toBe(1);
    expect(await target.rules.log(rule.id)).toHaveLength(1);
  });
});

describe('bad files are refused and nothing changes', () => {
  async function refused(content: string, code: string, message: RegExp) {
    const target = await seeded(9);
    const before = await dump(target);
    const err = await target.backup.inspect(new Blob([content])).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(err?.code).toBe(code);
    expect(err?.message).toMatch(message);
    await expect(target.backup.restore('anything', 'replace')).rejects.toMatchObject({ code: 'no_backup' });
    expect(await dump(target)).toEqual(before);
  }

  it('refuses files that are not backups', async () => {
    await refused(
      '<?xml version="1.0"?><opml version="2.0"><body/></opml>',
      'not_backup',
      /not a Rivulet backup/,
    );
    await refused(
      '{"format":"something-else","version":1,"counts":{}}\n',
      'not_backup',
      /not a Rivulet backup/,
    );
    await refused('', 'not_backup', /empty/);
  });

  it('refuses a newer version', async () => {
    const header = { format: 'rivulet-backup', version: 2, createdAt: 0, schemaVersion: 9, counts: {} };
    await refused(`${JSON.stringify(header)}\n`, 'newer_version', /newer version/);
  });

  it('refuses a file cut in the middle of a line, or at a line boundary', async () => {
    const { text } = await backupOf(await seeded(11));
    await refused(text.slice(0, Math.floor(text.length * 0.6)), 'truncated', /cut short|incomplete/);
    const lines = text.split('\n');
    await refused(lines.slice(0, lines.length - 20).join('\n') + '\n', 'truncated', /incomplete/);
  });

  it('refuses damaged lines and records that do not fit', async () => {
    const { text } = await backupOf(await seeded(12));
    const lines = text.split('\n');
    const broken = [...lines];
    broken[5] = '{"store":"items","value":{"id":"nope"}}';
    await refused(broken.join('\n'), 'corrupt_backup', /line 6/);
    const orphan = lines.map((l) =>
      l.includes('"store":"items"') ? l.replace(/"feedId":\d+/, '"feedId":999') : l,
    );
    await refused(orphan.join('\n'), 'corrupt_backup', /feed 999/);
    const extra = [lines[0], lines[1], ...lines.slice(1)].join('\n');
    await refused(extra, 'corrupt_backup', /(more .* records|appears twice)/);
  });

  it('a quota-free failure after a good inspect still leaves the data unchanged (restore needs the file again)', async () => {
    const target = await seeded(13);
    const { blob } = await backupOf(await seeded(14));
    const preview = await target.backup.inspect(blob);
    await target.backup.discard(preview.id);
    await expect(target.backup.restore(preview.id, 'replace')).rejects.toMatchObject({ code: 'no_backup' });
  });
});

describe('backup with secrets and flags', () => {
  it('keeps read and saved bits exactly', async () => {
    const e = await seeded(15);
    const ids = (await e.items.page({ scope: 'all', limit: 3 })).rows.map((r) => r.id);
    await e.state.markRead(ids, true);
    await e.state.markSaved(ids, true);
    const { text } = await backupOf(e, null);
    expect(text).not.toContain('@settings');
    const target = await fresh();
    await target.backup.restore((await target.backup.inspect(new Blob([text]))).id, 'replace');
    for (const id of ids) expect((await target.items.get(id))?.flags).toBe(FLAG_READ | FLAG_SAVED);
  });
});

describe('stores other engines add', () => {
  it('carries every store generically (typed arrays too) and never the sync login', async () => {
    const e = await seeded(16);
    const itemId = (await e.items.page({ scope: 'all', limit: 1 })).rows[0]!.id;
    await internalsOf(e)
      .db.dexie.table('summaries')
      .put({ key: 'k1', itemId, text: 'short', vector: new Float32Array([1.5, -2]) });
    await internalsOf(e)
      .db.dexie.table('accounts')
      .put({ id: 'main', url: 'https://sync.example', token: 'very-secret-token' });
    const { blob, text } = await backupOf(e);
    expect(text).not.toContain('very-secret-token');
    const target = await fresh();
    await internalsOf(target)
      .db.dexie.table('accounts')
      .put({ id: 'main', url: 'https://mine.example', token: 'mine' });
    await target.backup.restore((await target.backup.inspect(blob)).id, 'replace');
    const [summary] = (await internalsOf(target).db.dexie.table('summaries').toArray()) as Array<{
      vector: Float32Array;
    }>;
    expect(summary).toMatchObject({ key: 'k1', itemId, text: 'short' });
    expect(summary!.vector).toBeInstanceOf(Float32Array);
    expect([...summary!.vector]).toEqual([1.5, -2]);
    // The login of the browser restored into is left alone.
    expect(await internalsOf(target).db.dexie.table('accounts').toArray()).toEqual([
      { id: 'main', url: 'https://mine.example', token: 'mine' },
    ]);
  });
});
