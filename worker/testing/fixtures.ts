import type { IncomingItem } from '../types';

/** An incoming item with sensible defaults; override what the test is about. */
export function incoming(over: Partial<IncomingItem> = {}): IncomingItem {
  return {
    guid: '',
    title: 'Title',
    author: 'Author',
    description: '<p>Body</p>',
    pubDate: 1_700_000_000,
    link: '',
    enclosure: null,
    ...over,
  };
}
