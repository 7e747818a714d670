import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { extractItemText } from './snippet';
import type * as Snippet from './snippet';

// The HTML pass counted: it is most of an ingest's own work.
vi.mock('./snippet', async (original) => {
  const actual = await original<typeof Snippet>();
  return { ...actual, extractItemText: vi.fn(actual.extractItemText) };
});
const parsed = () => vi.mocked(extractItemText).mock.calls.map(([html]) => html);

let engine: Engine;
let feedId: number;

beforeEach(async () => {
  engine = createTestEngine({ now: () => 5000 });
  await engine.init();
  feedId = await engine.feeds.save({ url: 'https://f.test/rss' });
  vi.mocked(extractItemText).mockClear();
});
afterEach(() => engine.close());

describe('ingest parses the HTML of written articles only', () => {
  const body = (guid: string, text = guid) => incoming({ guid, description: `<p>${text}</p>` });

  it('a refresh that re-sees a feed parses only its new and changed articles, once each', async () => {
    await engine.items.ingest(feedId, [body('a'), body('b'), body('c')]);
    expect(parsed()).toEqual(['<p>a</p>', '<p>b</p>', '<p>c</p>']);
    vi.mocked(extractItemText).mockClear();
    const res = await engine.items.ingest(feedId, [body('a'), body('b', 'edited'), body('c'), body('d')]);
    expect(res.added).toHaveLength(1);
    expect(res.updated).toHaveLength(1);
    expect(parsed().sort()).toEqual(['<p>d</p>', '<p>edited</p>']);
  });

  it('the retry against the store (an article the index did not know) parses nothing twice', async () => {
    const { added } = await engine.items.ingest(feedId, [body('a')]);
    internalsOf(engine).context.index.remove(added);
    vi.mocked(extractItemText).mockClear();
    const res = await engine.items.ingest(feedId, [body('a'), body('b')]);
    expect(res.added).toHaveLength(1);
    // 'a' looked new to the index and was parsed before the store refused it; not again after.
    expect(parsed().sort()).toEqual(['<p>a</p>', '<p>b</p>']);
  });
});
