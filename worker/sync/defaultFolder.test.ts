import { describe, expect, it } from 'vitest';
import { isFreshRss, landedFolder, namedDefaultFolder } from './defaultFolder';
import type { RemoteFeed } from './protocol';
import type { AccountRecord } from './store';

const feed = (id: string, groupIds: string[]): RemoteFeed => ({
  id,
  title: id,
  url: '',
  siteUrl: '',
  groupIds,
});

describe('landedFolder', () => {
  it('names the folder the server put feeds taken out of theirs in', () => {
    const feeds = [feed('feed/1', ['Sans catégorie']), feed('feed/2', ['Work'])];
    expect(landedFolder(feeds, [{ remoteId: 'feed/1', title: 'One', from: 'Work' }], '')).toBe(
      'Sans catégorie',
    );
    // Subscribed without a folder: wherever it is, that is the default one.
    expect(landedFolder(feeds, [{ remoteId: 'feed/2', title: 'Two', from: null }], '')).toBe('Work');
  });

  it('learns nothing from a feed in no folder or not listed', () => {
    const feeds = [feed('feed/1', [])];
    expect(landedFolder(feeds, [{ remoteId: 'feed/1', title: 'One', from: 'Work' }], '')).toBeNull();
    expect(landedFolder(feeds, [{ remoteId: 'feed/9', title: 'Nine', from: 'Work' }], '')).toBeNull();
  });

  it('refuses when the server kept the feed where it was', () => {
    expect(() =>
      landedFolder(
        [feed('feed/1', ['Work'])],
        [{ remoteId: 'feed/1', title: 'One', from: 'Work' }],
        'Move it.',
      ),
    ).toThrow(/kept “One” in its folder “Work”.*Move it\./);
  });
});

const account = (url: string, extra: Partial<AccountRecord> = {}): AccountRecord => ({
  id: 'main',
  protocol: url.includes('fever') ? 'fever' : 'greader',
  url,
  username: 'reader',
  token: 't',
  tag: `x ${url}`,
  createdAt: 0,
  lastSync: 0,
  lastError: '',
  lastErrorCode: '',
  ...extra,
});
const FRESH = 'https://rss.example.org/api/greader.php';
const folders = (...names: string[]) => ({
  groups: names.map((n) => ({ id: n, title: n })),
  feeds: names.map((n, i) => feed(`feed/${i}`, [n])),
});

describe('namedDefaultFolder', () => {
  it("names FreshRSS's category 1 by the name FreshRSS gives it, in any of its languages", () => {
    expect(namedDefaultFolder(account(FRESH), folders('Work', 'Sans catégorie'))).toBe('Sans catégorie');
    expect(namedDefaultFolder(account(FRESH), folders('未分类'))).toBe('未分类');
    // Persian: FreshRSS's translation starts with a space.
    expect(namedDefaultFolder(account(FRESH), folders(' دسته بندی نشده'))).toBe(' دسته بندی نشده');
    // Listed by a feed only (FreshRSS's tag/list leaves out empty categories, not full ones).
    expect(
      namedDefaultFolder(account(FRESH), { groups: [], feeds: [feed('feed/1', ['Uncategorized'])] }),
    ).toBe('Uncategorized');
    expect(namedDefaultFolder(account(FRESH), folders('Work'))).toBeNull();
  });

  it('keeps the folder already known while the server lists it; two candidates and none known: none', () => {
    const two = folders('Uncategorized', 'Sans catégorie');
    expect(namedDefaultFolder(account(FRESH), two)).toBeNull();
    expect(namedDefaultFolder(account(FRESH, { defaultFolder: 'Sans catégorie' }), two)).toBe(
      'Sans catégorie',
    );
    // Learned from a move, under a name the list lacks: it stays.
    expect(
      namedDefaultFolder(account(FRESH, { defaultFolder: 'Ohne' }), folders('Ohne', 'Uncategorized')),
    ).toBe('Ohne');
    // The user's language changed: the name FreshRSS now gives it.
    expect(
      namedDefaultFolder(account(FRESH, { defaultFolder: 'Sans catégorie' }), folders('Uncategorized')),
    ).toBe('Uncategorized');
  });

  it("is group 1 of FreshRSS's Fever API, and nothing on other servers", () => {
    const fever = { groups: [{ id: '1', title: 'Sans catégorie' }], feeds: [feed('1', ['1'])] };
    expect(namedDefaultFolder(account('https://rss.example.org/api/fever.php'), fever)).toBe('1');
    expect(namedDefaultFolder(account('https://mini.example.org/fever/'), fever)).toBeNull();
    expect(namedDefaultFolder(account('https://mini.example.org/'), folders('Uncategorized'))).toBeNull();
  });

  it('tells FreshRSS by its API address', () => {
    expect(isFreshRss({ url: FRESH })).toBe(true);
    expect(isFreshRss({ url: 'http://127.0.0.1:8080/freshrss/p/api/greader.php/' })).toBe(true);
    expect(isFreshRss({ url: 'https://rss.example.org/api/fever.php' })).toBe(true);
    expect(isFreshRss({ url: 'https://mini.example.org/' })).toBe(false);
    expect(isFreshRss({ url: 'https://inoreader.example/reader/api/0' })).toBe(false);
    expect(isFreshRss({ url: 'not a url' })).toBe(false);
  });

  it('or, behind a rewritten path, by what the server said of itself', () => {
    expect(isFreshRss({ url: 'https://rss.example.org/greader', server: 'freshrss' })).toBe(true);
    expect(isFreshRss({ url: 'https://rss.example.org/greader', server: 'other' })).toBe(false);
    expect(isFreshRss({ url: 'https://rss.example.org/greader' })).toBe(false);
  });
});
