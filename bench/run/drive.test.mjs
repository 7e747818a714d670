import { afterEach, describe, expect, it } from 'vitest';
import { sqliteStorage, topSelfTime } from './drive.mjs';
import { workerHeapTargetMb } from './harnessSteps.mjs';

describe('bench harness sizing', () => {
  afterEach(() => {
    delete process.env.RIVULET_BENCH_SQLITE;
  });

  it('keeps SQLite in memory up to 300k items and moves it to OPFS beyond', () => {
    expect(sqliteStorage(100_000)).toBe('memory');
    expect(sqliteStorage(300_000)).toBe('memory');
    expect(sqliteStorage(1_000_000)).toBe('opfs');
    process.env.RIVULET_BENCH_SQLITE = 'opfs';
    expect(sqliteStorage(2000)).toBe('opfs');
    process.env.RIVULET_BENCH_SQLITE = 'disk';
    expect(sqliteStorage(2000)).toBe('memory');
  });

  it('uses the 1M worker heap budget only at 1M', () => {
    expect(workerHeapTargetMb(100_000)).toBe(150);
    expect(workerHeapTargetMb(1_000_000)).toBe(400);
  });

  it('ranks functions of a CPU profile by self time', () => {
    const frame = (functionName, lineNumber) => ({
      functionName,
      url: 'http://x/assets/main-1.js',
      lineNumber,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', -1) },
        { id: 2, callFrame: frame('parse', 9) },
        { id: 3, callFrame: frame('', 19) },
      ],
      samples: [2, 3, 3, 3, 2],
      timeDeltas: [1000, 1000, 1000, 1000, 1000],
    };
    const lines = topSelfTime(profile, 2).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/60\.0%\s+\(anonymous\) main-1\.js:20$/);
    expect(lines[1]).toMatch(/40\.0%\s+parse main-1\.js:10$/);
  });
});
