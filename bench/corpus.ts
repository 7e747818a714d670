/**
 * The deterministic benchmark corpus: N items across 500 feeds in 40 groups. Every feed's items
 * come from their own seeded PRNG, so any worker can regenerate exactly the same feed (the engine
 * page, the SQLite anchor, the ingest worker) without shipping 100 MB between them.
 * Shape: ~1 KB HTML descriptions, titles of 4–14 words (10% CJK), ~10% without author, links,
 * enclosures on 5%, pubDates over the two years before `now`, 70% read, 3% saved.
 * Feed 0 holds 5% of all items (5,000 at 100k), so "mark a whole feed read" has a big feed.
 */
import type { IncomingItem } from '../worker/types';

/** Which corpus: same spec ⇒ same data. */
export interface CorpusSpec {
  size: number;
  seed: number;
  /** Newest possible pubDate, Unix seconds (the run's day, so DATE_SUB filters match). */
  now: number;
}

/** One generated item: the feed's view plus the state the corpus gives it. */
export interface CorpusItem extends IncomingItem {
  pubDate: number;
  read: boolean;
  saved: boolean;
  /** Plain text of `description`, lower-cased (what `description LIKE` searches). */
  plain: string;
}

export const GROUP_COUNT = 40;
export const FEED_COUNT = 500;
const TWO_YEARS = 2 * 365 * 86_400;

/** mulberry32: a tiny seeded PRNG, plenty for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = (
  'river stream delta rain cloud harbor signal lantern orbit maple cedar ember tide browser engine ' +
  'release update review guide notes week news science policy market music design code data open ' +
  'source rust python linux kernel server network privacy security energy climate city transit ' +
  'health study paper model system memory storage index query cache render layout font color ' +
  'camera phone laptop battery garden kitchen recipe travel island mountain forest winter summer ' +
  'history museum library podcast episode interview season league match player coach budget tax ' +
  'vote court law report launch rocket satellite planet galaxy ocean coral whale bridge tunnel'
).split(' ');
// Rare words give selective LIKE queries (about 1 title in 400 / description in 500).
const RARE = ['quartz', 'webassembly', 'zeppelin', 'obsidian'];
export const CJK =
  '数据 开发 新闻 技术 东京 世界 研究 日本語 音楽 経済 科学 政策 市场 设计 代码 开源 网络 安全 能源 气候 城市 健康 历史 博物馆 图书馆 旅行 山 海 森林 冬 夏'.split(
    ' ',
  );
const FIRST =
  'Ada Ben Chloe Dev Emil Fatima Gus Hana Ivan Jun Kofi Lena Mateo Nia Omar Priya Quinn Rosa Sven Tomo'.split(
    ' ',
  );
const LAST = 'Park Ito Moreau Shah Novak Haddad Berg Sato Petrov Kim Mensah Vogel Ruiz Okafor Farah'.split(
  ' ',
);

/** Items in feed `f` (0-based): feed 0 has 5%, the rest share the remainder evenly. */
export function feedItemCount(size: number, f: number): number {
  const big = Math.max(1, Math.round(size * 0.05));
  if (f === 0) return Math.min(big, size);
  const rest = Math.max(0, size - big);
  const per = Math.floor(rest / (FEED_COUNT - 1));
  return per + (f - 1 < rest % (FEED_COUNT - 1) ? 1 : 0);
}

/** Id the engine gives the first item of feed `f` when feeds are ingested in order into an empty db. */
export function firstItemId(size: number, f: number): number {
  let id = 1;
  for (let i = 0; i < f; i++) id += feedItemCount(size, i);
  return id;
}

/** Group index (0-based) of feed `f`. */
export const groupOfFeed = (f: number): number => f % GROUP_COUNT;
export const groupTitle = (g: number): string => `Group ${g + 1}`;
export const feedTitle = (f: number): string => `Feed ${f + 1}`;
export const feedUrl = (f: number): string => `https://feed${f + 1}.example.test/rss.xml`;
export const siteUrl = (f: number): string => `https://feed${f + 1}.example.test/`;
/** Author names the corpus uses (for IN-list queries). */
export const authorName = (i: number): string =>
  `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!}`;

function words(r: () => number, n: number, rareChance: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      r() < rareChance ? RARE[Math.floor(r() * RARE.length)]! : WORDS[Math.floor(r() * WORDS.length)]!,
    );
  }
  return out;
}

function title(r: () => number): string {
  if (r() < 0.1) {
    const n = 3 + Math.floor(r() * 6);
    let t = '';
    for (let i = 0; i < n; i++) t += CJK[Math.floor(r() * CJK.length)]!;
    return t;
  }
  const w = words(r, 4 + Math.floor(r() * 11), 0.00025);
  w[0] = w[0]!.charAt(0).toUpperCase() + w[0]!.slice(1);
  return w.join(' ');
}

// ~1 KB of HTML: three paragraphs, a link, an emphasis, an image on one in five.
function description(r: () => number, link: string, cjk: boolean): { html: string; plain: string } {
  const paras: string[] = [];
  for (let p = 0; p < 3; p++) {
    const w = words(r, 38 + Math.floor(r() * 12), 0.0007);
    if (cjk) w.splice(3, 0, CJK[Math.floor(r() * CJK.length)]!, CJK[Math.floor(r() * CJK.length)]!);
    paras.push(w.join(' '));
  }
  const img = r() < 0.2 ? `<img src="${link}/cover.jpg" alt="">` : '';
  const html =
    `${img}<p>${paras[0]!}</p>` +
    `<p><em>${paras[1]!.split(' ').slice(0, 4).join(' ')}</em> ${paras[1]!.split(' ').slice(4).join(' ')}</p>` +
    `<p>${paras[2]!} <a href="${link}">Read more</a></p>`;
  return { html, plain: `${paras.join(' ')} read more`.toLowerCase() };
}

/** The items of feed `f`, newest first. Cost: ~10 µs per item. */
export function feedItems(spec: CorpusSpec, f: number): CorpusItem[] {
  const r = prng((spec.seed * 7919 + f * 104_729) >>> 0);
  const n = feedItemCount(spec.size, f);
  const items: CorpusItem[] = [];
  for (let i = 0; i < n; i++) {
    const pubDate = spec.now - Math.floor(r() * TWO_YEARS);
    const link = `${siteUrl(f)}posts/${i + 1}`;
    const t = title(r);
    const d = description(r, link, /[\u0080-\uffff]/.test(t));
    const enclosure =
      r() < 0.05
        ? {
            url: `${siteUrl(f)}media/${i + 1}.mp3`,
            type: 'audio/mpeg',
            length: 1_000_000 + Math.floor(r() * 50_000_000),
            duration: 60 + Math.floor(r() * 5400),
            image: '',
          }
        : null;
    items.push({
      guid: `urn:rivulet-bench:${f + 1}:${i + 1}`,
      title: t,
      author: r() < 0.1 ? '' : authorName(Math.floor(r() * FIRST.length * LAST.length)),
      description: d.html,
      plain: d.plain,
      pubDate,
      link,
      enclosure,
      read: r() < 0.7,
      saved: r() < 0.03,
    });
  }
  return items.sort((a, b) => b.pubDate - a.pubDate);
}

/**
 * A corpus item as an incoming article the engine has not seen: the corpus's state fields
 * dropped, guid and link marked with `tag` (a feed holding the original takes it as another).
 */
export function asNewArticle(
  { read: _r, saved: _s, plain: _p, ...item }: CorpusItem,
  tag: string,
): IncomingItem {
  return { ...item, guid: `${item.guid}:${tag}`, link: `${item.link}?${tag}` };
}
