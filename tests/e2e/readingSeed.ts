/**
 * Seeding helpers for the reading e2e tests: articles with full control over their fields
 * (enclosures, images, hostile HTML), ingested through the real engine in the page's worker.
 */
import type { Page } from 'playwright-core';
import { Shell } from './pages/shell';
import { waitForValue } from './pages/wait';
import { engineWorker } from './seed';

export interface SeedArticle {
  title: string;
  description?: string;
  link?: string;
  author?: string;
  /** Unix seconds; default: now minus the article's position in minutes. */
  pubDate?: number;
  enclosure?: { url: string; type: string; length?: number; duration?: number; image?: string } | null;
}

export interface SeedFeed {
  title: string;
  /** Group title; feeds without one are ungrouped. */
  group?: string;
  articles: SeedArticle[];
}

/** Ids of what {@link seedFeeds} stored, in the order given. */
export interface SeededFeeds {
  feedIds: number[];
  groupIds: Record<string, number>;
  itemIds: number[][];
}

/** Stores feeds and their articles through the engine, then reloads the page. */
export async function seedFeeds(
  page: Page,
  feeds: SeedFeed[],
  opts: { readTitles?: string[] } = {},
): Promise<SeededFeeds> {
  const worker = await engineWorker(page);
  const out = await worker.evaluate(
    async ({ feeds, readTitles }) => {
      interface E {
        groups: { save(g: { title: string }): Promise<number> };
        feeds: { save(f: { url: string; title: string; groupId: number; siteUrl: string }): Promise<number> };
        items: { ingest(feedId: number, items: unknown[]): Promise<{ added: number[] }> };
        state: { markRead(ids: number[], read: boolean): Promise<void> };
        flushSnapshot(): Promise<boolean>;
      }
      const engine = (self as unknown as { __rivuletEngine: E }).__rivuletEngine;
      const now = Math.floor(Date.now() / 1000);
      const groupIds: Record<string, number> = {};
      const feedIds: number[] = [];
      const itemIds: number[][] = [];
      const toRead: number[] = [];
      let n = 0;
      for (const [fi, f] of feeds.entries()) {
        let groupId = -1;
        if (f.group) groupId = groupIds[f.group] ??= await engine.groups.save({ title: f.group });
        const feedId = await engine.feeds.save({
          url: `https://seed.example/${fi}.xml`,
          title: f.title,
          groupId,
          siteUrl: `https://seed.example/${fi}`,
        });
        feedIds.push(feedId);
        const items = f.articles.map((a, k) => ({
          guid: `seed-${fi}-${k}`,
          title: a.title,
          author: a.author ?? '',
          description: a.description ?? '',
          pubDate: a.pubDate ?? now - ++n * 60,
          link: a.link ?? `https://seed.example/${fi}/${k}`,
          enclosure: a.enclosure ? { length: 0, duration: 0, image: '', ...a.enclosure } : null,
        }));
        const ids: number[] = [];
        for (let i = 0; i < items.length; i += 5000) {
          const { added } = await engine.items.ingest(feedId, items.slice(i, i + 5000));
          ids.push(...added);
        }
        itemIds.push(ids);
        f.articles.forEach((a, k) => {
          const id = ids[k];
          if (id !== undefined && readTitles.includes(a.title)) toRead.push(id);
        });
      }
      if (toRead.length) await engine.state.markRead(toRead, true);
      await engine.flushSnapshot();
      return { feedIds, groupIds, itemIds };
    },
    { feeds, readTitles: opts.readTitles ?? [] },
  );
  await page.reload();
  await new Shell(page).waitReady();
  return out;
}

/**
 * Writes settings (merged over what is stored) to localStorage, and tells the page as another
 * tab's write would: an open app takes them up at once, and they hold over the next load.
 */
export async function setSettings(page: Page, patch: Record<string, Record<string, unknown>>): Promise<void> {
  await page.evaluate((p) => {
    const current = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as Record<
      string,
      Record<string, unknown>
    >;
    for (const [group, values] of Object.entries(p)) current[group] = { ...current[group], ...values };
    localStorage.setItem('app-settings', JSON.stringify(current));
    // As another tab's write reaches the page: its settings store reads the new copy, so a
    // settings write the page makes later starts from it instead of putting its older one back.
    window.dispatchEvent(new StorageEvent('storage', { key: 'app-settings' }));
  }, patch);
}

/** An article's flags as IndexedDB holds them now (undefined: no such article). */
function storedFlags(page: Page, id: number): Promise<number | undefined> {
  return page.evaluate(
    (itemId) =>
      new Promise<number | undefined>((resolve, reject) => {
        const open = indexedDB.open('rivulet');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('items', 'readonly').objectStore('items').get(itemId);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { flags?: number } | undefined)?.flags);
          };
          get.onerror = () => reject(new Error(String(get.error)));
        };
      }),
    id,
  );
}

/**
 * Waits until IndexedDB holds every bit of `bit` in the article's flags as `on`. A list shows a
 * flag change at once, before the engine's write ends; a test that loads the page next waits
 * here, as a page load ends a write still on its way.
 */
export async function waitForStoredFlag(page: Page, id: number, bit: number, on: boolean, what: string) {
  await waitForValue(
    `${what} to be stored`,
    async () => {
      const flags = await storedFlags(page, id);
      return flags !== undefined && (flags & bit) === (on ? bit : 0) ? true : undefined;
    },
    { interval: 50 },
  );
}

/**
 * Holds a read-write transaction over the items from the page (the same database as the engine's),
 * so the engine's next transaction waits until `releaseItems` (or the page goes): a mark cannot
 * end before the test has acted on its bar, a star cannot be stored before a reload.
 */
export async function holdItems(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((held, failed) => {
        const open = indexedDB.open('rivulet');
        open.onerror = () => failed(new Error('could not open the database'));
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('items', 'readwrite').objectStore('items');
          const w = window as unknown as { __released?: boolean; __releasedAt?: Promise<void> };
          w.__released = false;
          let first = true;
          w.__releasedAt = new Promise<void>((done) => {
            const spin = () => {
              if (first) held();
              first = false;
              if (w.__released) {
                db.close();
                done();
              } else store.get(0).onsuccess = spin;
            };
            store.get(0).onsuccess = spin;
          });
        };
      }),
  );
}

export async function releaseItems(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as unknown as { __released?: boolean; __releasedAt?: Promise<void> };
    w.__released = true;
    await w.__releasedAt;
  });
}

/** A small SVG picture (as a data string) with a colour and a label, for image routes. */
export function svgPicture(label: string, hue: number, w = 640, h = 400): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,42%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="54%" font-family="sans-serif" font-size="48" fill="white" text-anchor="middle">${label}</text></svg>`;
}

/** A short mono 8 kHz 16-bit WAV of a sine tone (valid, playable audio). */
export function tinyWav(seconds = 2): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 8000), 44 + i * 2);
  return buf;
}

/**
 * Console errors that mean something broke. Chromium logs a CSP report ("Executing inline event
 * handler violates …") whenever HTML carrying an `on…` attribute is parsed, even into an inert
 * DOMParser document where nothing can run; the sanitiser's start-up self-test and hostile
 * articles do exactly that. Those reports are the CSP working, so they are left out here.
 */
export function realErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => !e.startsWith('Executing inline event handler violates'));
}
