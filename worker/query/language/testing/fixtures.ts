import { NEVER_FETCHED } from '../../../feeds/feeds';
import type { Feed, Group } from '../../../types';
import type { PlainItem } from '../reference';

const STATUS = { ...NEVER_FETCHED, readCount: 0 };

/** A feed with default status fields. */
export function makeFeed(f: Pick<Feed, 'id' | 'title' | 'groupId'> & Partial<Feed>): Feed {
  return { siteUrl: '', url: '', ...STATUS, ...f };
}

/** A plain item with defaults; `feed`/`group` are joined from the given maps. */
export function makeItem(
  partial: Partial<PlainItem> & Pick<PlainItem, 'id' | 'feedId'>,
  feeds: Feed[],
  groups: Group[],
): PlainItem {
  const feed = feeds.find((f) => f.id === partial.feedId) ?? null;
  return {
    guid: '',
    title: '',
    author: '',
    description: '',
    pubDate: 0,
    link: '',
    enclosure: null,
    isRead: false,
    isSaved: false,
    feed,
    group: feed ? (groups.find((g) => g.id === feed.groupId) ?? null) : null,
    ...partial,
  };
}

export const GROUPS: Group[] = [
  { id: 1, title: 'Tech' },
  { id: 2, title: 'News' },
];

export const FEEDS: Feed[] = [
  makeFeed({
    id: 10,
    title: 'Rust Blog',
    groupId: 1,
    siteUrl: 'https://blog.rust-lang.org',
    url: 'https://blog.rust-lang.org/feed.xml',
  }),
  makeFeed({ id: 11, title: 'Daily', groupId: 2, url: 'https://daily.example/rss' }),
  makeFeed({ id: 12, title: 'Loner', groupId: -1 }),
];

const enclosure = (url: string) => ({ url, type: 'audio/mpeg', length: 1, duration: 0, image: '' });

/** Six items covering nulls, equal dates, an unknown feed, unicode and LIKE metacharacters. */
export const ITEMS: PlainItem[] = [
  {
    id: 1,
    feedId: 10,
    title: 'Trusty tools',
    author: 'Alice',
    description: '<p>Hello <b>World</b></p>',
    pubDate: 1000,
    link: 'https://a.example/1',
    isRead: true,
  },
  { id: 2, feedId: 10, title: 'Rust 2.0', author: '', pubDate: 2000, isSaved: true, guid: 'g-2' },
  {
    id: 3,
    feedId: 11,
    title: 'News of the day',
    author: 'Bob',
    description: 'nothing &amp; more',
    pubDate: 2000,
    enclosure: enclosure('https://a.example/x.mp3'),
    isRead: true,
    isSaved: true,
  },
  { id: 4, feedId: 12, title: '', author: 'alice', pubDate: 3000, description: 'Ünïcödé ÉTÉ' },
  { id: 5, feedId: 99, title: '100% done_ok', author: 'Carol', pubDate: 500 },
  { id: 6, feedId: 11, title: 'Zebra', author: 'Bob', pubDate: 2000, link: 'https://b.example/6' },
].map((p) => makeItem(p, FEEDS, GROUPS));
