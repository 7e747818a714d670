import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describeCorpus } from './seed';

// The page's workers, faked: the engine answers every query with 50 rows of a fixed total, and
// SQLite answers or fails as each test says.
const answer = () => Promise.resolve({ total: 7 });
const failure = () => Promise.reject(new Error('sqlite3 result code -1: unknown error\n    at the OPFS VFS'));
const sqlite = {
  storage: vi.fn(() => Promise.resolve('memory')),
  query: vi.fn((_where?: unknown): Promise<{ total: number }> => answer()),
};
vi.mock('./workers', () => ({
  MISSING: Symbol('missing'),
  engineQuiet: vi.fn(() => Promise.resolve(0)),
  engineWorker: () => ({
    search: { run: vi.fn(() => Promise.resolve({})) },
    flushSnapshot: vi.fn(() => Promise.resolve(true)),
    items: { byIds: vi.fn(() => Promise.resolve([])) },
  }),
  optionalCall: vi.fn(() => Promise.resolve({ rows: new Array(50).fill({}), total: 7 })),
  sqliteWorker: () => sqlite,
}));

const { benchQuery } = await import('./queryBench');

// The cold-rows case lists feeds 301, 304, 307, …: no query shape names them.
const isColdRows = (where: unknown) => /^i\.feedId = 3\d\d$/.test(String(where));

describe('benchQuery', () => {
  beforeEach(() => {
    describeCorpus({ size: 2000, seed: 1, now: 1_763_683_200 });
    sqlite.query.mockReset();
  });

  it('pairs every shape with SQLite when both answer', async () => {
    sqlite.query.mockImplementation(answer);
    const rows = await benchQuery(1);
    const cold = rows.pop();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.subject).not.toBeNull();
      expect(row.anchor).not.toBeNull();
      expect(row.note).toBe('total 7');
    }
    expect(cold?.case).toMatch(/rows not read before/);
    expect(cold?.anchor).not.toBeNull();
  });

  it("keeps the engine's figure when SQLite fails in a measured run, not only in its first answer", async () => {
    // Each shape: the first answer (ok), the warm-up pair's (ok), then a measured run fails.
    let calls = 0;
    sqlite.query.mockImplementation((where) => (isColdRows(where) || ++calls % 3 ? answer() : failure()));
    const rows = await benchQuery(1);
    const first = rows[0]!;
    expect(first.subject?.median).toBeGreaterThanOrEqual(0);
    expect(first.anchor).toBeNull();
    expect(first.ratio).toBeNull();
    expect(first.note).toBe(
      'SQLite failed in a measured run: sqlite3 result code -1: unknown error; engine total 7',
    );
  });

  it('says so when SQLite fails its first answer twice', async () => {
    sqlite.query.mockImplementation((where) => (isColdRows(where) ? answer() : failure()));
    const [first] = await benchQuery(1);
    expect(first?.anchor).toBeNull();
    expect(first?.subject).not.toBeNull();
    expect(first?.note).toBe('SQLite failed twice: sqlite3 result code -1: unknown error; engine total 7');
  });

  it('keeps every shape when SQLite fails only in the cold-rows case', async () => {
    sqlite.query.mockImplementation((where) => (isColdRows(where) ? failure() : answer()));
    const rows = await benchQuery(1);
    const cold = rows.pop();
    expect(rows.every((row) => row.anchor !== null)).toBe(true);
    expect(cold?.case).toMatch(/rows not read before/);
    expect(cold?.note).toBe('failed: sqlite3 result code -1: unknown error');
  });
});
