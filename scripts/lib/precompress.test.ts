import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivulet-pre-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz beside text files that are worth it, and nothing else', async () => {
    const js = 'export const answer = 42;\n'.repeat(100);
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>'.repeat(100));
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.js.map'), '{}'.repeat(1000));
    fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096));

    const done = await precompressDir(dir);

    expect(done.map((f) => path.relative(dir, f)).sort()).toEqual(['assets/main-abc.js', 'index.html']);
    const file = path.join(dir, 'assets', 'main-abc.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    for (const left of ['tiny.css', 'assets/main-abc.js.map', 'icon.png'])
      expect(fs.existsSync(path.join(dir, `${left}.br`))).toBe(false);
  });
});
