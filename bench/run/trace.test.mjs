import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTrace, summarizeTrace } from './trace.mjs';

const meta = (pid, tid, name) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } });
const mark = (ts, message) => ({
  ph: 'I',
  name: 'TimeStamp',
  pid: 1,
  tid: 1,
  ts,
  args: { data: { message } },
});
const task = (pid, tid, ts, dur, cat = 'toplevel') => ({ ph: 'X', name: 'RunTask', cat, pid, tid, ts, dur });

describe('scroll trace summary', () => {
  it('sums each thread’s top-level tasks inside the engine runs and inside the static runs', () => {
    const text = summarizeTrace({
      traceEvents: [
        { ph: 'M', name: 'process_name', pid: 2, args: { name: 'Browser' } },
        meta(2, 20, 'IndexedDB pool'),
        meta(1, 10, 'Worker'),
        mark(1_000_000, 'rivulet-run engine start'),
        mark(2_000_000, 'rivulet-run engine stop'),
        mark(3_000_000, 'rivulet-run static start'),
        mark(4_000_000, 'rivulet-run static stop'),
        // 300 ms inside the engine run, 100 ms of a task straddling its end, 50 ms in the static run.
        task(2, 20, 1_100_000, 300_000),
        task(2, 20, 1_900_000, 200_000),
        task(2, 20, 3_500_000, 50_000),
        // Outside every run, or not a top-level task: not counted.
        task(1, 10, 2_500_000, 400_000),
        task(1, 10, 1_200_000, 400_000, 'v8'),
        task(1, 10, 1_500_000, 20_000),
      ],
    });
    const lines = text.split('\n');
    expect(lines[0]).toContain('engine runs: 1, 1000 ms; static runs: 1, 1000 ms');
    expect(lines[1]).toMatch(/Browser\s+IndexedDB pool\s+engine runs\s+400 ms\s+static runs\s+50 ms/);
    expect(lines[2]).toMatch(/Worker\s+engine runs\s+20 ms\s+static runs\s+0 ms/);
    expect(lines).toHaveLength(3);
  });

  it('lists the slowest events of the asked categories by name', () => {
    const text = summarizeTrace(
      {
        traceEvents: [
          { ph: 'M', name: 'process_name', pid: 2, args: { name: 'Browser' } },
          mark(1_000_000, 'rivulet-run engine start'),
          mark(2_000_000, 'rivulet-run engine stop'),
          {
            ph: 'X',
            name: 'Cursor::Continue',
            cat: 'IndexedDB',
            pid: 2,
            tid: 20,
            ts: 1_100_000,
            dur: 30_000,
          },
          {
            ph: 'X',
            name: 'Cursor::Continue',
            cat: 'IndexedDB',
            pid: 2,
            tid: 20,
            ts: 1_200_000,
            dur: 30_000,
          },
          { ph: 'X', name: 'Put', cat: 'IndexedDB', pid: 2, tid: 20, ts: 1_300_000, dur: 10_000 },
          { ph: 'X', name: 'Other', cat: 'leveldb', pid: 2, tid: 20, ts: 1_300_000, dur: 90_000 },
        ],
      },
      'IndexedDB',
    );
    const lines = text.split('\n');
    expect(lines).toContain('events of IndexedDB (nested events count inside their parents too):');
    const at = lines.indexOf('events of IndexedDB (nested events count inside their parents too):');
    expect(lines[at + 1]).toMatch(/Browser Cursor::Continue\s+engine runs\s+60 ms \(2×\)/);
    expect(lines[at + 2]).toMatch(/Browser Put\s+engine runs\s+10 ms \(1×\)/);
    expect(lines).toHaveLength(at + 3);
  });

  it('sums the browser process’s tasks by where they were posted from, with their CPU', () => {
    const posted = (pid, ts, dur, tdur, src_func, src_file) => ({
      ...task(pid, 20, ts, dur),
      tdur,
      args: { src_func, src_file },
    });
    const text = summarizeTrace({
      traceEvents: [
        { ph: 'M', name: 'process_name', pid: 2, args: { name: 'Browser' } },
        { ph: 'M', name: 'process_name', pid: 3, args: { name: 'Renderer' } },
        mark(1_000_000, 'rivulet-run engine start'),
        mark(2_000_000, 'rivulet-run engine stop'),
        mark(3_000_000, 'rivulet-run static start'),
        mark(4_000_000, 'rivulet-run static stop'),
        posted(2, 1_100_000, 300_000, 200_000, 'Commit', 'components/scopes/leveldb_scopes.cc'),
        posted(2, 1_500_000, 100_000, 50_000, 'Commit', 'components/scopes/leveldb_scopes.cc'),
        // Half of it inside the run: half its CPU is counted.
        posted(2, 1_900_000, 200_000, 100_000, 'Schedule', 'env_chromium.cc'),
        posted(2, 3_100_000, 40_000, 40_000, 'Commit', 'components/scopes/leveldb_scopes.cc'),
        // Not the browser process: not listed.
        posted(3, 1_100_000, 500_000, 500_000, 'Post', 'renderer.cc'),
      ],
    });
    const lines = text.split('\n');
    const at = lines.indexOf('browser process tasks by where they were posted from:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(
      /Commit \(leveldb_scopes\.cc\)\s+engine runs\s+400 ms \(2×, 250 ms CPU\)\s+static runs\s+40 ms/,
    );
    expect(lines[at + 2]).toMatch(/Schedule \(env_chromium\.cc\)\s+engine runs\s+100 ms \(1×, 50 ms CPU\)/);
    expect(lines).toHaveLength(at + 3);
  });

  it('reads a trace written one event per line, keeping what the summary uses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'trace-'));
    const file = join(dir, 't.json');
    const events = [
      meta(1, 10, 'Worker'),
      mark(5, 'rivulet-run engine start'),
      task(1, 10, 6, 2),
      { ph: 'B', name: 'begin', pid: 1, tid: 10, ts: 7 },
    ];
    await writeFile(file, `{"traceEvents":[\n${events.map((e) => JSON.stringify(e)).join(',\n')}]}\n`);
    try {
      const { traceEvents } = await readTrace(file);
      expect(traceEvents.map((e) => e.name)).toEqual(['thread_name', 'TimeStamp', 'RunTask']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
