import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { swVersion, VERSION_PLACEHOLDER } from './serviceWorker.ts';

const root = join(import.meta.dirname, '..', '..');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('swVersion', () => {
  const files = [
    { path: '/index.html', bytes: bytes('<!doctype html>') },
    { path: '/manifest.webmanifest', bytes: bytes('{"name":"Rivulet"}') },
  ];

  it('has the placeholder length and ignores list order', () => {
    const v = swVersion(files);
    expect(v).toHaveLength(VERSION_PLACEHOLDER.length);
    expect(swVersion([...files].reverse())).toBe(v);
  });

  it('changes when a fixed-name file changes only in content', () => {
    const changed = [files[0]!, { path: '/manifest.webmanifest', bytes: bytes('{"name":"Rivulet 2"}') }];
    expect(swVersion(changed)).not.toBe(swVersion(files));
  });

  it('tells a moved byte from a renamed file', () => {
    const a = [{ path: '/a', bytes: bytes('bc') }];
    const b = [{ path: '/ab', bytes: bytes('c') }];
    expect(swVersion(a)).not.toBe(swVersion(b));
  });
});

describe('built service worker', () => {
  const work = mkdtempSync(join(tmpdir(), 'rivulet-sw-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function buildWith(publicDir: string, outDir: string): Promise<string> {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      publicDir,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    // The cache name is built as `${prefix}${"<version>"}` in the minified worker.
    const match = /\$\{"([0-9a-f]{16})"\}/.exec(readFileSync(join(outDir, 'sw.js'), 'utf8'));
    expect(match, 'sw.js carries a version').not.toBeNull();
    return match![1]!;
  }

  it('gets a new version when only a public file changes', async () => {
    const publicDir = join(work, 'public');
    cpSync(join(root, 'public'), publicDir, { recursive: true });
    const first = await buildWith(publicDir, join(work, 'out1'));
    const manifest = join(publicDir, 'manifest.webmanifest');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('"name"', '"short_description": "changed", "name"'),
    );
    const second = await buildWith(publicDir, join(work, 'out2'));
    expect(readFileSync(join(work, 'out2', 'sw.js'), 'utf8')).not.toContain(VERSION_PLACEHOLDER);
    expect(second).not.toBe(first);
  }, 120_000);
});
