import type { Feed } from '../engine/contract';

/**
 * A feed record for UI tests: feed 7, never fetched, no error; `over` sets what a test is about.
 * (The engine's own default status is worker/feeds/feeds.ts NEVER_FETCHED, which src/ may not
 * import as a value.)
 */
export function testFeed(over: Partial<Feed> = {}): Feed {
  return {
    id: 7,
    title: 'Seven',
    groupId: -1,
    siteUrl: '',
    url: 'https://seven.example/feed.xml',
    readCount: 0,
    lastFetched: 0,
    lastSuccess: 0,
    error: '',
    errorCode: '',
    httpStatus: 0,
    etag: '',
    lastModified: '',
    failures: 0,
    nextFetchAfter: 0,
    dead: false,
    bodyHash: '',
    ...over,
  };
}
