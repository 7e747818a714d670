import { describe, expect, it } from 'vitest';
import { freeResultsName, toMarkdown } from './report.mjs';
import { corpusFeedFiles } from './drive.mjs';

const s = (median, extra = {}) => ({
  median,
  p25: median - 1,
  p75: median + 1,
  p95: median + 2,
  min: 0,
  max: 99,
  n: 7,
  ...extra,
});

describe('bench report', () => {
  it('puts subject beside anchor with ratio, target and result', () => {
    const md = toMarkdown([
      {
        bench: 'query',
        case: 'a|b',
        unit: 'ms median (p95)',
        subject: s(2),
        anchor: s(4),
        anchorName: 'SQLite',
        ratio: 0.5,
        target: '≤ 1.0×',
        status: 'PASS',
      },
      {
        bench: 'ingest',
        case: 'x',
        unit: 'items/s',
        subject: s(12345.6),
        anchor: null,
        anchorName: 'raw',
        ratio: null,
        target: '≥ 0.85×',
        status: 'n/a',
        note: 'n/a (engine API missing)',
      },
    ]).split('\n');
    expect(md).toHaveLength(4);
    expect(md[2]).toContain('| 2.00 (4.00) | 4.00 (6.00) | SQLite | 0.50× | ≤ 1.0× | PASS |');
    expect(md[3]).toContain('| 12,346 (12,345–12,347) | n/a | raw | — |');
    expect(md[3]).toContain('n/a (engine API missing)');
  });

  it('names a second run of the day apart instead of overwriting the first', () => {
    const taken = new Set(['r/1m-2026-12-01.md', 'r/1m-2026-12-01-2.md']);
    const exists = (path) => taken.has(path);
    expect(freeResultsName('r/1m-2026-12-01', exists)).toBe('r/1m-2026-12-01-3');
    expect(freeResultsName('r/100k-2026-12-01', exists)).toBe('r/100k-2026-12-01');
  });

  it('finds no feed files in a missing folder instead of throwing', () => {
    expect(corpusFeedFiles('/nonexistent/folder')).toEqual([]);
  });
});
