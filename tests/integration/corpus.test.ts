/**
 * Every feed in the shared corpus either reads to a NormalizedFeed or fails with a clear
 * EngineError, within a time guard; upstream expectations are cross-checked and the pass rate
 * printed. The floor sits just under what we achieve, so a regression fails the test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../worker/errors';
import { readFeed } from '../../worker/feeds/read';
import type { NormalizedFeed } from '../../worker/types';

const CORPUS = '/work/shared/corpus';
const PER_FILE_MS = 2000;

interface Expectation {
  feed_title?: string;
  item_count?: number;
  first_item_title?: string;
  first_item_link?: string;
  http_headers?: Record<string, string>;
  base_url?: string;
}
interface IndexEntry {
  format?: string;
}

const expected = (
  JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as { files: Record<string, Expectation> }
).files;
const index = (
  JSON.parse(readFileSync(join(CORPUS, 'index.json'), 'utf8')) as { files: Record<string, IndexEntry> }
).files;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const files = walk(join(CORPUS, 'feeds')).sort();

/**
 * Known differences, by file: the upstream value comes from a parser with other rules.
 * | file (prefix)                                   | reason |
 * |-------------------------------------------------|--------|
 * | feedparser/* first_item_link, feed links        | feedparser resolves against the URL it served the test from (http://localhost:8097/…); we have no such URL for a file |
 * | feedparser/encoding/*charset_overrides*         | feedparser lets the HTTP charset beat the XML declaration; we do the reverse (see decode.ts) — titles are ASCII so this rarely shows |
 * | feedparser/illformed/*                          | feedparser's own recovery of broken XML differs from ours (we repair a missing final `>` and truncation only) |
 * | feedsmith/* first_item_link "/entry/3"          | feedsmith keeps relative links raw; we resolve them, so only the path suffix is compared |
 * | rss-parser/*, gofeed/* first_item_title         | they keep markup/entities in titles; we strip tags and decode entities (compared after both are reduced to text) |
 * | feedparser-json-wip/*                           | fragments of JSON Feeds used to test single fields; many are not feeds (no items) and we say so |
 * | netnewswire/ScriptingNews.json                  | "RSS in JSON", not a JSON Feed: not_a_feed |
 * | netnewswire/allthis-partial.json                | truncated JSON on purpose: parse_error with a position |
 */
const KNOWN_MISSES = new Set<string>([]);

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Upstream values may keep markup or entities: compare text to text. */
const textOf = (s: string) =>
  norm(
    s
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  );

function linkMatches(actual: string, want: string): boolean {
  if (actual === want) return true;
  // Relative upstream values: we resolved them, so compare the tail.
  if (!/^[a-z]+:/i.test(want)) return actual.endsWith(want.replace(/^\.?\//, ''));
  try {
    return new URL(actual).href === new URL(want).href;
  } catch {
    return false;
  }
}

const FORMAT_OF: Array<[RegExp, NormalizedFeed['format']]> = [
  [/\(RDF\)/, 'rdf'],
  [/^RSS|^CDF/, 'rss'],
  [/^Atom/, 'atom'],
  [/^JSON Feed \d/, 'json'],
];

describe('feed corpus', () => {
  const results = new Map<string, NormalizedFeed | EngineError>();

  it('reads every file or fails with a clear EngineError, within the time guard', () => {
    for (const path of files) {
      const key = relative(CORPUS, path);
      const exp = expected[key];
      const headers = exp?.http_headers ?? {};
      const contentType =
        Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;
      const base = exp?.base_url ?? `http://localhost:8097/${key}`;
      const start = performance.now();
      try {
        results.set(key, readFeed(new Uint8Array(readFileSync(path)), contentType, base));
      } catch (err) {
        expect(err, key).toBeInstanceOf(EngineError);
        const e = err as EngineError;
        expect(['parse_error', 'not_a_feed', 'too_large'], key).toContain(e.code);
        expect(e.message.length, key).toBeGreaterThan(10);
        results.set(key, e);
      }
      expect(performance.now() - start, `${key} took too long`).toBeLessThan(PER_FILE_MS);
    }
    const failed = [...results.values()].filter((r) => r instanceof EngineError).length;
    console.log(`corpus: ${results.size - failed}/${results.size} files read as feeds`);
    // 34 not_a_feed (fragments, HTML, <note>, RSS-in-JSON) and 2 parse errors at the time of writing.
    expect(results.size - failed).toBeGreaterThanOrEqual(380);
  });

  it('detects the format from content as index.json sniffed it', () => {
    let checked = 0;
    for (const [key, entry] of Object.entries(index)) {
      const want = FORMAT_OF.find(([re]) => re.test(entry.format ?? ''))?.[1];
      const got = results.get(key);
      if (!want || !got || got instanceof EngineError) continue;
      checked++;
      expect(got.format, key).toBe(want);
      if (entry.format === 'Atom 0.3') expect(got.version, key).toBe('0.3');
      if (entry.format === 'RSS 0.91') expect(got.version, key).toBe('0.91');
    }
    expect(checked).toBeGreaterThan(350);
  });

  it('meets upstream expectations above the floor', () => {
    let met = 0;
    let total = 0;
    const misses: string[] = [];
    for (const [key, exp] of Object.entries(expected)) {
      if (!key.startsWith('feeds/')) continue;
      const got = results.get(key);
      const checks: Array<[string, boolean]> = [];
      const feed = got instanceof EngineError || !got ? null : got;
      if (exp.feed_title !== undefined)
        checks.push(['feed_title', feed !== null && textOf(feed.title) === textOf(exp.feed_title)]);
      if (exp.item_count !== undefined) checks.push(['item_count', feed?.items.length === exp.item_count]);
      if (exp.first_item_title !== undefined)
        checks.push([
          'first_item_title',
          textOf(feed?.items[0]?.title ?? '\0') === textOf(exp.first_item_title),
        ]);
      if (exp.first_item_link !== undefined)
        checks.push(['first_item_link', linkMatches(feed?.items[0]?.link ?? '', exp.first_item_link)]);
      for (const [what, ok] of checks) {
        total++;
        if (ok) met++;
        else if (!KNOWN_MISSES.has(key)) misses.push(`${key} ${what}`);
      }
    }
    console.log(`corpus: ${met}/${total} expectations met`);
    if (misses.length) console.log(`corpus misses:\n  ${misses.join('\n  ')}`);
    // 319/342 at the time of writing; the misses are the table above.
    expect(met).toBeGreaterThanOrEqual(315);
  });
});
