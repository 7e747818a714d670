/**
 * Hostile content: articles built from the XSS corpus (DOMPurify vectors, PayloadsAllTheThings)
 * plus our own are opened in the reader in real Chromium. Nothing may run (a canary global
 * stays unset, alert/prompt/confirm are hooked) and the app's styles stay intact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openApp } from './harness';
import { screens } from './pages';
import { HostileChecks } from './pages/hostile';
import { seedFeeds, setSettings } from './readingSeed';

const corpus = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'corpus', 'xss', 'vectors.json'), 'utf8'),
) as { vectors: Array<{ id: string; payload: string }> };

// Any call that would prove execution sets the canary as well.
const canary = (p: string) =>
  p.replace(/\balert\s*\(/g, 'self.__xss=1,alert(').replace(/\bprompt\s*\(/g, 'self.__xss=1,prompt(');

const OWN = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><circle r="5"/></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"/></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text y="20">click</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<math href="javascript:window.__xss=1">m</math>',
  '<a id="jslink" href="javascript:window.__xss=1">js link</a>',
  '<a href="JaVaScRiPt:window.__xss=1">mixed case</a>',
  '<a href="data:text/html,<script>parent.__xss=1</script>">data link</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button id="xbtn">go</button></form>',
  '<details open ontoggle="window.__xss=1">d</details>',
  '<body onload="window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1">',
  '<video><source onerror="window.__xss=1"></video>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<style>body{background:red !important} header{background:lime !important} *{color:red !important}</style>',
  '<div style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>',
  '<link rel="stylesheet" href="data:text/css,body{background:red}">',
  '<p class="mantine-AppShell-root rv-reader" style="background:url(javascript:window.__xss=1)">classes</p>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><img src=x onerror="window.__xss=1"></template>',
  '<img src="x" srcset="javascript:window.__xss=1 1x">',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

test('no payload runs and the app keeps its styles', async () => {
  const payloads = [...OWN, ...corpus.vectors.map((v) => canary(v.payload))];
  const perArticle = 25;
  const articles = [];
  for (let i = 0; i < payloads.length; i += perArticle) {
    articles.push({
      title: `Hostile ${articles.length + 1}`,
      description: payloads.slice(i, i + perArticle).join('\n<hr>\n'),
      link: 'https://hostile.example/post',
      pubDate: 2_000_000_000 - articles.length,
    });
  }
  const app = await openApp(browser);
  await app.page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const hit = () => {
      w.__xss = 1;
    };
    w.alert = hit;
    w.prompt = hit;
    w.confirm = hit;
  });
  await app.goto('/welcome');
  await seedFeeds(app.page, [{ title: 'Evil Feed', articles }]);
  await setSettings(app.page, { general: { defaultView: 'list', hideReadArticles: false, autoRead: false } });
  await app.goto('/all');
  const { page } = app;
  const { list, reader } = screens(page);
  const hostile = new HostileChecks(page);
  await list.waitForRow();
  const before = await hostile.appStyles();

  await list.rows.first().click();
  for (let i = 0; i < articles.length; i++) {
    await reader.waitOpen(`Hostile ${i + 1}`);
    // Whatever the article can load has arrived or failed, and what it changed is drawn.
    await hostile.settled(`Hostile ${i + 1}`);
    const report = await hostile.report();
    expect(report, `article ${i + 1}`).toEqual({
      canary: null,
      scripts: 0,
      handlers: 0,
      badUrls: 0,
      styled: 0,
      frames: 0,
    });
    // Click every link and image once: nothing may run from a click either.
    await hostile.inertLinks();
    if (i < articles.length - 1) await page.keyboard.press('ArrowRight');
  }
  await hostile.settled('the last hostile article');
  expect(await hostile.canary()).toBeNull();
  await page.keyboard.press('Escape');
  expect(await hostile.appStyles()).toEqual(before);
  // Only CSP reports of blocked inline handlers may appear: anything else is a failure.
  expect(app.errors.filter((e) => !/Content Security Policy|Failed to load resource|ERR_/.test(e))).toEqual(
    [],
  );
}, 180_000);
