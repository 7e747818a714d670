import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dependencyState } from './prepare.mjs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A checkout with a lock file written at `lockTime` (seconds).
function checkout(lockTime: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'rivulet-prepare-'));
  made.push(dir);
  writeFileSync(join(dir, 'package-lock.json'), '{}');
  utimesSync(join(dir, 'package-lock.json'), lockTime, lockTime);
  return dir;
}

describe('dependencyState', () => {
  it('installs without node_modules or when the lock file changed after the last install', () => {
    const dir = checkout(1000);
    expect(dependencyState(dir)).toBe('install');
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'node_modules', '.package-lock.json'), '{}');
    utimesSync(join(dir, 'node_modules', '.package-lock.json'), 2000, 2000);
    expect(dependencyState(dir)).toBe('current');
    utimesSync(join(dir, 'package-lock.json'), 3000, 3000);
    expect(dependencyState(dir)).toBe('install');
  });

  it("never installs through a node_modules that links to another checkout's", () => {
    const other = checkout(1000);
    mkdirSync(join(other, 'node_modules'));
    const dir = checkout(5000);
    symlinkSync(join(other, 'node_modules'), join(dir, 'node_modules'));
    expect(dependencyState(dir)).toBe('linked');
  });
});
