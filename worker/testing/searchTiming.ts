/**
 * Manual timing and memory of the description text store and the full-text index at scale,
 * beside MiniSearch (default options) on the same documents. Not a test: no assertions.
 * Flags: --build-only, --no-minisearch.
 * Run: node --expose-gc --import tsx --import ./scripts/registerPeggy.mjs worker/testing/searchTiming.ts [items=100000]
 * Memory is reported as V8 heap and ArrayBuffer deltas after a forced GC (typed arrays live in
 * ArrayBuffers, outside the V8 heap figure).
 */
import MiniSearch from 'minisearch';
import { plainTextLower } from '../query/language/textColumn';
import { orderDocs, Scratch, scoreQuery } from '../search/scoring';
import { SearchIndex } from '../search/searchIndex';
import { TextStore } from '../search/textStore';
import { queryWords } from '../search/tokenize';

const total = Number(process.argv[2] ?? 100_000);
const buildOnly = process.argv.includes('--build-only');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Same shape as the benchmark corpus: ~1 KB HTML in three paragraphs, 10% CJK titles.
const WORDS = (
  'river stream delta rain cloud harbor signal lantern orbit maple cedar ember tide browser engine ' +
  'release update review guide notes week news science policy market music design code data open ' +
  'source rust python linux kernel server network privacy security energy climate city transit ' +
  'health study paper model system memory storage index query cache render layout font color ' +
  'camera phone laptop battery garden kitchen recipe travel island mountain forest winter summer ' +
  'history museum library podcast episode interview season league match player coach budget tax ' +
  'vote court law report launch rocket satellite planet galaxy ocean coral whale bridge tunnel ' +
  'café naïve résumé straße ångström'
).split(' ');
const CJK =
  '数据 开发 新闻 技术 东京 世界 研究 日本語 音楽 経済 科学 政策 市场 设计 代码 开源 网络 安全'.split(' ');

interface Doc {
  id: number;
  feedId: number;
  title: string;
  author: string;
  html: string;
  pubDate: number;
}

function corpus(n: number): Doc[] {
  const r = rng(7);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)] as string;
  const words = (k: number) => Array.from({ length: k }, pick).join(' ');
  const docs: Doc[] = [];
  for (let i = 0; i < n; i++) {
    const cjk = r() < 0.1;
    const title = cjk
      ? Array.from({ length: 3 + Math.floor(r() * 6) }, () => CJK[Math.floor(r() * CJK.length)]).join('')
      : words(4 + Math.floor(r() * 11));
    const paras = [0, 1, 2].map(() => words(38 + Math.floor(r() * 12)));
    const html = `<p>${paras[0] ?? ''}</p><p><em>${paras[1] ?? ''}</em></p><p>${paras[2] ?? ''} <a href="x">Read more</a></p>`;
    docs.push({
      id: i + 1,
      feedId: i % 500,
      title,
      author: `Ada Park${i % 300}`,
      html,
      pubDate: 1.7e9 - i * 60,
    });
  }
  return docs;
}

function memory(): { heap: number; buffers: number } {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
}
const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

function p95(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
}

console.log(`generating ${total} documents…`);
const docs = corpus(total);
let start = performance.now();
const plain = docs.map((d) => plainTextLower(d.html));
console.log(`HTML → plain text: ${(performance.now() - start).toFixed(0)} ms`);

const base = memory();
start = performance.now();
const store = new TextStore();
const search = new SearchIndex();
docs.forEach((d, i) => {
  const text = plain[i] as string;
  const slot = store.put(d.id, text);
  search.add(slot, { title: d.title, author: d.author, text, feedId: d.feedId, pubDate: d.pubDate });
  if (search.pendingSize() > Math.max(100_000, search.mainBytes() / 3)) search.merge();
});
search.merge();
const buildMs = performance.now() - start;
const built = memory();
console.log(
  `ours: build ${(buildMs / 1000).toFixed(2)} s; heap +${mb(built.heap - base.heap)}, ArrayBuffers +${mb(built.buffers - base.buffers)}; ` +
    `text ${mb(store.bytes().live)} live in ${mb(store.bytes().allocated)} of chunks; index ${mb(search.bytes())}, ${search.termCount()} terms`,
);

if (buildOnly) process.exit(0);
const r = rng(11);
const queries: string[] = [];
for (let i = 0; i < 200; i++) {
  const w = () => WORDS[Math.floor(r() * WORDS.length)] as string;
  const kind = i % 5;
  if (kind === 0) queries.push(w());
  else if (kind === 1) queries.push(`${w()} ${w()}`);
  else if (kind === 2) queries.push(w().slice(0, 3));
  else if (kind === 3) queries.push(CJK[Math.floor(r() * CJK.length)] as string);
  else queries.push(`${w()} ${w().slice(0, 2)}`);
}
const scratch = new Scratch();
const feedTerms = new Map<number, string[]>();
const ours: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  void orderDocs(search, scratch, () => scoreQuery(search, queryWords(q), feedTerms, scratch)).prefix(50);
  ours.push(performance.now() - t0);
}
console.log(`ours: 200 queries (ranked, first page ordered): ${p95(ours)}`);

for (const needle of ['webassembly', 'river', 'ångström', 'zzzz not there']) {
  const t0 = performance.now();
  const hits = store.matches(needle).reduce((n, x) => n + x, 0);
  console.log(`description LIKE '${needle}': ${hits} hits in ${(performance.now() - t0).toFixed(1)} ms`);
}

if (process.argv.includes('--no-minisearch')) process.exit(0);
const before = memory();
start = performance.now();
const mini = new MiniSearch<{ id: number; title: string; author: string; text: string }>({
  fields: ['title', 'author', 'text'],
});
mini.addAll(docs.map((d, i) => ({ id: d.id, title: d.title, author: d.author, text: plain[i] as string })));
const miniMs = performance.now() - start;
const after = memory();
console.log(
  `MiniSearch: build ${(miniMs / 1000).toFixed(2)} s; heap +${mb(after.heap - before.heap)}, ArrayBuffers +${mb(after.buffers - before.buffers)}`,
);
const theirs: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  void mini.search(q).slice(0, 50);
  theirs.push(performance.now() - t0);
}
console.log(`MiniSearch: 200 queries (default options): ${p95(theirs)}`);
