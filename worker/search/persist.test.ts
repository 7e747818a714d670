import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { TEXT_INDEX_FORMAT } from './persist';
import { CHUNK_BYTES } from './textStore';

const NOW = 1_750_000_000;
const open: Engine[] = [];

afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

async function engineOn(dbName?: string): Promise<Engine> {
  const engine = createTestEngine({ now: () => NOW, ...(dbName ? { dbName } : {}) });
  open.push(engine);
  await engine.init();
  await internalsOf(engine).textIndex.fresh();
  return engine;
}

// Stores a few items, persists the text index, closes; returns the database name and lineage.
async function persisted(): Promise<{ name: string; lineage: string }> {
  const engine = await engineOn();
  const feedId = await engine.feeds.save({ url: 'https://a.test/', siteUrl: '', title: 'A', groupId: -1 });
  await engine.items.ingest(
    feedId,
    ['amber', 'basalt', 'cobalt'].map((w, i) =>
      incoming({ guid: w, title: `Rock ${w}`, description: `<p>about ${w} stones</p>`, pubDate: NOW - i }),
    ),
    NOW,
  );
  expect(await engine.flushSnapshot()).toBe(true);
  const { lineage } = internalsOf(engine).textIndex.persistState;
  engine.close();
  return { name: internalsOf(engine).db.dexie.name, lineage };
}

async function answers(engine: Engine): Promise<void> {
  expect((await engine.search.run('basalt')).total).toBe(1);
  expect((await engine.query.run("description LIKE 'cobalt stones'")).total).toBe(1);
}

describe('text index persistence', () => {
  it('loads what it wrote (postings and views of text chunks survive the round trip)', async () => {
    const { name, lineage } = await persisted();
    const warm = await engineOn(name);
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    await answers(warm);
  });

  it('rebuilds, never trusts, data in an older layout', async () => {
    const { name, lineage } = await persisted();
    const raw = await engineOn(name);
    const meta = internalsOf(raw).db.dexie.table('meta');
    const valid = (await meta.get('textIndex:valid')) as { value: { format: number } };
    expect(valid.value.format).toBe(TEXT_INDEX_FORMAT);
    await meta.put({ key: 'textIndex:valid', value: { ...valid.value, format: TEXT_INDEX_FORMAT - 1 } });
    raw.close();
    const cold = await engineOn(name);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    await answers(cold);
  });

  it('rebuilds when a stored chunk is larger than a chunk may be, or shorter than its used bytes', async () => {
    for (const bytes of [new Uint8Array(CHUNK_BYTES + 1), new Uint8Array(2)]) {
      const { name, lineage } = await persisted();
      const raw = await engineOn(name);
      const meta = internalsOf(raw).db.dexie.table('meta');
      const chunk = (await meta.get('textIndex:chunk:0')) as { value: { lineage: string } };
      await meta.put({ key: 'textIndex:chunk:0', value: { ...chunk.value, bytes } });
      raw.close();
      const cold = await engineOn(name);
      expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
      await answers(cold);
    }
  });
});
