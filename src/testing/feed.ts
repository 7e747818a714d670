import type { Feed } from '../engine/contract';
import { NEVER_FETCHED } from '../../shared/neverFetched';

/** A feed record for UI tests: feed 7, never fetched, no error; `over` sets what a test is about. */
export function testFeed(over: Partial<Feed> = {}): Feed {
  return {
    id: 7,
    title: 'Seven',
    groupId: -1,
    siteUrl: '',
    url: 'https://seven.example/feed.xml',
    readCount: 0,
    ...NEVER_FETCHED,
    ...over,
  };
}
