import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat';
import { buildFilterMessages, type CheckOutcome, extractQuery, writeFilterQuery } from './queryWriter';

const ctx = { groups: [{ id: 3, title: 'News' }], feeds: [{ id: 5, title: 'Rust Blog', groupId: 3 }] };

// A fake model answering from a script, recording what it was sent.
function fakeModel(answers: string[]) {
  const calls: ChatMessage[][] = [];
  return {
    calls,
    complete: (messages: ChatMessage[]) => {
      calls.push(messages);
      const next = answers.shift();
      return next === undefined ? Promise.reject(new Error('no more answers')) : Promise.resolve(next);
    },
  };
}

// Parses like the engine would for the purpose of the test: balanced quotes and no "WHERE" alone.
const check = (q: string): Promise<CheckOutcome> =>
  Promise.resolve(
    (q.split("'").length - 1) % 2 === 0 && q.trim() !== 'WHERE'
      ? { ok: true, total: 4 }
      : { ok: false, message: 'Unterminated string at line 1, column 9' },
  );

describe('buildFilterMessages', () => {
  it('gives the grammar summary, fields, groups and feeds', () => {
    const [system, user] = buildFilterMessages('unread rust posts', ctx);
    expect(system?.content).toContain('DATE_SUB(NOW(), INTERVAL 7 DAY)');
    expect(system?.content).toContain('feed.groupId');
    expect(system?.content).toContain('3: News');
    expect(system?.content).toContain('5: Rust Blog (group 3)');
    expect(user?.content).toBe('unread rust posts');
  });
});

describe('extractQuery', () => {
  it('strips fences, labels and backticks', () => {
    expect(extractQuery('```sql\nisRead = false\n```')).toBe('isRead = false');
    expect(extractQuery("Query: `title LIKE 'x'`")).toBe("title LIKE 'x'");
    expect(extractQuery('  isSaved = true ')).toBe('isSaved = true');
  });
});

describe('writeFilterQuery', () => {
  it('returns a query that parses at once after one call', async () => {
    const model = fakeModel(["feed.title = 'Rust Blog' AND isRead = false"]);
    const out = await writeFilterQuery('unread from the rust blog', ctx, { complete: model.complete, check });
    expect(out).toEqual({
      query: "feed.title = 'Rust Blog' AND isRead = false",
      check: { ok: true, total: 4 },
      attempts: 1,
    });
    expect(model.calls).toHaveLength(1);
  });

  it('sends a query that does not parse back once with the error', async () => {
    const model = fakeModel(["title LIKE 'rust", "title LIKE 'rust'"]);
    const out = await writeFilterQuery('rust', ctx, { complete: model.complete, check });
    expect(out.attempts).toBe(2);
    expect(out.check.ok).toBe(true);
    const retry = model.calls[1] ?? [];
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: "title LIKE 'rust" });
    expect(retry.at(-1)?.content).toContain('Unterminated string at line 1, column 9');
  });

  it('stops after the second try and returns it with its error', async () => {
    const model = fakeModel(["title LIKE 'a", "title LIKE 'b", 'never asked']);
    const out = await writeFilterQuery('x', ctx, { complete: model.complete, check });
    expect(out).toEqual({
      query: "title LIKE 'b",
      check: { ok: false, message: 'Unterminated string at line 1, column 9' },
      attempts: 2,
    });
    expect(model.calls).toHaveLength(2);
  });

  it('rejects when the model call fails', async () => {
    const model = fakeModel([]);
    await expect(writeFilterQuery('x', ctx, { complete: model.complete, check })).rejects.toThrow(
      'no more answers',
    );
  });
});
