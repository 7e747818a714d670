import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { EngineError } from '../errors';
import { createTestEngine } from '../testing/createTestEngine';
import { summaryKey } from './summaryKey';

let engine: Engine;
afterEach(() => engine?.close());

const parts = { itemId: 7, contentHash: 'abc', model: 'deepseek-chat', prompt: 'Summarise.' };

describe('summaryKey', () => {
  it('changes with the article version, the model and the prompt, and only with them', () => {
    const base = summaryKey(parts);
    expect(summaryKey({ ...parts })).toBe(base);
    expect(summaryKey({ ...parts, contentHash: 'abd' })).not.toBe(base);
    expect(summaryKey({ ...parts, model: 'gpt-4o-mini' })).not.toBe(base);
    expect(summaryKey({ ...parts, prompt: 'Summarise!' })).not.toBe(base);
    expect(summaryKey({ ...parts, itemId: 8 })).not.toBe(base);
    expect(base.startsWith('7:abc:')).toBe(true);
    expect(base.endsWith(':deepseek-chat')).toBe(true);
  });

  it('refuses ids that are not positive integers', () => {
    expect(() => summaryKey({ ...parts, itemId: 0 })).toThrow();
    expect(() => summaryKey({ ...parts, itemId: 1.5 })).toThrow();
  });
});

describe('ai domain (summaries cache)', () => {
  it('stores and finds a summary by exact key; other prompts or models miss', async () => {
    engine = createTestEngine({ now: () => 1000 });
    await engine.init();
    expect(await engine.ai.getSummary(parts)).toBeNull();
    await engine.ai.putSummary(parts, '**Short** summary');
    expect(await engine.ai.getSummary(parts)).toEqual({
      text: '**Short** summary',
      model: 'deepseek-chat',
      createdAt: 1000,
    });
    expect(await engine.ai.getSummary({ ...parts, prompt: 'Other' })).toBeNull();
    expect(await engine.ai.getSummary({ ...parts, model: 'other' })).toBeNull();
    // Same key: replaced, not duplicated.
    await engine.ai.putSummary(parts, 'Second');
    expect((await engine.ai.getSummary(parts))?.text).toBe('Second');
  });

  it('refuses empty text and deletes by item', async () => {
    engine = createTestEngine();
    await engine.init();
    await expect(engine.ai.putSummary(parts, '  ')).rejects.toBeInstanceOf(EngineError);
    await engine.ai.putSummary(parts, 'a');
    await engine.ai.putSummary({ ...parts, model: 'm2' }, 'b');
    await engine.ai.putSummary({ ...parts, itemId: 9 }, 'c');
    expect(await engine.ai.deleteSummaries([7])).toBe(2);
    expect(await engine.ai.getSummary(parts)).toBeNull();
    expect((await engine.ai.getSummary({ ...parts, itemId: 9 }))?.text).toBe('c');
  });
});
