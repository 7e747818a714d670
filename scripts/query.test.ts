import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FIXTURE = 'tests/fixtures/query/small.json';

function cli(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/registerPeggy.mjs', 'scripts/query.ts', ...args],
    { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run query', () => {
  it('prints the total and ids in result order', () => {
    const r = cli(FIXTURE, "title LIKE 'rust'");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('total: 2\n2\n1\n');
  });

  it('prints JSON, with read/saved ids, dates and ORDER BY', () => {
    const r = cli(
      FIXTURE,
      "pubDate >= UNIX_TIMESTAMP('2024-01-31') AND isRead = false ORDER BY title",
      '--json',
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ total: 2, ids: [2, 4] });
    expect(JSON.parse(cli(FIXTURE, 'isSaved = true', '--json').stdout)).toEqual({ total: 2, ids: [4, 2] });
    expect(JSON.parse(cli(FIXTURE, "group.title = 'News' LIMIT 1", '--json').stdout)).toEqual({
      total: 1,
      ids: [3],
    });
  });

  it('uses --now for NOW()', () => {
    const r = cli(FIXTURE, 'pubDate >= DATE_SUB(NOW(), INTERVAL 1 MONTH)', '--json', '--now', '1709251200');
    expect(JSON.parse(r.stdout)).toEqual({ total: 3, ids: [4, 3, 2] });
  });

  it('reports a syntax error with its position and exits 1', () => {
    const r = cli(FIXTURE, 'title = ', '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      error: {
        message: "Expected a value after '=' at line 1, column 9 (found the end of the query)",
        position: { offset: 8, line: 1, column: 9, length: 0 },
      },
    });
    const plain = cli(FIXTURE, 'title = ');
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain("Expected a value after '='");
  });

  it('reports unreadable and malformed data files', () => {
    const missing = cli('tests/fixtures/query/missing.json', 'id = 1', '--json');
    expect(missing.status).toBe(1);
    expect((JSON.parse(missing.stdout) as { error: { message: string } }).error.message).toMatch(
      /Cannot read data file/,
    );

    const dir = mkdtempSync(join(tmpdir(), 'rivulet-query-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ not json');
    expect(cli(bad, 'id = 1').stderr).toMatch(/not valid JSON/);
    writeFileSync(bad, JSON.stringify({ groups: [], feeds: [], items: [{ id: 1, feedId: 1 }] }));
    expect(cli(bad, 'id = 1').stderr).toMatch(/items\[0\]\.pubDate must be a number/);
    writeFileSync(bad, JSON.stringify({ groups: [], feeds: {} }));
    expect(cli(bad, 'id = 1').stderr).toMatch(/"feeds" must be an array/);
  });

  it('explains its usage', () => {
    const r = cli(FIXTURE);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Usage: npm run query/);
  });
});
