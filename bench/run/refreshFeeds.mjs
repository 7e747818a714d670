// Feeds for the "refresh while reading" benchmark, served by the bench server as the companion
// server's `/api/fetch` would: `https://refresh.bench.test/<n>.xml` is an RSS 2.0 feed of 50
// articles (~1 KB of HTML each), and every fetch of the same URL brings 50 new ones (a busy
// site between two refreshes). Deterministic per (feed, fetch number), generated in Node.

const HOST = 'refresh.bench.test';
const WORDS = (
  'browser engine index stream reader article night market river signal archive garden ' +
  'compiler kernel harbour winter orbit lantern ledger meadow canyon atlas cipher summit ' +
  'quiet rapid golden hidden modern silent distant vivid humble bright'
).split(' ');
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A small seeded generator (mulberry32): the same feed and round always give the same text.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const words = (r, n) => Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');

/** The URL of refresh feed `n` (what the page subscribes to). */
export const refreshFeedUrl = (n) => `https://${HOST}/${n}.xml`;

/** RSS text of feed `n` at its `round`-th fetch: `perFeed` articles, newest first, dated `now`. */
export function refreshFeedBody(n, round, perFeed = 50, now = Date.now()) {
  const r = rng(n * 7919 + round * 104729 + 1);
  const items = [];
  for (let i = 0; i < perFeed; i++) {
    const id = `${n}-${round}-${i}`;
    const paras = Array.from(
      { length: 4 },
      () => `<p>${words(r, 28)} <a href="https://${HOST}/x/${id}">${words(r, 2)}</a>.</p>`,
    );
    items.push(
      `<item><guid isPermaLink="false">urn:refresh:${id}</guid><title>${esc(words(r, 4 + Math.floor(r() * 9)))}</title>` +
        `<dc:creator>Author ${Math.floor(r() * 200)}</dc:creator>` +
        `<pubDate>${new Date(now - (round * perFeed + i) * 1000).toUTCString()}</pubDate>` +
        `<link>https://${HOST}/a/${id}</link><description><![CDATA[${paras.join('')}]]></description></item>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>' +
    `<title>Refresh feed ${n}</title><link>https://${HOST}/</link><description>Bench</description>` +
    `${items.join('')}</channel></rss>\n`
  );
}

/**
 * Answers `/api/fetch?url=…` for refresh feeds the way the companion server does (200 with the
 * upstream status and content type in X-Upstream-* headers); a proxy error (JSON, 502) for any
 * other URL. Counts fetches per URL, so each refresh of a feed brings new articles.
 */
export function refreshFetchHandler() {
  const rounds = new Map();
  return (target, res, headers) => {
    const m = /^https:\/\/refresh\.bench\.test\/(\d+)\.xml$/.exec(target ?? '');
    if (!m) {
      res.writeHead(502, { ...headers, 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 'upstream_unreachable', message: `not a bench feed: ${target}` } }),
      );
      return;
    }
    const round = rounds.get(target) ?? 0;
    rounds.set(target, round + 1);
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'X-Upstream-Status': '200',
      'X-Upstream-Content-Type': 'application/rss+xml; charset=utf-8',
    });
    res.end(refreshFeedBody(Number(m[1]), round));
  };
}
